import { BlockType, SAMPLE_DATASET } from '@tessera/core';
import { BLOCK_KINDS, type Block, type BlockKind } from '../../model/document.js';

/**
 * Blocks with a settings form here that the model's add-block list does not offer yet (chart and
 * newsletter); each one drops out of this list once `BLOCK_KINDS` has a kind of its type.
 */
export const EXTRA_BLOCK_KINDS: readonly BlockKind[] = (
  [
    {
      key: 'chart',
      label: 'Chart',
      type: BlockType.CHART,
      variant: 'bar',
      content: { title: '', dataset: structuredClone(SAMPLE_DATASET) },
    },
    { key: 'newsletter', label: 'Newsletter', type: BlockType.NEWSLETTER, content: { formId: '' } },
  ] satisfies BlockKind[]
).filter((extra) => !BLOCK_KINDS.some((kind) => kind.type === extra.type));

/** The label of a block whose kind is one of the extras, else undefined. */
export function extraBlockLabel(block: Block): string | undefined {
  return EXTRA_BLOCK_KINDS.find((k) => k.type === block.type)?.label;
}

import type { PageDoc } from './document.js';
import { findBlock, type Operation } from './operations.js';

/** Where a dragged block is let go: before or after a block, or at the end of a section. */
export type DropTarget = { kind: 'block'; id: string; place: 'before' | 'after' } | { kind: 'section'; id: string };

/**
 * The move operation a drop stands for, or undefined when the block would stay where it is (or
 * the block or target is gone). The index is the one after the block has been taken out, which
 * is how `moveBlock` reads it. Limits (60 blocks per layout) are checked when it is applied.
 */
export function moveForDrop(doc: PageDoc, blockId: string, target: DropTarget): Operation | undefined {
  const from = findBlock(doc, blockId);
  if (!from) return undefined;
  let toSection: number;
  let to: number;
  if (target.kind === 'section') {
    toSection = doc.sections.findIndex((s) => s.id === target.id);
    if (toSection < 0) return undefined;
    const length = doc.sections[toSection]?.blocks.length ?? 0;
    to = toSection === from.section ? length - 1 : length;
  } else {
    if (target.id === blockId) return undefined;
    const over = findBlock(doc, target.id);
    if (!over) return undefined;
    toSection = over.section;
    to = over.index + (target.place === 'after' ? 1 : 0);
    if (toSection === from.section && from.index < over.index) to -= 1;
  }
  if (toSection === from.section && to === from.index) return undefined;
  return { op: 'moveBlock', section: from.section, from: from.index, toSection, to };
}

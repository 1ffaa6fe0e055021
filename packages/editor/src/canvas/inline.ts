import { BlockType } from '@tessera/core';
import type { Block, PageDoc } from '../model/document.js';
import { findBlock, type Operation } from '../model/operations.js';
import { cleanPlain } from './inline-text.js';

export { cleanPlain };

/**
 * Editing text on the canvas (issue 21): which blocks can be edited in the preview, where their text
 * is in the theme's markup, and how one editing burst becomes one undoable step. Pure: the Lexical
 * session (`InlineEditor.tsx`) and the canvas (`ui/Canvas.tsx`) do the DOM side.
 */

/** One block's text that can be edited in place. */
export interface InlineField {
  /** `rich`: HTML with formatting, lists and links (the text block). `plain`: one line of text. */
  kind: 'rich' | 'plain';
  /** The content field the text is stored in. */
  key: 'html' | 'text' | 'label';
  /** The element holding the text inside the block's rendered partial (`themes/default/partials/blocks`). */
  selector: string;
  /** The heading block: its level (1–4) can be changed from the toolbar. */
  level?: number;
}

/** The inline-editable text of `block`, or undefined (images, forms and the rest are edited in the side form). */
export function inlineField(block: Block): InlineField | undefined {
  if (block.type === BlockType.HTML && block.variant === 'heading') {
    const level = Math.min(4, Math.max(1, Number(block.content.level) || 2));
    return { kind: 'plain', key: 'text', selector: '.block-heading', level };
  }
  if (block.type === BlockType.HTML && block.variant === undefined)
    return { kind: 'rich', key: 'html', selector: '.block--html' };
  if (block.type === BlockType.QUOTE) return { kind: 'plain', key: 'text', selector: '.quote-block__text > p' };
  if (block.type === BlockType.BUTTON) return { kind: 'plain', key: 'label', selector: 'a.button' };
  return undefined;
}

/** The stored text of an inline field (what the editing session starts from). */
export function inlineValue(block: Block, field: InlineField): string {
  const value = block.content[field.key];
  return typeof value === 'string' ? value : '';
}

/** What one editing burst changed: the text (HTML for a rich field) and, for a heading, its level. */
export interface InlineChange {
  value: string;
  level?: number;
}

/** The operations that store `change` in the block, only for what differs (none: nothing to undo). */
export function inlineOperations(doc: PageDoc, blockId: string, change: InlineChange): Operation[] {
  const path = findBlock(doc, blockId);
  if (!path) return [];
  const block = doc.sections[path.section]?.blocks[path.index] as Block;
  const field = inlineField(block);
  if (!field) return [];
  const value = field.kind === 'plain' ? cleanPlain(change.value) : change.value;
  const operations: Operation[] = [];
  if (value !== inlineValue(block, field))
    operations.push({ op: 'setBlockField', ...path, area: 'content', key: field.key, value });
  if (field.level !== undefined && change.level !== undefined && change.level !== field.level) {
    const level = Math.min(4, Math.max(1, Math.round(change.level)));
    operations.push({ op: 'setBlockField', ...path, area: 'content', key: 'level', value: level });
  }
  return operations;
}

export const INLINE_EDIT_LABEL = 'Edited text on the page';

import { EDITOR_LIMITS } from '@tessera/core';
import type { Block, PageDoc, Section } from './document.js';

/**
 * Edit operations as data. Each one is a plain object; `applyOperation` turns it into a mutation of an
 * immer draft, so every edit (by menu, keyboard or settings field) goes through one place and is
 * recorded as patches for undo.
 */
export type Operation =
  | { op: 'addSection'; index: number; section: Section }
  | { op: 'removeSection'; index: number }
  | { op: 'moveSection'; from: number; to: number }
  | { op: 'setSectionSetting'; section: number; key: string; value: unknown }
  | { op: 'addBlock'; section: number; index: number; block: Block }
  | { op: 'removeBlock'; section: number; index: number }
  | { op: 'moveBlock'; section: number; from: number; toSection: number; to: number }
  | { op: 'setBlockField'; section: number; index: number; area: 'settings' | 'content'; key: string; value: unknown }
  | { op: 'setBlockVariant'; section: number; index: number; variant: string | undefined }
  | {
      op: 'replaceBlockArea';
      section: number;
      index: number;
      area: 'settings' | 'content';
      value: Record<string, unknown>;
    };

export class OperationError extends Error {}

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(index, length));

function sectionAt(doc: PageDoc, index: number): Section {
  const section = doc.sections[index];
  if (!section) throw new OperationError(`No section ${index}`);
  return section;
}

function blockAt(doc: PageDoc, section: number, index: number): Block {
  const block = sectionAt(doc, section).blocks[index];
  if (!block) throw new OperationError(`No block ${section}:${index}`);
  return block;
}

/** Applies one operation to a (draft) document in place. Throws OperationError when it does not fit. */
export function applyOperation(doc: PageDoc, operation: Operation): void {
  switch (operation.op) {
    case 'addSection':
      if (doc.sections.length >= EDITOR_LIMITS.maxSectionsPerPage) throw new OperationError('Too many sections');
      doc.sections.splice(clampIndex(operation.index, doc.sections.length), 0, operation.section);
      return;
    case 'removeSection':
      sectionAt(doc, operation.index);
      doc.sections.splice(operation.index, 1);
      return;
    case 'moveSection': {
      const [moved] = doc.sections.splice(operation.from, 1);
      if (!moved) throw new OperationError('No section to move');
      doc.sections.splice(clampIndex(operation.to, doc.sections.length), 0, moved);
      return;
    }
    case 'setSectionSetting':
      sectionAt(doc, operation.section).settings[operation.key] = operation.value;
      return;
    case 'addBlock': {
      const section = sectionAt(doc, operation.section);
      if (section.blocks.length >= EDITOR_LIMITS.maxBlocksPerLayout)
        throw new OperationError('A layout holds at most 60 blocks.');
      section.blocks.splice(clampIndex(operation.index, section.blocks.length), 0, operation.block);
      return;
    }
    case 'removeBlock':
      blockAt(doc, operation.section, operation.index);
      sectionAt(doc, operation.section).blocks.splice(operation.index, 1);
      return;
    case 'moveBlock': {
      const target = sectionAt(doc, operation.toSection);
      if (operation.toSection !== operation.section && target.blocks.length >= EDITOR_LIMITS.maxBlocksPerLayout)
        throw new OperationError('A layout holds at most 60 blocks.');
      blockAt(doc, operation.section, operation.from);
      const [moved] = sectionAt(doc, operation.section).blocks.splice(operation.from, 1);
      target.blocks.splice(clampIndex(operation.to, target.blocks.length), 0, moved as Block);
      return;
    }
    case 'setBlockField':
      blockAt(doc, operation.section, operation.index)[operation.area][operation.key] = operation.value;
      return;
    case 'setBlockVariant': {
      const block = blockAt(doc, operation.section, operation.index);
      if (operation.variant === undefined) delete block.variant;
      else block.variant = operation.variant;
      return;
    }
    case 'replaceBlockArea':
      blockAt(doc, operation.section, operation.index)[operation.area] = operation.value;
      return;
  }
}

/** Where a block is: section and index. */
export interface BlockPath {
  section: number;
  index: number;
}

export function findBlock(doc: PageDoc, id: string): BlockPath | undefined {
  for (const [s, section] of doc.sections.entries()) {
    const index = section.blocks.findIndex((b) => b.id === id);
    if (index >= 0) return { section: s, index };
  }
  return undefined;
}

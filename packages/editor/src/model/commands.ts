import { type DevicePreview, EDITOR_LIMITS, EDITOR_MESSAGES } from '@tessera/core';
import { type Block, type BlockKind, blockLabel, localId, newBlock, newSection, type PageDoc } from './document.js';
import { canRedo, canUndo, type History, perform, redo, undo } from './history.js';
import { findBlock, type Operation } from './operations.js';

/** Everything a command reads and returns. */
export interface EditorState {
  history: History;
  /** The selected block's id, or the selected section's id with `kind: 'section'`. */
  selection: { kind: 'block' | 'section'; id: string } | null;
  device: DevicePreview;
  /** The last message for the live region (what a command did, or why it could not). */
  announcement: string;
}

/**
 * An editor command (STYLE "Editor commands are data"): the toolbar, the menus, the shortcuts
 * and undo all read this one list. `perform` is pure: it answers the next state. The keys that run
 * a command are in `shortcuts.ts`'s table.
 */
export interface Command {
  name: string;
  label: string;
  enabled: (state: EditorState) => boolean;
  perform: (state: EditorState) => EditorState;
}

export function initialState(doc: PageDoc): EditorState {
  return { history: { doc, past: [], future: [] }, selection: null, device: 'desktop', announcement: '' };
}

/** Applies operations as one undoable step, keeping the state when an operation does not fit. */
export function edit(
  state: EditorState,
  label: string,
  operations: Operation[],
  selection = state.selection,
  coalesce?: string,
): EditorState {
  try {
    const history = perform(state.history, label, operations, coalesce);
    return { ...state, history, selection, announcement: label };
  } catch (error) {
    return { ...state, announcement: error instanceof Error ? error.message : String(error) };
  }
}

function selectedBlock(state: EditorState) {
  if (state.selection?.kind !== 'block') return undefined;
  const path = findBlock(state.history.doc, state.selection.id);
  if (!path) return undefined;
  const block = state.history.doc.sections[path.section]?.blocks[path.index] as Block;
  return { ...path, block };
}

function selectedSectionIndex(state: EditorState): number {
  if (!state.selection) return -1;
  if (state.selection.kind === 'section')
    return state.history.doc.sections.findIndex((s) => s.id === state.selection?.id);
  return selectedBlock(state)?.section ?? -1;
}

/** Moves the selected block by `delta` places, crossing into the next or previous section at the ends. */
function moveSelected(state: EditorState, delta: -1 | 1): EditorState {
  const found = selectedBlock(state);
  if (!found) return state;
  const { sections } = state.history.doc;
  const count = sections[found.section]?.blocks.length ?? 0;
  const to = found.index + delta;
  if (to >= 0 && to < count) {
    return edit(state, `Moved block ${delta < 0 ? 'up' : 'down'}`, [
      { op: 'moveBlock', section: found.section, from: found.index, toSection: found.section, to },
    ]);
  }
  const toSection = found.section + delta;
  if (toSection < 0 || toSection >= sections.length)
    return { ...state, announcement: 'The block cannot move further.' };
  const index = delta < 0 ? (sections[toSection]?.blocks.length ?? 0) : 0;
  return edit(state, `Moved block to section ${toSection + 1}`, [
    { op: 'moveBlock', section: found.section, from: found.index, toSection, to: index },
  ]);
}

function moveSection(state: EditorState, delta: -1 | 1): EditorState {
  const from = selectedSectionIndex(state);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= state.history.doc.sections.length) return state;
  return edit(state, `Moved section ${delta < 0 ? 'up' : 'down'}`, [{ op: 'moveSection', from, to }]);
}

type Selection = NonNullable<EditorState['selection']>;

/** Everything that can be selected, in the layers list's order: each section, then its blocks. */
function selectionOrder(doc: PageDoc): Selection[] {
  return doc.sections.flatMap((section): Selection[] => [
    { kind: 'section', id: section.id },
    ...section.blocks.map((block): Selection => ({ kind: 'block', id: block.id })),
  ]);
}

function describeSelection(doc: PageDoc, selection: Selection): string {
  const s = doc.sections.findIndex((section) =>
    selection.kind === 'section' ? section.id === selection.id : section.blocks.some((b) => b.id === selection.id),
  );
  const blocks = doc.sections[s]?.blocks ?? [];
  const b = blocks.findIndex((block) => block.id === selection.id);
  return selection.kind === 'section' || b < 0
    ? `Section ${s + 1} selected`
    : `${blockLabel(blocks[b] as Block)} block selected, ${b + 1} of ${blocks.length} in section ${s + 1}`;
}

/** Moves the selection to the previous or next section or block; a selection that is gone starts at the end. */
function stepSelection(state: EditorState, delta: -1 | 1): EditorState {
  const order = selectionOrder(state.history.doc);
  const at = order.findIndex((item) => item.kind === state.selection?.kind && item.id === state.selection.id);
  const to = at < 0 ? (delta < 0 ? order.length - 1 : 0) : at + delta;
  const next = order[to];
  if (!next) return { ...state, announcement: delta < 0 ? 'Already at the top.' : 'Already at the end.' };
  return { ...state, selection: next, announcement: describeSelection(state.history.doc, next) };
}

export const COMMANDS: readonly Command[] = [
  {
    name: 'selectPrevious',
    label: 'Select previous',
    enabled: (s) => s.selection !== null && s.history.doc.sections.length > 0,
    perform: (s) => stepSelection(s, -1),
  },
  {
    name: 'selectNext',
    label: 'Select next',
    enabled: (s) => s.selection !== null && s.history.doc.sections.length > 0,
    perform: (s) => stepSelection(s, 1),
  },
  {
    name: 'undo',
    label: 'Undo',
    enabled: (s) => canUndo(s.history),
    perform: (s) => ({
      ...s,
      history: undo(s.history),
      announcement: `Undid ${s.history.past.at(-1)?.label ?? ''}`.trim(),
    }),
  },
  {
    name: 'redo',
    label: 'Redo',
    enabled: (s) => canRedo(s.history),
    perform: (s) => ({
      ...s,
      history: redo(s.history),
      announcement: `Redid ${s.history.future.at(-1)?.label ?? ''}`.trim(),
    }),
  },
  {
    name: 'moveBlockUp',
    label: 'Move block up',
    enabled: (s) => selectedBlock(s) !== undefined,
    perform: (s) => moveSelected(s, -1),
  },
  {
    name: 'moveBlockDown',
    label: 'Move block down',
    enabled: (s) => selectedBlock(s) !== undefined,
    perform: (s) => moveSelected(s, 1),
  },
  {
    name: 'moveSectionUp',
    label: 'Move section up',
    enabled: (s) => selectedSectionIndex(s) > 0,
    perform: (s) => moveSection(s, -1),
  },
  {
    name: 'moveSectionDown',
    label: 'Move section down',
    enabled: (s) => selectedSectionIndex(s) >= 0 && selectedSectionIndex(s) < s.history.doc.sections.length - 1,
    perform: (s) => moveSection(s, 1),
  },
  {
    name: 'duplicateBlock',
    label: 'Duplicate block',
    enabled: (s) => selectedBlock(s) !== undefined,
    perform: (s) => {
      const found = selectedBlock(s);
      if (!found) return s;
      const copy = { ...structuredClone(found.block), id: localId('b') };
      return edit(
        s,
        'Duplicated block',
        [{ op: 'addBlock', section: found.section, index: found.index + 1, block: copy }],
        {
          kind: 'block',
          id: copy.id,
        },
      );
    },
  },
  {
    name: 'deleteBlock',
    label: 'Delete block',
    enabled: (s) => selectedBlock(s) !== undefined,
    perform: (s) => {
      const found = selectedBlock(s);
      if (!found) return s;
      // The next block (or the one before, or the section) is selected, so Delete and the arrows go on from there.
      const blocks = s.history.doc.sections[found.section]?.blocks ?? [];
      const neighbour = blocks[found.index + 1] ?? blocks[found.index - 1];
      const sectionId = s.history.doc.sections[found.section]?.id as string;
      return edit(
        s,
        'Deleted block',
        [{ op: 'removeBlock', section: found.section, index: found.index }],
        neighbour ? { kind: 'block', id: neighbour.id } : { kind: 'section', id: sectionId },
      );
    },
  },
  {
    name: 'addSection',
    label: 'Add section',
    enabled: () => true,
    perform: (s) => {
      const index = selectedSectionIndex(s);
      const section = newSection();
      return edit(
        s,
        'Added section',
        [{ op: 'addSection', index: index < 0 ? s.history.doc.sections.length : index + 1, section }],
        {
          kind: 'section',
          id: section.id,
        },
      );
    },
  },
  {
    name: 'deleteSection',
    label: 'Delete section',
    enabled: (s) => s.selection?.kind === 'section' && selectedSectionIndex(s) >= 0,
    perform: (s) => edit(s, 'Deleted section', [{ op: 'removeSection', index: selectedSectionIndex(s) }], null),
  },
  {
    name: 'deselect',
    label: 'Clear selection',
    enabled: (s) => s.selection !== null,
    perform: (s) => ({ ...s, selection: null }),
  },
  ...(['desktop', 'tablet', 'phone'] as const).map(
    (device): Command => ({
      name: `preview-${device}`,
      label: `Preview as ${device}`,
      enabled: (s) => s.device !== device,
      perform: (s) => ({ ...s, device, announcement: `Previewing as ${device}` }),
    }),
  ),
];

/** The section a new block goes in: the selected one (or the selected block's), else the last. */
function targetSection(state: EditorState): number {
  const selected = selectedSectionIndex(state);
  return selected >= 0 ? selected : state.history.doc.sections.length - 1;
}

/** A new block fits: its section (or a new one) holds fewer than the editor's limit. */
export function canAddBlock(state: EditorState): boolean {
  const section = state.history.doc.sections[targetSection(state)];
  return (section?.blocks.length ?? 0) < EDITOR_LIMITS.maxBlocksPerLayout;
}

/**
 * The edit that adds a new block of `kind` (the add-block menu of the page editor and of the post
 * screen): after the selected block, else at the end of the selected or last section; a page without
 * sections gets one. The new block is selected.
 */
export function addBlockEdit(
  state: EditorState,
  kind: BlockKind,
): { label: string; operations: Operation[]; selection: NonNullable<EditorState['selection']> } {
  const created = newBlock(kind);
  const label = `Added ${kind.label}`;
  const selection = { kind: 'block', id: created.id } as const;
  const section = targetSection(state);
  if (section < 0) {
    const first = newSection();
    return {
      label,
      operations: [
        { op: 'addSection', index: 0, section: first },
        { op: 'addBlock', section: 0, index: 0, block: created },
      ],
      selection,
    };
  }
  const found = selectedBlock(state);
  const index = found ? found.index + 1 : (state.history.doc.sections[section]?.blocks.length ?? 0);
  return {
    label,
    operations: [{ op: 'addBlock', section: found?.section ?? section, index, block: created }],
    selection,
  };
}

/** Adds a new block of `kind` as one undoable step (addBlockEdit). */
export function addBlock(state: EditorState, kind: BlockKind): EditorState {
  if (!canAddBlock(state)) return { ...state, announcement: EDITOR_MESSAGES.tooManyBlocks };
  const { label, operations, selection } = addBlockEdit(state, kind);
  return edit(state, label, operations, selection);
}

export function commandNamed(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new Error(`Unknown command ${name}`);
  return command;
}

/** Runs a command by name when it is enabled. */
export function run(state: EditorState, name: string): EditorState {
  const command = commandNamed(name);
  return command.enabled(state) ? command.perform(state) : state;
}

import { describe, expect, it } from 'vitest';
import { COMMANDS, type EditorState, initialState } from './commands.js';
import { normalizeDoc } from './document.js';
import {
  chordText,
  detectPlatform,
  type KeyContext,
  type KeyLike,
  NO_FOCUS,
  resolveKey,
  SHORTCUTS,
  shortcutText,
} from './shortcuts.js';

const doc = () =>
  normalizeDoc([
    {
      id: 's1',
      blocks: [
        { id: 'a', type: 2, content: { html: 'A' } },
        { id: 'b', type: 2, content: { html: 'B' } },
      ],
    },
    { id: 's2', blocks: [{ id: 'c', type: 31, content: { text: 'C' } }] },
  ]);
const selected = (id: string, kind: 'block' | 'section' = 'block'): EditorState => ({
  ...initialState(doc()),
  selection: { kind, id },
});
/** The name of what a key does: a command's name or a view action. */
const actionFor = (event: KeyLike, state: EditorState, context: KeyContext = NO_FOCUS) => {
  const outcome = resolveKey(event, context, state);
  if (outcome?.kind === 'held') return 'held';
  return outcome?.kind === 'command' ? outcome.command.name : outcome?.action;
};
const ids = (state: EditorState) => state.history.doc.sections.map((s) => s.blocks.map((b) => b.id).join(''));
const press = (state: EditorState, event: KeyLike): EditorState => {
  const outcome = resolveKey(event, NO_FOCUS, state);
  if (outcome?.kind !== 'command') throw new Error(`${event.key} runs no command`);
  return outcome.command.perform(state);
};

describe('keyboard shortcuts', () => {
  it('maps every key of the brief to its command, with Ctrl or ⌘', () => {
    const state = selected('a');
    expect(actionFor({ key: 'ArrowDown' }, state)).toBe('selectNext');
    expect(actionFor({ key: 'ArrowUp' }, state)).toBe('selectPrevious');
    expect(actionFor({ key: 'Enter' }, state)).toBe('startEditing');
    expect(actionFor({ key: 'Escape' }, state)).toBe('deselect');
    expect(actionFor({ key: 'Delete' }, state)).toBe('deleteBlock');
    expect(actionFor({ key: 'Backspace' }, state)).toBe('deleteBlock');
    expect(actionFor({ key: 'd', ctrlKey: true }, state)).toBe('duplicateBlock');
    expect(actionFor({ key: 'd', metaKey: true }, state)).toBe('duplicateBlock');
    expect(actionFor({ key: 'ArrowDown', altKey: true }, state)).toBe('moveBlockDown');
    expect(actionFor({ key: 'ArrowDown', altKey: true, shiftKey: true }, state)).toBe('moveSectionDown');
    expect(actionFor({ key: '?', shiftKey: true }, state)).toBe('showShortcuts');
    expect(actionFor({ key: '?' }, state)).toBe('showShortcuts');
    // ⌥1 types "¡" on a Mac: the physical key still counts.
    const phone: EditorState = { ...state, device: 'phone' };
    expect(actionFor({ key: '¡', code: 'Digit1', metaKey: true, altKey: true }, phone)).toBe('preview-desktop');
    expect(actionFor({ key: '2', ctrlKey: true, altKey: true }, state)).toBe('preview-tablet');
    // Keys that are not shortcuts, or a Shift that changes the meaning.
    expect(actionFor({ key: 'x' }, state)).toBeUndefined();
    expect(actionFor({ key: 'd' }, state)).toBeUndefined();
    expect(actionFor({ key: 'D', ctrlKey: true, shiftKey: true }, state)).toBeUndefined();
  });

  it('undoes and redoes with Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, and only when there is something to undo', () => {
    let state = selected('b');
    expect(actionFor({ key: 'z', ctrlKey: true }, state)).toBeUndefined();
    state = press(state, { key: 'Delete' });
    expect(ids(state)).toEqual(['a', 'c']);
    expect(actionFor({ key: 'z', ctrlKey: true, shiftKey: true }, state)).toBeUndefined();
    state = press(state, { key: 'z', metaKey: true });
    expect(ids(state)).toEqual(['ab', 'c']);
    expect(actionFor({ key: 'Z', ctrlKey: true, shiftKey: true }, state)).toBe('redo');
    expect(actionFor({ key: 'y', ctrlKey: true }, state)).toBe('redo');
    state = press(state, { key: 'y', ctrlKey: true });
    expect(ids(state)).toEqual(['a', 'c']);
  });

  it('walks the selection through sections and blocks in layer order, and stops at the ends', () => {
    let state = selected('b');
    state = press(state, { key: 'ArrowDown' });
    expect(state.selection).toEqual({ kind: 'section', id: 's2' });
    expect(state.announcement).toBe('Section 2 selected');
    state = press(state, { key: 'ArrowDown' });
    expect(state.selection).toEqual({ kind: 'block', id: 'c' });
    const end = press(state, { key: 'ArrowDown' });
    expect(end.selection).toEqual({ kind: 'block', id: 'c' });
    expect(end.announcement).toBe('Already at the end.');
    state = press(press(press(state, { key: 'ArrowUp' }), { key: 'ArrowUp' }), { key: 'ArrowUp' });
    expect(state.selection).toEqual({ kind: 'block', id: 'a' });
    expect(state.announcement).toMatch(/block selected, 1 of 2 in section 1$/);
    expect(press(state, { key: 'ArrowUp' }).selection).toEqual({ kind: 'section', id: 's1' });
    // Moving the selection is not an edit: nothing to undo.
    expect(state.history.past).toHaveLength(0);
    // With nothing selected the arrows are left to the page (they scroll the preview).
    expect(actionFor({ key: 'ArrowDown' }, initialState(doc()))).toBeUndefined();
  });

  it('duplicates, deletes (selecting the neighbour) and restores with undo', () => {
    let state = selected('a');
    state = press(state, { key: 'd', ctrlKey: true });
    expect(state.history.doc.sections[0].blocks).toHaveLength(3);
    const copy = state.selection?.id;
    expect(state.history.doc.sections[0].blocks[1].id).toBe(copy);
    state = press(state, { key: 'Backspace' });
    expect(ids(state)).toEqual(['ab', 'c']);
    expect(state.selection).toEqual({ kind: 'block', id: 'b' });
    state = press(state, { key: 'Delete' });
    expect(state.selection).toEqual({ kind: 'block', id: 'a' });
    state = press({ ...state, selection: { kind: 'block', id: 'c' } }, { key: 'Delete' });
    expect(state.selection).toEqual({ kind: 'section', id: 's2' });
    // A selected section is not deleted by Delete (that stays a button), and Enter edits its settings.
    expect(actionFor({ key: 'Delete' }, state)).toBeUndefined();
    expect(actionFor({ key: 'Enter' }, state)).toBe('startEditing');
    state = press(press(press(state, { key: 'z', ctrlKey: true }), { key: 'z', ctrlKey: true }), {
      key: 'z',
      ctrlKey: true,
    });
    expect(ids(state)).toEqual([`a${copy}b`, 'c']);
  });

  it('leaves keys to text fields, and Escape in the form stops editing', () => {
    const state = selected('a');
    const typing: KeyContext = { ...NO_FOCUS, typing: true };
    for (const event of [
      { key: 'z', ctrlKey: true },
      { key: 'z', ctrlKey: true, shiftKey: true },
      { key: 'y', ctrlKey: true },
      { key: 'd', ctrlKey: true },
      { key: 'Delete' },
      { key: 'Backspace' },
      { key: 'ArrowDown' },
      { key: 'ArrowDown', altKey: true },
      { key: 'Enter' },
      { key: '?' },
      { key: 'Escape' },
    ])
      expect(actionFor(event, state, typing), event.key).toBeUndefined();
    const editing: KeyContext = { ...typing, editing: true };
    expect(actionFor({ key: 'Escape' }, state, editing)).toBe('stopEditing');
    expect(actionFor({ key: 'z', ctrlKey: true }, state, editing)).toBeUndefined();
    // On a button in the form (not typing) Escape still goes back to the page, and undo works.
    const onButton: KeyContext = { ...NO_FOCUS, editing: true, ownKeys: ['Enter', ' '] };
    expect(actionFor({ key: 'Escape' }, state, onButton)).toBe('stopEditing');
    expect(actionFor({ key: 'Enter' }, state, onButton)).toBeUndefined();
  });

  it('repeats moves and undo while a key is held, but deletes and duplicates once per press', () => {
    const state = selected('a');
    expect(actionFor({ key: 'ArrowDown', repeat: true }, state)).toBe('selectNext');
    expect(resolveKey({ key: 'Delete', repeat: true }, NO_FOCUS, state)).toEqual({ kind: 'held' });
    expect(resolveKey({ key: 'd', ctrlKey: true, repeat: true }, NO_FOCUS, state)).toEqual({ kind: 'held' });
  });

  it('leaves keys to the element that uses them, and everything to an open dialog', () => {
    const state = selected('a');
    const handle: KeyContext = { ...NO_FOCUS, ownKeys: ['Enter', ' ', 'ArrowUp', 'ArrowDown'] };
    expect(actionFor({ key: 'ArrowDown' }, state, handle)).toBeUndefined();
    expect(actionFor({ key: 'Enter' }, state, handle)).toBeUndefined();
    expect(actionFor({ key: 'ArrowDown', altKey: true }, state, handle)).toBe('moveBlockDown');
    expect(actionFor({ key: 'Delete' }, state, handle)).toBe('deleteBlock');
    const modal: KeyContext = { ...NO_FOCUS, modalOpen: true };
    expect(actionFor({ key: 'z', ctrlKey: true }, selected('a'), modal)).toBeUndefined();
    expect(actionFor({ key: 'Escape' }, state, modal)).toBeUndefined();
  });

  it('names every action that exists, and labels keys for the platform', () => {
    const names = new Set([...COMMANDS.map((c) => c.name), 'startEditing', 'stopEditing', 'showShortcuts']);
    for (const shortcut of SHORTCUTS) expect(names.has(shortcut.action), shortcut.action).toBe(true);
    expect(shortcutText('redo', 'other')).toBe('Ctrl+Shift+Z or Ctrl+Y');
    expect(shortcutText('redo', 'mac')).toBe('⇧⌘Z or ⌘Y');
    expect(shortcutText('moveSectionUp', 'other')).toBe('Alt+Shift+↑');
    expect(shortcutText('moveSectionUp', 'mac')).toBe('⌥⇧↑');
    expect(shortcutText('preview-phone', 'other')).toBe('Ctrl+Alt+3');
    expect(shortcutText('deleteBlock', 'mac')).toBe('⌦ or ⌫');
    expect(chordText({ key: '?', shift: 'any' }, 'other')).toBe('?');
    expect(shortcutText('addSection', 'other')).toBeUndefined();
    expect(detectPlatform({ platform: 'MacIntel' })).toBe('mac');
    expect(detectPlatform({ platform: 'Linux x86_64', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe('other');
    expect(detectPlatform(undefined)).toBe('other');
  });
});

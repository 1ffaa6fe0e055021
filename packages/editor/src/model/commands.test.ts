import { validatePageSettings } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { type EditorState, edit, initialState, run } from './commands.js';
import { normalizeDoc } from './document.js';
import { type KeyLike, NO_FOCUS, resolveKey } from './shortcuts.js';

/** The command a key press runs with focus outside any field. */
const commandForKey = (event: KeyLike, state: EditorState) => {
  const outcome = resolveKey(event, NO_FOCUS, state);
  return outcome?.kind === 'command' ? outcome.command : undefined;
};

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
const ids = (state: ReturnType<typeof initialState>) =>
  state.history.doc.sections.map((s) => s.blocks.map((b) => b.id).join(''));

describe('editor commands', () => {
  it('moves the selected block by keyboard, across sections, and undoes and redoes the moves', () => {
    let state: EditorState = { ...initialState(doc()), selection: { kind: 'block', id: 'a' } };
    const down = commandForKey({ key: 'ArrowDown', altKey: true }, state);
    expect(down?.name).toBe('moveBlockDown');
    state = down!.perform(state);
    expect(ids(state)).toEqual(['ba', 'c']);
    state = run(state, 'moveBlockDown');
    expect(ids(state)).toEqual(['b', 'ac']);
    state = run(state, 'moveBlockUp');
    expect(ids(state)).toEqual(['ba', 'c']);
    state = commandForKey({ key: 'z', ctrlKey: true }, state)!.perform(state);
    expect(ids(state)).toEqual(['b', 'ac']);
    state = commandForKey({ key: 'z', metaKey: true, shiftKey: true }, state)!.perform(state);
    expect(ids(state)).toEqual(['ba', 'c']);
  });

  it('does nothing at the edges and says why', () => {
    const state = { ...initialState(doc()), selection: { kind: 'block' as const, id: 'c' } };
    const after = run(state, 'moveBlockDown');
    expect(after.history).toBe(state.history);
    expect(after.announcement).toBe('The block cannot move further.');
  });

  it('duplicates and deletes the selected block, and adds sections after the selected one', () => {
    let state: EditorState = { ...initialState(doc()), selection: { kind: 'block', id: 'b' } };
    state = run(state, 'duplicateBlock');
    expect(state.history.doc.sections[0].blocks).toHaveLength(3);
    expect(state.selection?.id).not.toBe('b');
    state = run(state, 'deleteBlock');
    expect(ids(state)).toEqual(['ab', 'c']);
    state = { ...state, selection: { kind: 'block', id: 'a' } };
    state = run(state, 'addSection');
    expect(state.history.doc.sections).toHaveLength(3);
    expect(state.history.doc.sections[1].blocks).toHaveLength(0);
    expect(state.selection?.kind).toBe('section');
  });

  it('switches device previews and reports a refused edit', () => {
    let state = initialState(doc());
    state = commandForKey({ key: '3', ctrlKey: true, altKey: true }, state)!.perform(state);
    expect(state.device).toBe('phone');
    const refused = edit(state, 'x', [{ op: 'removeBlock', section: 5, index: 0 }]);
    expect(refused.history).toBe(state.history);
    expect(refused.announcement).toBe('No section 5');
  });
});

describe('page settings validation', () => {
  it('uses the SPEC message for a bad URL slug', () => {
    expect(validatePageSettings({ slug: 'About Us' })).toEqual({
      ok: false,
      errors: { slug: 'About Us is not a valid page URL' },
    });
    expect(validatePageSettings({ slug: 'api' })).toEqual({
      ok: false,
      errors: { slug: 'api is not a valid page URL' },
    });
    expect(validatePageSettings({ slug: 'about-us' })).toEqual({ ok: true, value: { slug: 'about-us' } });
  });

  it('needs a date for Scheduled and refuses unknown statuses', () => {
    expect(validatePageSettings({ status: 'scheduled' }).ok).toBe(false);
    const ok = validatePageSettings({ status: 'scheduled', publishAt: '2030-01-02T03:04:00Z' });
    expect(ok).toEqual({ ok: true, value: { status: 'scheduled', publishAt: '2030-01-02T03:04:00.000Z' } });
    expect(validatePageSettings({ status: 'hidden' })).toEqual({
      ok: false,
      errors: { status: 'hidden is not one of the expected options' },
    });
    expect(validatePageSettings({ title: '  ' })).toEqual({
      ok: false,
      errors: { title: 'Please enter a page title.' },
    });
  });
});

import { EDITOR_MESSAGES } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { edit, initialState } from './commands.js';
import { normalizeDoc, type PageDoc } from './document.js';
import { type DropTarget, moveForDrop } from './drop.js';

const doc = () =>
  normalizeDoc([
    { id: 's1', blocks: ['a', 'b', 'c'].map((id) => ({ id, type: 2, content: { html: id } })) },
    { id: 's2', blocks: [{ id: 'd', type: 2, content: { html: 'd' } }] },
    { id: 's3', blocks: [] },
  ]);
const ids = (d: PageDoc) => d.sections.map((s) => s.blocks.map((b) => b.id).join(''));

/** Drops `id` on `target` through the editor's one edit path, answering the layout after it. */
function drop(id: string, target: DropTarget, start = doc()) {
  const operation = moveForDrop(start, id, target);
  if (!operation) return { operation, layout: ids(start) };
  const state = edit(initialState(start), 'Moved block', [operation]);
  return { operation, state, layout: ids(state.history.doc) };
}

describe('dropping a block on the canvas', () => {
  it('moves within a section, before or after the block it is let go over', () => {
    expect(drop('a', { kind: 'block', id: 'c', place: 'after' }).layout).toEqual(['bca', 'd', '']);
    expect(drop('a', { kind: 'block', id: 'c', place: 'before' }).layout).toEqual(['bac', 'd', '']);
    expect(drop('c', { kind: 'block', id: 'a', place: 'before' }).layout).toEqual(['cab', 'd', '']);
    expect(drop('c', { kind: 'block', id: 'a', place: 'after' }).layout).toEqual(['acb', 'd', '']);
  });

  it('moves across sections and into an empty section', () => {
    expect(drop('b', { kind: 'block', id: 'd', place: 'before' }).layout).toEqual(['ac', 'bd', '']);
    expect(drop('d', { kind: 'block', id: 'a', place: 'after' }).layout).toEqual(['adbc', '', '']);
    expect(drop('a', { kind: 'section', id: 's3' }).layout).toEqual(['bc', 'd', 'a']);
    expect(drop('a', { kind: 'section', id: 's1' }).layout).toEqual(['bca', 'd', '']);
  });

  it('does nothing when the block would stay in place or is dropped on itself', () => {
    expect(drop('a', { kind: 'block', id: 'b', place: 'before' }).operation).toBeUndefined();
    expect(drop('b', { kind: 'block', id: 'a', place: 'after' }).operation).toBeUndefined();
    expect(drop('b', { kind: 'block', id: 'b', place: 'after' }).operation).toBeUndefined();
    expect(drop('c', { kind: 'section', id: 's1' }).operation).toBeUndefined();
    expect(drop('gone', { kind: 'section', id: 's1' }).operation).toBeUndefined();
  });

  it('is one undoable step, and refuses a section that already holds 60 blocks', () => {
    const moved = drop('a', { kind: 'block', id: 'd', place: 'after' });
    expect(moved.state?.history.past).toHaveLength(1);
    const full = doc();
    full.sections[1].blocks = Array.from({ length: 60 }, (_, i) => ({
      id: `f${i}`,
      type: 2,
      settings: {},
      content: {},
    }));
    const refused = drop('a', { kind: 'block', id: 'f0', place: 'before' }, full);
    expect(refused.state?.history.past).toHaveLength(0);
    expect(refused.state?.announcement).toBe(EDITOR_MESSAGES.tooManyBlocks);
    expect(refused.layout[0]).toBe('abc');
  });
});

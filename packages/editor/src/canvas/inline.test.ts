import { BlockType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { type EditorState, edit, initialState, run } from '../model/commands.js';
import { normalizeDoc } from '../model/document.js';
import { cleanPlain, INLINE_EDIT_LABEL, type InlineChange, inlineField, inlineOperations } from './inline.js';

/** What the canvas does when a burst ends: the burst's operations, applied as one edit (none: no step). */
const commitInline = (state: EditorState, blockId: string, change: InlineChange) => {
  const operations = inlineOperations(state.history.doc, blockId, change);
  return operations.length ? edit(state, INLINE_EDIT_LABEL, operations) : state;
};

const doc = () =>
  normalizeDoc([
    {
      id: 's1',
      blocks: [
        { id: 'h', type: BlockType.HTML, variant: 'heading', content: { text: 'Hello', level: 2 } },
        { id: 't', type: BlockType.HTML, content: { html: '<p>Body</p>' } },
        { id: 'q', type: BlockType.QUOTE, content: { text: 'Said', source: 'Someone' } },
        { id: 'b', type: BlockType.BUTTON, content: { label: 'Go', url: '/' } },
        { id: 'i', type: BlockType.IMAGE, content: { image: { assetUrl: '/a.png' } } },
      ],
    },
  ]);
const block = (state: EditorState, id: string) =>
  state.history.doc.sections[0]?.blocks.find((b) => b.id === id)?.content;

describe('editing text on the canvas', () => {
  it('knows which blocks have text to edit in place, and where the theme shows it', () => {
    const [h, t, q, b, i] = doc().sections[0]?.blocks ?? [];
    expect(inlineField(h as never)).toEqual({ kind: 'plain', key: 'text', selector: '.block-heading', level: 2 });
    expect(inlineField(t as never)).toMatchObject({ kind: 'rich', key: 'html', selector: '.block--html' });
    expect(inlineField(q as never)).toMatchObject({ kind: 'plain', key: 'text' });
    expect(inlineField(b as never)).toMatchObject({ kind: 'plain', key: 'label', selector: 'a.button' });
    expect(inlineField(i as never)).toBeUndefined();
  });

  it('stores a burst of typing as one undoable step, and nothing when the text is the same', () => {
    let state: EditorState = initialState(doc());
    expect(commitInline(state, 'h', { value: 'Hello', level: 2 })).toBe(state);
    state = commitInline(state, 'h', { value: 'Hello, world', level: 3 });
    expect(block(state, 'h')).toEqual({ text: 'Hello, world', level: 3 });
    expect(state.history.past).toHaveLength(1);
    expect(state.history.past[0]?.label).toBe(INLINE_EDIT_LABEL);
    state = commitInline(state, 't', { value: '<p>Body <b>bold</b></p>' });
    expect(block(state, 't')?.html).toBe('<p>Body <b>bold</b></p>');
    expect(state.history.past).toHaveLength(2);
    // Undo takes back the whole burst (text and level together), redo brings it back.
    state = run(run(state, 'undo'), 'undo');
    expect(block(state, 'h')).toEqual({ text: 'Hello', level: 2 });
    expect(block(state, 't')?.html).toBe('<p>Body</p>');
    state = run(state, 'redo');
    expect(block(state, 'h')).toEqual({ text: 'Hello, world', level: 3 });
  });

  it('keeps one-line fields on one line and levels in range; ignores blocks that are gone or not text', () => {
    expect(cleanPlain('  Two\nlines \r\n here ')).toBe('Two lines here');
    const start = doc();
    expect(inlineOperations(start, 'b', { value: 'Buy\nnow' })).toEqual([
      { op: 'setBlockField', section: 0, index: 3, area: 'content', key: 'label', value: 'Buy now' },
    ]);
    expect(inlineOperations(start, 'h', { value: 'Hello', level: 9 })).toEqual([
      { op: 'setBlockField', section: 0, index: 0, area: 'content', key: 'level', value: 4 },
    ]);
    expect(inlineOperations(start, 'i', { value: 'x' })).toEqual([]);
    expect(inlineOperations(start, 'gone', { value: 'x' })).toEqual([]);
  });
});

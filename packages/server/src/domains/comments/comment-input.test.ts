import { describe, expect, it } from 'vitest';
import { parseCommentInput } from './comment-input.js';

describe('comment input', () => {
  it('accepts a name and a plain-text body, trimming and normalising line ends', () => {
    expect(parseCommentInput({ itemId: 'abc123', authorName: '  Ana   B. ', body: ' Hi\r\nthere \r' })).toEqual({
      ok: true,
      value: { itemId: 'abc123', authorName: 'Ana B.', body: 'Hi\nthere' },
    });
  });

  it('names each missing or bad field', () => {
    expect(parseCommentInput({})).toEqual({
      ok: false,
      errors: {
        itemId: 'Send the id of the post as text.',
        authorName: 'Please enter your name.',
        body: 'Please write a comment.',
      },
    });
    expect(parseCommentInput(null)).toMatchObject({ ok: false });
    expect(parseCommentInput({ itemId: 'a b', authorName: 'A', body: 'B' })).toMatchObject({
      ok: false,
      errors: { itemId: expect.any(String) },
    });
  });

  it('limits the name to 80 and the body to 2000 characters, counting code points', () => {
    const ok = parseCommentInput({ itemId: 'x', authorName: '😀'.repeat(80), body: '😀'.repeat(2000) });
    expect(ok.ok).toBe(true);
    const long = parseCommentInput({ itemId: 'x', authorName: 'a'.repeat(81), body: 'b'.repeat(2001) });
    expect(long).toEqual({
      ok: false,
      errors: {
        authorName: 'Your name can be at most 80 characters.',
        body: 'A comment can be at most 2000 characters.',
      },
    });
  });

  it('refuses NUL and other control characters', () => {
    expect(parseCommentInput({ itemId: 'x', authorName: 'A\u0000', body: 'B' })).toMatchObject({ ok: false });
    expect(parseCommentInput({ itemId: 'x', authorName: 'A', body: 'B\u0007' })).toMatchObject({ ok: false });
  });
});

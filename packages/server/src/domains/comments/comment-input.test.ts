import fc from 'fast-check';
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

/** What the comment route checked before it parsed with the published schema. */
function checkedBefore(raw: unknown) {
  const input = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
  const errors: Record<string, string> = {};
  const itemId = text(input.itemId)?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(itemId)) errors.itemId = 'Send the id of the post as text.';
  const authorName = (text(input.authorName) ?? '').replace(/\s+/g, ' ').trim();
  if (authorName === '') errors.authorName = 'Please enter your name.';
  else if ([...authorName].length > 80) errors.authorName = 'Your name can be at most 80 characters.';
  else if (control.test(authorName)) errors.authorName = 'Remove the unsupported characters and try again.';
  const body = (text(input.body) ?? '').replace(/\r\n?/g, '\n').trim();
  if (body === '') errors.body = 'Please write a comment.';
  else if ([...body].length > 2000) errors.body = 'A comment can be at most 2000 characters.';
  else if (control.test(body)) errors.body = 'Remove the unsupported characters and try again.';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { itemId, authorName, body } };
}

describe('comment input against the checks before the schema', () => {
  it('answers the same for any fields', () => {
    const field = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom(' ', 'ok-id', ' a \r\n b ', 'x\u0001', '😀'.repeat(81), 'a'.repeat(2001), ' \t '),
      fc.constantFrom(null, 3, true, [], {}),
    );
    const body = fc.oneof(
      fc.record({ itemId: field, authorName: field, body: field }, { requiredKeys: [] }),
      fc.constantFrom(null, [], 'text', 4),
    );
    fc.assert(
      fc.property(body, (raw) => {
        expect(parseCommentInput(raw)).toEqual(checkedBefore(raw));
      }),
      { numRuns: 500 },
    );
  });
});

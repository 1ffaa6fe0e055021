import { COMMENT_FIELD_MESSAGES } from './errors.js';

export const AUTHOR_NAME_MAX = 80;
export const COMMENT_BODY_MAX = 2000;
const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
// NUL and the other C0 controls except tab and line breaks never belong in a comment.
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export interface CommentInput {
  itemId: string;
  authorName: string;
  /** Plain text with line breaks; never HTML (templates escape it). */
  body: string;
}

export type CommentInputResult =
  | { ok: true; value: CommentInput }
  | { ok: false; errors: Partial<Record<'itemId' | 'authorName' | 'body', string>> };

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Checks a posted comment (JSON or form fields): item id, a name up to 80 characters, a body up to 2000. */
export function parseCommentInput(raw: unknown): CommentInputResult {
  const input = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const errors: Partial<Record<'itemId' | 'authorName' | 'body', string>> = {};
  const itemId = text(input.itemId)?.trim() ?? '';
  if (!ITEM_ID_PATTERN.test(itemId)) errors.itemId = 'Send the id of the post as text.';

  const authorName = (text(input.authorName) ?? '').replace(/\s+/g, ' ').trim();
  if (authorName === '') errors.authorName = COMMENT_FIELD_MESSAGES.nameMissing;
  else if ([...authorName].length > AUTHOR_NAME_MAX) errors.authorName = COMMENT_FIELD_MESSAGES.nameTooLong;
  else if (CONTROL_CHARS.test(authorName)) errors.authorName = COMMENT_FIELD_MESSAGES.badText;

  const body = (text(input.body) ?? '').replace(/\r\n?/g, '\n').trim();
  if (body === '') errors.body = COMMENT_FIELD_MESSAGES.bodyMissing;
  else if ([...body].length > COMMENT_BODY_MAX) errors.body = COMMENT_FIELD_MESSAGES.bodyTooLong;
  else if (CONTROL_CHARS.test(body)) errors.body = COMMENT_FIELD_MESSAGES.badText;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { itemId, authorName, body } };
}

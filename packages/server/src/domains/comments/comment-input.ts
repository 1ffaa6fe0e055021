import { type CommentInput, commentBody } from '@tessera/core/contracts/comments';

export type { CommentInput };

export type CommentInputResult =
  | { ok: true; value: CommentInput }
  | { ok: false; errors: Partial<Record<'itemId' | 'authorName' | 'body', string>> };

/**
 * Checks a posted comment (JSON or form fields) with the published schema (`commentBody`): the item
 * id, a name up to 80 characters, a body up to 2000. Each refused field is named with its first problem;
 * a body that is no object has none of the fields.
 */
export function parseCommentInput(raw: unknown): CommentInputResult {
  // A body that is no object (a JSON list, text) has none of the fields.
  const input = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const parsed = commentBody.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<'itemId' | 'authorName' | 'body', string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as 'itemId' | 'authorName' | 'body';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

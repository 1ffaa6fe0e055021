import { AppError } from '../../platform/errors/aliases.js';

/** The comment form's field texts, with the schema that carries them (`@tessera/core/contracts/comments`). */
export { COMMENT_FIELD_MESSAGES } from '@tessera/core/contracts/comments';

// The comments and likes area's codes of the error catalogue (`platform/errors/`). Field failures add
// `errors` (field → message).

const COMMENT_CODES = [
  'invalid-comment',
  'post-not-found',
  'comments-closed',
  'likes-disabled',
  'comment-not-found',
] as const;

export type CommentErrorCode = (typeof COMMENT_CODES)[number];

export class CommentError extends AppError<CommentErrorCode> {
  constructor(code: CommentErrorCode, extra?: Record<string, unknown>) {
    super(code, undefined, extra);
  }
}

import { AppError } from '../../platform/errors/aliases.js';

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

export const COMMENT_FIELD_MESSAGES = {
  nameMissing: 'Please enter your name.',
  nameTooLong: 'Your name can be at most 80 characters.',
  bodyMissing: 'Please write a comment.',
  bodyTooLong: 'A comment can be at most 2000 characters.',
  badText: 'Remove the unsupported characters and try again.',
} as const;

export class CommentError extends AppError<CommentErrorCode> {
  constructor(code: CommentErrorCode, extra?: Record<string, unknown>) {
    super(code, undefined, extra);
  }
}

import { AppError, type ErrorDefinition } from '../errors.js';

// The comments and likes area's error catalogue. Field failures add `errors` (field → message).

export const COMMENT_ERRORS = {
  'invalid-comment': { status: 400, message: 'Please check your comment: some fields are missing or too long.' },
  'post-not-found': { status: 404, message: 'That post could not be found. It may have been removed.' },
  'comments-closed': { status: 403, message: 'Comments are closed for this post.' },
  'likes-disabled': { status: 403, message: 'Likes are switched off on this site.' },
  'comment-not-found': { status: 404, message: 'That comment could not be found.' },
} as const satisfies Record<string, ErrorDefinition>;

export type CommentErrorCode = keyof typeof COMMENT_ERRORS;

export const COMMENT_FIELD_MESSAGES = {
  nameMissing: 'Please enter your name.',
  nameTooLong: 'Your name can be at most 80 characters.',
  bodyMissing: 'Please write a comment.',
  bodyTooLong: 'A comment can be at most 2000 characters.',
  badText: 'Remove the unsupported characters and try again.',
} as const;

export class CommentError extends AppError {
  constructor(code: CommentErrorCode, extra?: Record<string, unknown>) {
    super(code, COMMENT_ERRORS[code].message, extra);
    (this as { status: number }).status = COMMENT_ERRORS[code].status;
  }
}

import { AppError } from '../../platform/errors/aliases.js';

// The forms area's codes of the error catalogue (`platform/errors/`, SPEC §8 "Forms"). Errors reach
// the client as `{ error, message }`, plus `errors` (field id → message) for field failures, through
// the app's one error handler.

const FORM_CODES = [
  'form-not-found',
  'form-unparsable',
  'invalid-fields',
  'missing-submission-key',
  'invalid-submission-key',
  'submission-key-used',
  'captcha-required',
  'captcha-invalid',
  'captcha-replayed',
  'form-rate-limited',
  'form-server-error',
] as const;

export type FormErrorCode = (typeof FORM_CODES)[number];

/** An expected forms failure; the app's error handler answers it with the catalogue's status. */
export class FormError extends AppError<FormErrorCode> {
  constructor(code: FormErrorCode, extra?: Record<string, unknown>, message?: string) {
    super(code, message, extra);
  }
}

import { FORM_MESSAGES } from '@tessera/core';
import { AppError, type ErrorDefinition } from '../errors.js';

// The forms area's error catalogue (SPEC §8 "Forms"): code → status and message, verbatim from
// SPEC where it gives one. Errors reach the client as `{ error, message }`, plus `errors`
// (field id → message) for field failures, through the app's one error handler.

export const FORM_ERRORS = {
  'form-not-found': { status: 404, message: FORM_MESSAGES.notConfigured },
  'form-unparsable': { status: 400, message: FORM_MESSAGES.unparsableFields },
  'invalid-fields': { status: 400, message: FORM_MESSAGES.invalidFields },
  'missing-submission-key': {
    status: 400,
    message: 'Send the key from POST /api/form/FormSubmissionKey with the submission.',
  },
  'invalid-submission-key': { status: 401, message: FORM_MESSAGES.unauthorized },
  'submission-key-used': {
    status: 409,
    message: 'This form submission was already received. Reload the page to send the form again.',
  },
  'captcha-required': { status: 400, message: FORM_MESSAGES.captchaRequired },
  'captcha-invalid': { status: 400, message: 'The CAPTCHA could not be verified. Complete CAPTCHA before submitting.' },
  'captcha-replayed': {
    status: 409,
    message: 'This CAPTCHA was already used. Complete CAPTCHA before submitting.',
  },
  'form-rate-limited': { status: 429, message: FORM_MESSAGES.rateLimited },
  'form-server-error': { status: 500, message: FORM_MESSAGES.serverError },
} as const satisfies Record<string, ErrorDefinition>;

export type FormErrorCode = keyof typeof FORM_ERRORS;

/** An expected forms failure; the app's error handler answers it with this catalogue's status. */
export class FormError extends AppError {
  constructor(code: FormErrorCode, extra?: Record<string, unknown>, message?: string) {
    super(code, message ?? FORM_ERRORS[code].message, extra);
    (this as { status: number }).status = FORM_ERRORS[code].status;
  }
}

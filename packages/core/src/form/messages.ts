/** Every form string of SPEC §5 and §8, verbatim. */
export const FORM_MESSAGES = Object.freeze({
  required: 'Required',
  tooLong: 'You have exceeded the character limit.',
  invalidEmail: 'Email is not valid. Email addresses should follow the format user at domain dot com.',
  captchaRequired: 'Complete CAPTCHA before submitting.',
  submitting: 'Submitting…',
  processingError: 'Error processing form submission. Please reload and try again.',
  unknownError: 'Unknown error, please try again later.',
  noSubmissionKey: 'Could not get a form submission key, please try again later.',
  unparsableFields: 'Could not parse the form fields, please check your entries.',
  invalidFields: 'One or more fields is invalid, please check your entries.',
  /** Shown above the form. */
  problemScrollDown: 'Your form has encountered a problem. Please scroll down to review',
  /** Shown below the form. */
  problemScrollUp: 'Your form has encountered a problem. Please scroll up to review',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
});

const BY_STATUS: Readonly<Record<number, string>> = Object.freeze({
  401: FORM_MESSAGES.unauthorized,
  404: FORM_MESSAGES.notConfigured,
  429: FORM_MESSAGES.rateLimited,
  500: FORM_MESSAGES.serverError,
});

/** SPEC §8's message for a submission answered with this HTTP status, if it has one. */
export function formStatusMessage(status: number): string | undefined {
  return BY_STATUS[status];
}

export type FormFailure = { kind: 'fields'; errors: Record<string, string> } | { kind: 'message'; message: string };

/**
 * What to show for a failed submission (SPEC §8): a 400 with a map of field errors shows each
 * beside its field; otherwise the status message, else the response's error text, else the
 * unknown-error message.
 */
export function formFailure(response: { status: number; errors?: unknown; errorText?: string | null }): FormFailure {
  const { status, errors } = response;
  if (status === 400 && errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (entries.length > 0) return { kind: 'fields', errors: Object.fromEntries(entries) };
  }
  const message = formStatusMessage(status) ?? (response.errorText?.trim() || FORM_MESSAGES.unknownError);
  return { kind: 'message', message };
}

/** Email messages of SPEC §5 (form field, restock form) and the editor. */
export const EMAIL_MESSAGES = Object.freeze({
  /** A form's email field. */
  invalid: 'Email is not valid. Email addresses should follow the format user at domain dot com.',
  /** The restock sign-up form. */
  restockBlank: 'Email cannot be blank',
  restockInvalid: 'Email is invalid',
  /** The editor. */
  editorInvalid: 'Please enter a valid email',
});

/** SPEC §9: an email address is 3 to 256 characters long. */
export const EMAIL_LENGTH = Object.freeze({ min: 3, max: 256 } as const);

// local part: letters, digits and the usual specials, dots only between them;
// domain: dot-separated labels of letters, digits and inner hyphens; TLD: 2–4 letters or digits.
const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z0-9]{2,4}$`);

/** SPEC §5's general email rule: 3–256 characters, a simple local part, a domain and a 2–4 character TLD. */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length < EMAIL_LENGTH.min || value.length > EMAIL_LENGTH.max) return false;
  return EMAIL.test(value);
}

/** The restock form's check (SPEC §5): the message to show, or undefined when the address is fine. */
export function restockEmailError(value: string | null | undefined): string | undefined {
  const email = (value ?? '').trim();
  if (email === '') return EMAIL_MESSAGES.restockBlank;
  return isValidEmail(email) ? undefined : EMAIL_MESSAGES.restockInvalid;
}

/** A form email field's check (SPEC §5): optional and empty is fine, anything else must be valid. */
export function emailFieldError(value: string | null | undefined, required: boolean): string | undefined {
  const email = (value ?? '').trim();
  if (email === '' && !required) return undefined;
  return isValidEmail(email) ? undefined : EMAIL_MESSAGES.invalid;
}

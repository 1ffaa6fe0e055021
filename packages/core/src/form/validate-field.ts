import { isValidEmail } from '../text/email.js';
import { type FormFieldType, MULTI_PART_FIELD_TYPES } from './field-types.js';
import { FORM_MESSAGES } from './messages.js';

/** A field as validation needs it. */
export interface FormFieldRule {
  id: string;
  type: FormFieldType;
  required?: boolean;
  /** Character limit of a textarea. */
  maxLength?: number | null;
}

/**
 * A field's collected value: text for single-value fields, radio and select; the parts of a
 * multi-part field; the checked values of a checkbox group; answers by question for likert.
 */
export type FormFieldValue = string | readonly string[] | Readonly<Record<string, string>> | null | undefined;

function isBlank(text: unknown): boolean {
  return typeof text !== 'string' || text.trim() === '';
}

/**
 * Whether a value counts as not filled in: blank text; a checkbox group with nothing checked;
 * a multi-part field whose parts are all blank; a likert map without answers.
 */
export function isFieldEmpty(type: FormFieldType, value: FormFieldValue): boolean {
  if (value == null) return true;
  if (typeof value === 'string') return isBlank(value);
  if (Array.isArray(value)) {
    return type === 'checkbox' ? value.length === 0 : value.every(isBlank);
  }
  return Object.values(value).every(isBlank);
}

/** Characters typed into a limited field, and whether that is over the limit (SPEC §5 live counter). */
export function characterCount(text: string, maxLength: number): { text: string; over: boolean } {
  const length = Array.from(text).length;
  return { text: `${length}/${maxLength}`, over: length > maxLength };
}

/**
 * SPEC §5's client-side rule for one field, giving the message to show or undefined.
 * Sections are skipped and likert answers are never required. Checks: required, then email
 * format (optional and empty is fine), then the character limit.
 */
export function validateField(field: FormFieldRule, value: FormFieldValue): string | undefined {
  if (field.type === 'section' || field.type === 'likert') return undefined;
  const empty = isFieldEmpty(field.type, value);
  if (field.required && empty) return FORM_MESSAGES.required;
  if (empty) return undefined;
  if (field.type === 'email' && !isValidEmail(typeof value === 'string' ? value.trim() : '')) {
    return FORM_MESSAGES.invalidEmail;
  }
  if (typeof field.maxLength === 'number' && typeof value === 'string' && characterCount(value, field.maxLength).over) {
    return FORM_MESSAGES.tooLong;
  }
  return undefined;
}

/** Validates every field; the result maps field id to message and is empty when all pass. */
export function validateForm(
  fields: readonly FormFieldRule[],
  values: Readonly<Record<string, FormFieldValue>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = validateField(field, values[field.id]);
    if (message) errors[field.id] = message;
  }
  return errors;
}

/** Whether a field type holds several parts. */
export function isMultiPartField(type: FormFieldType): boolean {
  return MULTI_PART_FIELD_TYPES.includes(type);
}

import type { FormFieldType } from './field-types.js';
import { type FormFieldDefinition, likertOptions } from './form-definition.js';
import { FORM_MESSAGES } from './messages.js';
import { type FormFieldValue, validateField } from './validate-field.js';

/** Longest text any one value may hold when its field sets no limit of its own. */
export const FIELD_TEXT_LIMIT = 5000;

/** How many parts each multi-part field has at most (SPEC §3 summary parts). */
const PART_COUNTS: Readonly<Partial<Record<FormFieldType, number>>> = Object.freeze({
  address: 6,
  name: 2,
  date: 3,
  time: 4,
  phone: 4,
});

/** A choice that is not one the field offers. */
export function notAnOptionMessage(value: string): string {
  return `${value} is not one of the expected options`;
}

export type SubmissionCheck =
  | { ok: true; values: Record<string, FormFieldValue> }
  | { ok: false; kind: 'unparsable' }
  | { ok: false; kind: 'fields'; errors: Record<string, string> };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((part) => typeof part === 'string');
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((part) => typeof part === 'string');
}

/** Whether a value has the shape its field type collects (see `sanitizeFieldValue`); missing is fine. */
export function hasValueShape(type: FormFieldType, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  switch (type) {
    case 'address':
    case 'name':
    case 'date':
    case 'time':
    case 'phone':
      return isStringList(value) && value.length <= (PART_COUNTS[type] ?? 0);
    case 'checkbox':
      return isStringList(value);
    case 'likert':
      return isStringMap(value);
    case 'section':
      return true;
    default:
      return typeof value === 'string';
  }
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value as string[];
  if (isPlainObject(value)) return Object.values(value) as string[];
  return [];
}

function choiceError(field: FormFieldDefinition, value: FormFieldValue): string | undefined {
  const options = field.options ?? [];
  switch (field.type) {
    case 'radio':
    case 'select':
      return typeof value === 'string' && value !== '' && !options.includes(value)
        ? notAnOptionMessage(value)
        : undefined;
    case 'checkbox': {
      const stray = (value as readonly string[] | undefined)?.find((choice) => !options.includes(choice));
      return stray === undefined ? undefined : notAnOptionMessage(stray);
    }
    case 'likert': {
      const answers = likertOptions(field);
      const questions = field.questions ?? [];
      for (const [question, answer] of Object.entries((value as Record<string, string> | undefined) ?? {})) {
        if (!questions.includes(question)) return notAnOptionMessage(question);
        if (answer !== '' && !answers.includes(answer)) return notAnOptionMessage(answer);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The one check a submission goes through, in the browser before sending and on the server
 * before storing: the values must be an object keyed by field id; each value must have its
 * type's shape (else the field reads 'Could not parse the form fields…'); then SPEC §5's rules
 * (`validateField`: required, email, character limit); then no text longer than
 * `FIELD_TEXT_LIMIT`; then choices must be among the field's options. Values of unknown ids and
 * of sections are dropped from the result.
 */
export function validateSubmission(fields: readonly FormFieldDefinition[], raw: unknown): SubmissionCheck {
  if (!isPlainObject(raw)) return { ok: false, kind: 'unparsable' };
  const errors: Record<string, string> = {};
  const values: Record<string, FormFieldValue> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    const value = Object.hasOwn(raw, field.id) ? raw[field.id] : undefined;
    if (!hasValueShape(field.type, value)) {
      errors[field.id] = FORM_MESSAGES.unparsableFields;
      continue;
    }
    const typed = value as FormFieldValue;
    const message =
      validateField(field, typed) ??
      (textsOf(typed).some((text) => text.length > FIELD_TEXT_LIMIT) ? FORM_MESSAGES.tooLong : undefined) ??
      choiceError(field, typed);
    if (message) errors[field.id] = message;
    else if (typed !== undefined && typed !== null) values[field.id] = typed;
  }
  return Object.keys(errors).length > 0 ? { ok: false, kind: 'fields', errors } : { ok: true, values };
}

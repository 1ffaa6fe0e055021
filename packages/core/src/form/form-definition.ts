import type { FormFieldType } from './field-types.js';

/**
 * One field of a form definition (SPEC §3): the editable properties of its type, plus the
 * title shown above it. `options` are the choices of radio, checkbox and select fields and the
 * answers of a likert field, whose rows are `questions`.
 */
export interface FormFieldDefinition {
  id: string;
  type: FormFieldType;
  title: string;
  description?: string;
  placeholder?: string;
  required?: boolean;
  /** Character limit of a textarea (vanilla form handler). */
  maxLength?: number | null;
  options?: readonly string[];
  /** Likert only: the statements a visitor rates. */
  questions?: readonly string[];
  /** Currency fields: the symbol shown before the input. */
  currencySymbol?: string;
  /** Phone fields: whether the country-code part is shown. */
  showCountryCode?: boolean;
  /** Section fields: draw a rule under the heading. */
  underline?: boolean;
  /** Hidden fields: the query parameter name (`key`) and default `value`. */
  key?: string;
  value?: string;
}

/** A form as SPEC §3 "Form definition" describes it. */
export interface FormDefinition {
  id: string;
  name: string;
  /** `newsletter` forms add the email they receive to the site's mailing list. */
  kind: 'contact' | 'newsletter' | 'additional-fields';
  fields: readonly FormFieldDefinition[];
  submitButtonText?: string;
  /** Shown in place of the form after a successful submission. */
  submissionMessage: string;
  /** Optional HTML shown under the submission message. */
  postSubmitHtml?: string;
  /** When set, the visitor is sent here after a successful submission instead. */
  successRedirect?: string | null;
  captcha: { enabled: boolean };
  disclaimer?: { enabled: boolean; text: string } | null;
}

/** SPEC §9's default likert answers. */
export const DEFAULT_LIKERT_OPTIONS: readonly string[] = Object.freeze([
  'Strongly Disagree',
  'Disagree',
  'Neutral',
  'Agree',
  'Strongly Agree',
]);

/** The answers a likert field offers: its own options, else SPEC's default scale. */
export function likertOptions(field: Pick<FormFieldDefinition, 'options'>): readonly string[] {
  return field.options && field.options.length > 0 ? field.options : DEFAULT_LIKERT_OPTIONS;
}

import { editableFieldProperties, FORM_FIELD_TYPES, type FormFieldType } from '../form/field-types.js';
import type { FormDefinition, FormFieldDefinition } from '../form/form-definition.js';
import { listRules } from './block-items.js';

// The form block's builder rules: a form block keeps its form in `content.form` (name, button text,
// submission message, fields as SPEC §3 "Form definition" describes them) and the id its submissions
// are filed under in `content.formId`. Each field carries only the properties its type may edit.

export interface FormBlockForm {
  name: string;
  submitButtonText: string;
  submissionMessage: string;
  fields: FormFieldDefinition[];
}

export const FORM_BUILDER_LIMITS = Object.freeze({ minItems: 1, maxItems: 50, maxOptions: 50 });

/** How the builder names each field type, in FORM_FIELD_TYPES order. */
export const FORM_FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = Object.freeze({
  date: 'Date',
  name: 'Name',
  time: 'Time',
  address: 'Address',
  checkbox: 'Checkbox',
  likert: 'Likert',
  radio: 'Radio',
  select: 'Select',
  phone: 'Phone',
  section: 'Section',
  text: 'Text',
  textarea: 'Text area',
  number: 'Number',
  website: 'Website',
  email: 'Email',
  currency: 'Currency',
  password: 'Password',
  twitter: 'Twitter',
  hidden: 'Hidden',
});

/**
 * The properties the builder shows for a type: SPEC §3's editable properties (the textarea's
 * maxLength included: Tessera's own form handler counts characters), plus a likert field's
 * questions, the statements visitors rate, which the runtime needs to draw its rows.
 */
export function builderProperties(type: FormFieldType): readonly string[] {
  const base = editableFieldProperties(type, { vanillaFormHandler: true });
  return type === 'likert' ? [...base, 'questions'] : base;
}

const DEFAULTS: Partial<Record<string, (type: FormFieldType) => unknown>> = {
  options: (type) => (type === 'likert' ? [] : ['Option 1', 'Option 2']),
  questions: () => ['Question 1'],
  currencySymbol: () => '$',
  key: () => 'source',
  value: () => '',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function uniqueId(base: string, taken: readonly string[]): string {
  const stem =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'field';
  let id = stem;
  for (let n = 2; taken.includes(id); n++) id = `${stem}-${n}`;
  return id;
}

/** A field of `type` with the starting values of its properties and an id no other field has. */
export function newFormField(type: FormFieldType, fields: readonly FormFieldDefinition[]): FormFieldDefinition {
  const title = FORM_FIELD_TYPE_LABELS[type];
  const field: Record<string, unknown> = {
    id: uniqueId(
      title,
      fields.map((f) => f.id),
    ),
    type,
    title,
  };
  for (const property of builderProperties(type)) {
    const start = DEFAULTS[property];
    if (start) field[property] = start(type);
  }
  return field as unknown as FormFieldDefinition;
}

/** The field as another type: id, title and the properties both types share are kept, the rest dropped. */
export function changeFieldType(field: FormFieldDefinition, type: FormFieldType): FormFieldDefinition {
  const allowed = builderProperties(type);
  const next: Record<string, unknown> = { id: field.id, type, title: field.title };
  const fresh = newFormField(type, []) as unknown as Record<string, unknown>;
  for (const property of allowed) {
    const kept = (field as unknown as Record<string, unknown>)[property];
    if (kept !== undefined) next[property] = kept;
    else if (fresh[property] !== undefined) next[property] = fresh[property];
  }
  return next as unknown as FormFieldDefinition;
}

export const formFieldRules = listRules<FormFieldDefinition>(FORM_BUILDER_LIMITS, () => newFormField('text', []));

export const DEFAULT_FORM_BLOCK: Readonly<FormBlockForm> = Object.freeze({
  name: 'Form',
  submitButtonText: 'Submit',
  submissionMessage: 'Thank you!',
  fields: [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'email', type: 'email', title: 'Email', placeholder: '', required: true },
    { id: 'message', type: 'textarea', title: 'Message', required: true },
  ] as FormFieldDefinition[],
});

/** The form a block holds, with the defaults for what is missing; unknown field types are left out. */
export function readFormBlock(content: Record<string, unknown>): FormBlockForm {
  const form = isRecord(content.form) ? content.form : undefined;
  if (!form) return structuredClone(DEFAULT_FORM_BLOCK) as FormBlockForm;
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const fields = (Array.isArray(form.fields) ? form.fields : [])
    .filter(isRecord)
    .filter((f) => typeof f.id === 'string' && (FORM_FIELD_TYPES as readonly unknown[]).includes(f.type))
    .map((f) => ({ ...f, title: text(f.title, '') }) as unknown as FormFieldDefinition);
  return {
    name: text(form.name, DEFAULT_FORM_BLOCK.name),
    submitButtonText: text(form.submitButtonText, DEFAULT_FORM_BLOCK.submitButtonText),
    submissionMessage: text(form.submissionMessage, DEFAULT_FORM_BLOCK.submissionMessage),
    fields,
  };
}

/** What stops the form from being usable, one message per field index (and `form` for the form itself). */
export function formBuilderProblems(form: FormBlockForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.name.trim()) problems.form = 'Please give the form a name.';
  form.fields.forEach((field, i) => {
    if (field.type !== 'hidden' && !field.title.trim()) problems[i] = 'Every field needs a title.';
    else if (['radio', 'checkbox', 'select'].includes(field.type) && !(field.options ?? []).some((o) => o.trim()))
      problems[i] = `${field.title} needs at least one option.`;
    else if (field.type === 'likert' && !(field.questions ?? []).some((q) => q.trim()))
      problems[i] = `${field.title} needs at least one question.`;
    else if (field.type === 'hidden' && !(field.key ?? '').trim()) problems[i] = 'A hidden field needs a key.';
  });
  return problems;
}

/** Options typed one a line, blank lines and repeats left out, at most FORM_BUILDER_LIMITS.maxOptions. */
export function optionsFromText(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const option = line.trim();
    if (option && !seen.has(option)) seen.add(option);
  }
  return [...seen].slice(0, FORM_BUILDER_LIMITS.maxOptions);
}

/** The block's form as a SPEC §3 form definition, the shape the theme's form partial is rendered from. */
export function formBlockDefinition(content: Record<string, unknown>, fallbackId: string): FormDefinition {
  const form = readFormBlock(content);
  return {
    id: typeof content.formId === 'string' && content.formId ? content.formId : fallbackId,
    name: form.name,
    kind: 'contact',
    fields: form.fields,
    submitButtonText: form.submitButtonText,
    submissionMessage: form.submissionMessage,
    successRedirect: null,
    captcha: { enabled: false },
    disclaimer: null,
  };
}

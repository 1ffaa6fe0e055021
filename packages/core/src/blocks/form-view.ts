import { type FormDefinition, type FormFieldDefinition, likertOptions } from '../form/form-definition.js';

// The `{ form }` context the theme's form and newsletter partials render: the definition plus what
// a template cannot work out itself (input types, part inputs, likert rows, element ids). Pure, so
// the server (contact page, newsletter and form blocks) and the editor's preview build the same one.

/** Field name of the honeypot input every rendered form carries; people never fill it. */
export const FORM_HONEYPOT_FIELD = 'tessera-hp';

interface PartView {
  name: string;
  label: string;
  inputId: string;
  placeholder: string;
  size: string;
  /** The time field's AM/PM part is a select. */
  choices?: string[];
}

const PARTS: Readonly<Record<string, readonly [string, string, string, string][]>> = {
  // [part name, label, placeholder, size]
  name: [
    ['First', 'First Name', '', 'half'],
    ['Last', 'Last Name', '', 'half'],
  ],
  date: [
    ['Month', 'Month', 'MM', 'small'],
    ['Day', 'Day', 'DD', 'small'],
    ['Year', 'Year', 'YYYY', 'medium'],
  ],
  time: [
    ['Hour', 'Hour', 'hh', 'small'],
    ['Minute', 'Minute', 'mm', 'small'],
    ['Second', 'Second', 'ss', 'small'],
    ['Ampm', 'AM/PM', '', 'small'],
  ],
  address: [
    ['Line1', 'Address 1', '', 'full'],
    ['Line2', 'Address 2', '', 'full'],
    ['City', 'City', '', 'half'],
    ['State', 'State/Province', '', 'half'],
    ['Zip', 'Zip/Postal Code', '', 'half'],
    ['Country', 'Country', '', 'half'],
  ],
  phone: [
    ['Country', 'Country code', '+1', 'small'],
    ['Areacode', 'Area code', '###', 'small'],
    ['Prefix', 'Prefix', '###', 'small'],
    ['Line', 'Line', '####', 'medium'],
  ],
};

const INPUT_TYPES: Readonly<Record<string, { inputType: string; inputMode?: string; autocomplete?: string }>> = {
  text: { inputType: 'text' },
  number: { inputType: 'text', inputMode: 'decimal' },
  website: { inputType: 'url', inputMode: 'url', autocomplete: 'url' },
  email: { inputType: 'email', inputMode: 'email', autocomplete: 'email' },
  currency: { inputType: 'text', inputMode: 'decimal' },
  password: { inputType: 'password', autocomplete: 'off' },
  twitter: { inputType: 'text', autocomplete: 'off' },
};

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]+/g, '-');
}

function fieldView(formId: string, field: FormFieldDefinition): Record<string, unknown> {
  const base = `${slug(formId)}-${slug(field.id)}`;
  const view: Record<string, unknown> = {
    ...field,
    inputId: `${base}-input`,
    errorId: `${base}-error`,
    titleId: `${base}-title`,
    descriptionId: `${base}-description`,
    required: field.required === true,
    maxLength: typeof field.maxLength === 'number' ? field.maxLength : null,
  };
  switch (field.type) {
    case 'section':
      return { ...view, isSection: true };
    case 'hidden':
      return { ...view, isHidden: true };
    case 'textarea':
      return { ...view, isTextarea: true };
    case 'select':
      return { ...view, isSelect: true, choices: (field.options ?? []).map((value) => ({ value })) };
    case 'checkbox':
    case 'radio':
      return {
        ...view,
        isChoice: true,
        inputType: field.type,
        choices: (field.options ?? []).map((value, i) => ({ value, inputId: `${base}-${i}` })),
      };
    case 'likert': {
      const answers = likertOptions(field);
      return {
        ...view,
        isLikert: true,
        answers: answers.map((value) => ({ value })),
        rows: (field.questions ?? []).map((question, row) => ({
          question,
          name: `${field.id}::${row}`,
          rowId: `${base}-q${row}`,
          choices: answers.map((value, i) => ({ value, inputId: `${base}-q${row}-${i}` })),
        })),
      };
    }
    case 'name':
    case 'date':
    case 'time':
    case 'address':
    case 'phone': {
      const partSpecs = PARTS[field.type] ?? [];
      const shown = field.type === 'phone' && !field.showCountryCode ? partSpecs.slice(1) : partSpecs;
      const parts: PartView[] = shown.map(([name, label, placeholder, size]) => ({
        name,
        label,
        placeholder,
        size,
        inputId: `${base}-${name.toLowerCase()}`,
        ...(name === 'Ampm' ? { choices: ['AM', 'PM'] } : {}),
      }));
      return { ...view, isParts: true, parts };
    }
    default:
      return { ...view, isInput: true, ...(INPUT_TYPES[field.type] ?? INPUT_TYPES.text) };
  }
}

/** The context of `blocks/form.block` and `blocks/newsletter.block` for one form definition. */
export function formBlockView(definition: FormDefinition): Record<string, unknown> {
  return {
    ...definition,
    domId: `form-${slug(definition.id)}`,
    submitLabel: definition.submitButtonText || (definition.kind === 'newsletter' ? 'Sign up' : 'Submit'),
    captchaEnabled: definition.captcha?.enabled === true,
    disclaimerText: definition.disclaimer?.enabled ? definition.disclaimer.text : '',
    successRedirect: definition.successRedirect || '',
    honeypotName: FORM_HONEYPOT_FIELD,
    fields: definition.fields.map((field) => fieldView(definition.id, field)),
  };
}

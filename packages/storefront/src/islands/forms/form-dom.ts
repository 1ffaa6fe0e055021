import {
  type FormFieldDefinition,
  type FormFieldType,
  isFormFieldType,
  type RawFieldInput,
  type SanitizedFieldValue,
  sanitizeFieldValue,
} from '@tessera/core';

// Reads a server-rendered form (themes/default/partials/blocks/form.block) back into field
// definitions and values, and shows errors where SPEC §5 puts them: above each field's title.

export interface FieldHandle {
  definition: FormFieldDefinition;
  element: HTMLElement;
}

function textOf(element: Element | null): string {
  return element?.textContent?.trim() ?? '';
}

function inputs(element: Element, selector: string): HTMLInputElement[] {
  return [...element.querySelectorAll<HTMLInputElement>(selector)];
}

/** Every field of the form with the definition its markup describes (sections are not fields). */
export function readFields(form: HTMLFormElement): FieldHandle[] {
  const handles: FieldHandle[] = [];
  for (const element of form.querySelectorAll<HTMLElement>('[data-field-id]')) {
    const type = element.dataset.fieldType;
    const id = element.dataset.fieldId;
    if (!id || !isFormFieldType(type)) continue;
    const definition: FormFieldDefinition = {
      id,
      type,
      title: textOf(element.querySelector('.tessera-field__title')),
      required: element.dataset.required === 'true',
    };
    if (element.dataset.maxLength) definition.maxLength = Number(element.dataset.maxLength);
    if (type === 'checkbox' || type === 'radio') definition.options = inputs(element, 'input').map((i) => i.value);
    if (type === 'select') {
      definition.options = [...element.querySelectorAll('option')].map((o) => o.value).filter((v) => v !== '');
    }
    if (type === 'likert') {
      const rows = [...element.querySelectorAll<HTMLElement>('[data-question]')];
      definition.questions = rows.map((row) => row.dataset.question ?? '');
      definition.options = rows[0] ? inputs(rows[0], 'input').map((i) => i.value) : [];
    }
    if (type === 'hidden') definition.key = (element as HTMLInputElement).name;
    handles.push({ definition, element });
  }
  return handles;
}

function rawInput(type: FormFieldType, element: HTMLElement): RawFieldInput {
  switch (type) {
    case 'address':
    case 'name':
    case 'date':
    case 'time':
    case 'phone':
      return {
        parts: [...element.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-part]')].map((p) => p.value),
      };
    case 'checkbox':
    case 'radio':
      return { checked: inputs(element, 'input:checked').map((i) => i.value) };
    case 'likert': {
      const answers: Record<string, string> = {};
      for (const row of element.querySelectorAll<HTMLElement>('[data-question]')) {
        const checked = row.querySelector<HTMLInputElement>('input:checked');
        if (checked) answers[row.dataset.question ?? ''] = checked.value;
      }
      return { answers };
    }
    case 'hidden': {
      const input = element as HTMLInputElement;
      return { name: input.name, value: input.value };
    }
    default: {
      const control = element.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        '.tessera-field__input',
      );
      return { value: control?.value ?? '' };
    }
  }
}

/** The sanitised values keyed by field id (SPEC §5), hidden fields filled from the page's query. */
export function readValues(
  fields: readonly FieldHandle[],
  query: URLSearchParams,
): Record<string, SanitizedFieldValue> {
  const values: Record<string, SanitizedFieldValue> = {};
  for (const { definition, element } of fields) {
    if (definition.type === 'section') continue;
    values[definition.id] = sanitizeFieldValue(definition.type, rawInput(definition.type, element), query);
  }
  return values;
}

function controlsOf(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>('input, select, textarea')];
}

/** Shows `message` above the field's title (or clears it when undefined). */
export function showFieldError(element: HTMLElement, message: string | undefined): void {
  const slot = element.querySelector<HTMLElement>('.tessera-field__error');
  element.classList.toggle('has-error', Boolean(message));
  for (const control of controlsOf(element)) {
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
  }
  if (!slot) return;
  slot.textContent = message ?? '';
  slot.hidden = !message;
}

/** The form's own elements: banners, the message line, the submit button, the success panel. */
export interface FormParts {
  form: HTMLFormElement;
  bannerTop: HTMLElement | null;
  bannerBottom: HTMLElement | null;
  message: HTMLElement | null;
  submit: HTMLButtonElement | null;
  success: HTMLElement | null;
  honeypot: HTMLInputElement | null;
  captcha: HTMLElement | null;
}

export function findFormParts(root: HTMLElement): FormParts | undefined {
  const form = root.querySelector<HTMLFormElement>('form.tessera-form');
  if (!form) return undefined;
  return {
    form,
    bannerTop: form.querySelector('.tessera-form__banner--top'),
    bannerBottom: form.querySelector('.tessera-form__banner--bottom'),
    message: form.querySelector('.tessera-form__message'),
    submit: form.querySelector('.tessera-form__submit'),
    success: root.querySelector('.tessera-form__success'),
    honeypot: form.querySelector('.tessera-form__trap input'),
    captcha: form.querySelector('.tessera-captcha'),
  };
}

/** The two "Your form has encountered a problem" banners, above and below the form. */
export function showBanners(parts: FormParts, visible: boolean): void {
  if (parts.bannerTop) parts.bannerTop.hidden = !visible;
  if (parts.bannerBottom) parts.bannerBottom.hidden = !visible;
}

export function showFormMessage(parts: FormParts, message: string | undefined): void {
  if (!parts.message) return;
  parts.message.textContent = message ?? '';
  parts.message.hidden = !message;
}

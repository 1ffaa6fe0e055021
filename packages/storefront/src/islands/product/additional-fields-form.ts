import type { AdditionalFieldsForm } from '../forms/additional-fields-lightbox.js';

/**
 * The additional-fields form a product asks for: `structuredContent.additionalFieldsForm`, else the
 * add-to-cart button's `data-form`; undefined when there is none or it has no fields.
 */
export function additionalFieldsForm(fromItem: unknown, button: HTMLElement | null): AdditionalFieldsForm | undefined {
  let form = fromItem;
  if (!isForm(form) && button?.dataset.form) {
    try {
      form = JSON.parse(button.dataset.form);
    } catch {
      form = undefined;
    }
  }
  return isForm(form) && form.fields.length > 0 ? form : undefined;
}

function isForm(value: unknown): value is AdditionalFieldsForm {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    Array.isArray((value as { fields?: unknown }).fields)
  );
}

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { additionalFieldsForm } from './additional-fields-form.js';

const form = { id: 'f1', name: 'Personalise', fields: [{ id: 'n', type: 'text', title: 'Name', required: true }] };

describe('additionalFieldsForm', () => {
  it("takes the item's form first", () => {
    expect(additionalFieldsForm(form, null)).toBe(form);
  });
  it("falls back to the button's data-form", () => {
    const button = document.createElement('div');
    button.dataset.form = JSON.stringify(form);
    expect(additionalFieldsForm(undefined, button)).toEqual(form);
  });
  it('is undefined without a form, with broken JSON or without fields', () => {
    const button = document.createElement('div');
    expect(additionalFieldsForm(undefined, button)).toBeUndefined();
    button.dataset.form = '{oops';
    expect(additionalFieldsForm(undefined, button)).toBeUndefined();
    expect(additionalFieldsForm({ name: 'Empty', fields: [] }, null)).toBeUndefined();
  });
});

describe('additionalFieldsForm without an id', () => {
  it('is undefined, since the form is checked on the server by id', () => {
    expect(
      additionalFieldsForm({ name: 'No id', fields: [{ id: 'n', type: 'text', title: 'Name' }] }, null),
    ).toBeUndefined();
  });
});

import { editableFieldProperties, FORM_FIELD_TYPES, FORM_SUMMARY_PARTS, FormFieldset } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { formTemplateSchema } from '../cart/form-field-schema.js';

// GET /api/template/GetTemplateSchema?type=form must describe the same model the forms use.
describe('form template schema', () => {
  const schema = formTemplateSchema();

  it('lists every field type of core with its editable properties', () => {
    expect(schema.fieldTypes.map((t) => t.type).sort()).toEqual([...FORM_FIELD_TYPES].sort());
    for (const entry of schema.fieldTypes) {
      const type = entry.type as (typeof FORM_FIELD_TYPES)[number];
      expect(entry.properties, type).toEqual([...editableFieldProperties(type)]);
      const withFeature = [...entry.properties, ...(entry.conditionalProperties ?? []).map((c) => c.property)];
      expect(withFeature, type).toEqual([...editableFieldProperties(type, { vanillaFormHandler: true })]);
      expect(entry.parts ?? null, type).toEqual(FORM_SUMMARY_PARTS[type] ? [...FORM_SUMMARY_PARTS[type]] : null);
    }
  });

  it('numbers the fieldsets as core does', () => {
    expect(schema.fieldsets).toEqual({
      build: FormFieldset.BUILD,
      storage: FormFieldset.STORAGE,
      advanced: FormFieldset.ADVANCED,
      captcha: FormFieldset.CAPTCHA,
      disclaimer: FormFieldset.DISCLAIMER,
    });
  });
});

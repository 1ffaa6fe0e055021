import { describe, expect, it } from 'vitest';
import {
  editableFieldProperties,
  FORM_FIELD_TYPES,
  FORM_SUMMARY_PARTS,
  FormFieldset,
  isFormFieldType,
} from './field-types.js';

describe('form field model', () => {
  it('lists the field types of SPEC §3', () => {
    expect(FORM_FIELD_TYPES).toHaveLength(19);
    expect(isFormFieldType('likert')).toBe(true);
    expect(isFormFieldType('color')).toBe(false);
  });

  it('numbers the fieldsets', () => {
    expect(FormFieldset).toEqual({ BUILD: 1, STORAGE: 2, ADVANCED: 3, CAPTCHA: 4, DISCLAIMER: 5 });
  });

  it('names the summary parts', () => {
    expect(FORM_SUMMARY_PARTS.address).toEqual(['Line1', 'Line2', 'City', 'State', 'Zip', 'Country']);
    expect(FORM_SUMMARY_PARTS.phone).toEqual(['Country', 'Areacode', 'Prefix', 'Line']);
    expect(FORM_SUMMARY_PARTS.time).toEqual(['Hour', 'Minute', 'Second', 'Ampm']);
  });

  it('gives each type its editable properties', () => {
    expect(editableFieldProperties('email')).toEqual(['description', 'placeholder', 'required']);
    expect(editableFieldProperties('currency')).toEqual(['description', 'currencySymbol', 'required']);
    expect(editableFieldProperties('phone')).toEqual(['description', 'showCountryCode', 'required']);
    expect(editableFieldProperties('section')).toEqual(['description', 'underline']);
    expect(editableFieldProperties('likert')).toEqual(['description', 'options', 'required']);
    expect(editableFieldProperties('hidden')).toEqual(['key', 'value']);
    expect(editableFieldProperties('address')).toEqual(['description', 'required']);
  });

  it('adds maxLength to textareas only with the vanilla form handler', () => {
    expect(editableFieldProperties('textarea')).not.toContain('maxLength');
    expect(editableFieldProperties('textarea', { vanillaFormHandler: true })).toContain('maxLength');
    expect(editableFieldProperties('text', { vanillaFormHandler: true })).not.toContain('maxLength');
  });
});

// The form field model of SPEC §3 "Form definition", as GET /api/template/GetTemplateSchema?type=form
// answers it: fieldsets, every field type with the properties an editor may change, and the parts
// of multi-part fields in a form summary.

export const FORM_FIELDSETS = Object.freeze({ build: 1, storage: 2, advanced: 3, captcha: 4, disclaimer: 5 });

type FieldKind = 'single' | 'multi-part' | 'choice' | 'layout' | 'hidden';

interface FieldTypeSchema {
  type: string;
  kind: FieldKind;
  properties: string[];
  /** Properties offered only when a feature is on. */
  conditionalProperties?: { property: string; feature: string }[];
  /** Sub-fields of a multi-part field, as its summary lists them. */
  parts?: string[];
}

const describe = (type: string, kind: FieldKind, properties: string[], extra: Partial<FieldTypeSchema> = {}) =>
  Object.freeze({ type, kind, properties, ...extra });

export const FORM_FIELD_TYPES: readonly FieldTypeSchema[] = Object.freeze([
  describe('text', 'single', ['description', 'placeholder', 'required']),
  describe('textarea', 'single', ['description', 'placeholder', 'required'], {
    conditionalProperties: [{ property: 'maxLength', feature: 'vanillaFormHandler' }],
  }),
  describe('number', 'single', ['description', 'placeholder', 'required']),
  describe('website', 'single', ['description', 'placeholder', 'required']),
  describe('email', 'single', ['description', 'placeholder', 'required']),
  describe('currency', 'single', ['description', 'currencySymbol', 'required']),
  describe('password', 'single', ['description', 'required']),
  describe('twitter', 'single', ['description', 'required']),
  describe('date', 'multi-part', ['description', 'required'], { parts: ['Month', 'Day', 'Year'] }),
  describe('time', 'multi-part', ['description', 'required'], { parts: ['Hour', 'Minute', 'Second', 'Ampm'] }),
  describe('name', 'multi-part', ['description', 'required'], { parts: ['First', 'Last'] }),
  describe('address', 'multi-part', ['description', 'required'], {
    parts: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  }),
  describe('phone', 'multi-part', ['description', 'showCountryCode', 'required'], {
    parts: ['Country', 'Areacode', 'Prefix', 'Line'],
  }),
  describe('section', 'layout', ['description', 'underline']),
  describe('radio', 'choice', ['description', 'options', 'required']),
  describe('checkbox', 'choice', ['description', 'options', 'required']),
  describe('select', 'choice', ['description', 'options', 'required']),
  describe('likert', 'choice', ['description', 'options', 'required']),
  describe('hidden', 'hidden', ['key', 'value']),
]);

export function formTemplateSchema() {
  return { type: 'form', fieldsets: FORM_FIELDSETS, fieldTypes: FORM_FIELD_TYPES };
}

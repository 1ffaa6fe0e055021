/** Form field types of SPEC §3: the multi-part and choice fields, then the single-value ones. */
export const FORM_FIELD_TYPES = Object.freeze([
  'date',
  'name',
  'time',
  'address',
  'checkbox',
  'likert',
  'radio',
  'select',
  'phone',
  'section',
  'text',
  'textarea',
  'number',
  'website',
  'email',
  'currency',
  'password',
  'twitter',
  'hidden',
] as const);

export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export function isFormFieldType(value: unknown): value is FormFieldType {
  return typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);
}

/** Fields whose value is several text parts (SPEC §5 "multi-part fields"). */
export const MULTI_PART_FIELD_TYPES: readonly FormFieldType[] = Object.freeze([
  'address',
  'name',
  'date',
  'time',
  'phone',
]);

/** Fieldsets of the form model (SPEC §3). */
export const FormFieldset = Object.freeze({
  BUILD: 1,
  STORAGE: 2,
  ADVANCED: 3,
  CAPTCHA: 4,
  DISCLAIMER: 5,
} as const);

export type FormFieldset = (typeof FormFieldset)[keyof typeof FormFieldset];

/** The part names a form summary shows for multi-part fields (SPEC §3). */
export const FORM_SUMMARY_PARTS: Readonly<Partial<Record<FormFieldType, readonly string[]>>> = Object.freeze({
  address: Object.freeze(['Line1', 'Line2', 'City', 'State', 'Zip', 'Country']),
  date: Object.freeze(['Month', 'Day', 'Year']),
  name: Object.freeze(['First', 'Last']),
  phone: Object.freeze(['Country', 'Areacode', 'Prefix', 'Line']),
  time: Object.freeze(['Hour', 'Minute', 'Second', 'Ampm']),
});

const SIMPLE = Object.freeze(['description', 'placeholder', 'required']);
const DESCRIBED = Object.freeze(['description', 'required']);
const CHOICES = Object.freeze(['description', 'options', 'required']);

const PROPERTIES: Readonly<Record<FormFieldType, readonly string[]>> = Object.freeze({
  text: SIMPLE,
  textarea: SIMPLE,
  number: SIMPLE,
  website: SIMPLE,
  email: SIMPLE,
  currency: Object.freeze(['description', 'currencySymbol', 'required']),
  password: DESCRIBED,
  twitter: DESCRIBED,
  date: DESCRIBED,
  time: DESCRIBED,
  name: DESCRIBED,
  address: DESCRIBED,
  phone: Object.freeze(['description', 'showCountryCode', 'required']),
  section: Object.freeze(['description', 'underline']),
  radio: CHOICES,
  checkbox: CHOICES,
  select: CHOICES,
  likert: CHOICES,
  hidden: Object.freeze(['key', 'value']),
});

/**
 * The properties the editor lets an owner change for a field type (SPEC §3). A textarea also
 * gets `maxLength` when the vanilla form handler feature is on.
 */
export function editableFieldProperties(
  type: FormFieldType,
  features: { vanillaFormHandler?: boolean } = {},
): readonly string[] {
  const base = PROPERTIES[type];
  return type === 'textarea' && features.vanillaFormHandler ? [...base, 'maxLength'] : base;
}

import {
  editableFieldProperties,
  FORM_FIELD_TYPES,
  FORM_SUMMARY_PARTS,
  FormFieldset,
  type FormFieldType,
  MULTI_PART_FIELD_TYPES,
} from '@tessera/core';
import type { FormTemplateSchema } from '@tessera/core/contracts/cart';

// The form field model of SPEC §3 "Form definition", as GET /api/template/GetTemplateSchema?type=form
// answers it. The model itself is core's, so the editor, the islands and the server share one table.

type FieldKind = 'single' | 'multi-part' | 'choice' | 'layout' | 'hidden';

const CHOICE_TYPES: readonly FormFieldType[] = ['radio', 'checkbox', 'select', 'likert'];

function kindOf(type: FormFieldType): FieldKind {
  if (MULTI_PART_FIELD_TYPES.includes(type)) return 'multi-part';
  if (CHOICE_TYPES.includes(type)) return 'choice';
  if (type === 'section') return 'layout';
  if (type === 'hidden') return 'hidden';
  return 'single';
}

function fieldTypeSchema(type: FormFieldType) {
  const properties = [...editableFieldProperties(type)];
  const withFeature = editableFieldProperties(type, { vanillaFormHandler: true });
  const conditional = withFeature
    .filter((property) => !properties.includes(property))
    .map((property) => ({ property, feature: 'vanillaFormHandler' }));
  const parts = FORM_SUMMARY_PARTS[type];
  return {
    type,
    kind: kindOf(type),
    properties,
    ...(conditional.length > 0 ? { conditionalProperties: conditional } : {}),
    ...(parts ? { parts: [...parts] } : {}),
  };
}

export function formTemplateSchema(): FormTemplateSchema {
  return {
    type: 'form',
    fieldsets: {
      build: FormFieldset.BUILD,
      storage: FormFieldset.STORAGE,
      advanced: FormFieldset.ADVANCED,
      captcha: FormFieldset.CAPTCHA,
      disclaimer: FormFieldset.DISCLAIMER,
    },
    fieldTypes: FORM_FIELD_TYPES.map(fieldTypeSchema),
  };
}

import type { FormFieldType } from './field-types.js';

/** What the page holds for a field, whichever of these its type uses. */
export interface RawFieldInput {
  /** The value of a text input, select or hidden field. */
  value?: string;
  /** The parts of a multi-part field, in order. */
  parts?: readonly string[];
  /** The checked values of a checkbox group or radio set. */
  checked?: readonly string[];
  /** Likert: the checked answer for each question. */
  answers?: Readonly<Record<string, string>>;
  /** The field's name, for hidden fields filled from the URL. */
  name?: string;
}

export type SanitizedFieldValue = string | string[] | Record<string, string>;

/**
 * SPEC §5's sanitised value by field type: address, name, date and time give their parts;
 * phone its parts with an empty leading element added when there are 3 (no country code);
 * checkbox the checked values; radio the first checked value; select its value; likert the
 * answers by question; hidden the URL query parameter of the same name when present, else its
 * value; every other type its value.
 */
export function sanitizeFieldValue(
  type: FormFieldType,
  input: RawFieldInput,
  query?: { get(name: string): string | null },
): SanitizedFieldValue {
  switch (type) {
    case 'address':
    case 'name':
    case 'date':
    case 'time':
      return [...(input.parts ?? [])];
    case 'phone': {
      const parts = [...(input.parts ?? [])];
      return parts.length === 3 ? ['', ...parts] : parts;
    }
    case 'checkbox':
      return [...(input.checked ?? [])];
    case 'radio':
      return input.checked?.[0] ?? '';
    case 'likert':
      return { ...(input.answers ?? {}) };
    case 'hidden': {
      const fromUrl = input.name ? query?.get(input.name) : null;
      return fromUrl ?? input.value ?? '';
    }
    default:
      return input.value ?? '';
  }
}

/** The submission payload of SPEC §3: key, the values as a JSON string keyed by field id, captchaKey when present. */
export function formSubmissionPayload(
  key: string,
  values: Readonly<Record<string, SanitizedFieldValue>>,
  captchaKey?: string | null,
): { key: string; form: string; captchaKey?: string } {
  const payload: { key: string; form: string; captchaKey?: string } = { key, form: JSON.stringify(values) };
  if (captchaKey) payload.captchaKey = captchaKey;
  return payload;
}

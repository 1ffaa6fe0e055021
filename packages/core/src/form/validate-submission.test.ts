import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormFieldDefinition } from './form-definition.js';
import { FORM_MESSAGES } from './messages.js';
import { validateSubmission } from './validate-submission.js';

interface FixtureCase {
  field: string;
  value: unknown;
  error: string | null;
  note?: string;
}

const fixtures = JSON.parse(readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as {
  fields: FormFieldDefinition[];
  cases: FixtureCase[];
};

/** The error the browser-side check gives one field when only that field is sent. */
function errorOf(fieldId: string, value: unknown): string | null {
  const raw = value === null ? {} : { [fieldId]: value };
  const result = validateSubmission(fixtures.fields, raw);
  if (result.ok) return null;
  if (result.kind === 'unparsable') return FORM_MESSAGES.unparsableFields;
  return result.errors[fieldId] ?? null;
}

describe('validateSubmission against the shared fixtures', () => {
  it('covers every field type', () => {
    const types = new Set(fixtures.cases.map((c) => fixtures.fields.find((f) => f.id === c.field)?.type));
    expect(types.size).toBe(19);
  });

  for (const fixture of fixtures.cases) {
    const label = `${fixture.field} ${JSON.stringify(fixture.value)?.slice(0, 40)} → ${fixture.error ?? 'valid'}`;
    it(label, () => {
      expect(errorOf(fixture.field, fixture.value)).toBe(fixture.error);
    });
  }
});

describe('validateSubmission', () => {
  const fields: FormFieldDefinition[] = [
    { id: 'name', type: 'name', title: 'Name', required: true },
    { id: 'intro', type: 'section', title: 'Intro' },
  ];

  it('refuses anything but an object of values', () => {
    expect(validateSubmission(fields, ['x'])).toEqual({ ok: false, kind: 'unparsable' });
    expect(validateSubmission(fields, 'x')).toEqual({ ok: false, kind: 'unparsable' });
    expect(validateSubmission(fields, null)).toEqual({ ok: false, kind: 'unparsable' });
  });

  it('keeps only known, non-section fields', () => {
    expect(validateSubmission(fields, { name: ['Jo', 'Doe'], intro: 'x', stray: 'y' })).toEqual({
      ok: true,
      values: { name: ['Jo', 'Doe'] },
    });
  });

  it('ignores inherited keys such as __proto__', () => {
    const raw = JSON.parse('{"__proto__": {"name": ["A"]}}');
    expect(validateSubmission(fields, raw)).toEqual({ ok: false, kind: 'fields', errors: { name: 'Required' } });
  });
});

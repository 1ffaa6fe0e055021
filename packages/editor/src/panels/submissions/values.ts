import type { FormDefinition, FormFieldDefinition } from '@tessera/core';

/** The fields that hold a value, in form order: every field but section headings (as the CSV export). */
export function valueFields(form: Pick<FormDefinition, 'fields'>): FormFieldDefinition[] {
  return form.fields.filter((field) => field.type !== 'section');
}

/**
 * A stored value as one line of text: multi-part values (name, address, date…) joined by spaces,
 * checked boxes by commas, likert answers as "question: answer" pairs.
 */
export function displayValue(type: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts = value.map((part) => String(part ?? ''));
    return type === 'checkbox' ? parts.join(', ') : parts.filter((part) => part !== '').join(' ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([question, answer]) => `${question}: ${String(answer)}`)
      .join('; ');
  }
  return String(value);
}

/** How many pages `total` rows take at `pageSize` a page (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The form id in `/config/forms/<id>`, or undefined on the list. */
export function formIdOf(path: string): string | undefined {
  const match = /^\/config\/forms\/([^/]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

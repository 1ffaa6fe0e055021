import type { FormDefinition } from '@tessera/core';
import type { StoredSubmission } from './form-store.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * Text a spreadsheet would run as a formula (starting with = + - @ tab or CR) gets a leading
 * apostrophe so it stays text.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A stored value as one line of text: parts joined by spaces, choices by commas, likert as "question: answer". */
export function flattenValue(type: string, value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const parts = value.map(String);
    return type === 'checkbox' ? parts.join(', ') : parts.filter((p) => p !== '').join(' ');
  }
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([question, answer]) => `${question}: ${String(answer)}`)
      .join('; ');
  }
  return String(value);
}

/** The header row: when, spam flag, then one column per field that holds a value. */
export function csvHeader(definition: FormDefinition): string {
  const titles = definition.fields.filter((f) => f.type !== 'section').map((f) => f.title || f.id);
  return csvRow(['Submitted', 'Spam', ...titles]);
}

export function csvSubmission(definition: FormDefinition, submission: StoredSubmission): string {
  const cells = definition.fields
    .filter((f) => f.type !== 'section')
    .map((f) => flattenValue(f.type, submission.values[f.id]));
  return csvRow([submission.createdAt, submission.spam ? 'yes' : 'no', ...cells]);
}

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CheckoutError } from '../src/domains/checkout/checkout-service.js';
import { CommentError } from '../src/domains/comments/errors.js';
import { FormError } from '../src/domains/forms/errors.js';
import { type CatalogueEntry, ERROR_CATALOGUE, fail, TesseraError } from '../src/platform/errors/index.js';
import { COMMERCE_ERRORS } from '../src/platform/errors/commerce-errors.js';
import { SITE_ERRORS } from '../src/platform/errors/site-errors.js';

// The error catalogue (packages/server/src/platform/errors/) is the one list of error codes: docs/api.md's
// table is generated from it (TESSERA_WRITE_ERROR_TABLE=1 rewrites it), and every code the server source
// answers with must be in it, with a status the catalogue allows.

const ROOT = join(import.meta.dirname, '../../..');
const API_DOC = join(ROOT, 'docs/api.md');
const SERVER_SRC = join(ROOT, 'packages/server/src');
const START = '<!-- error-catalogue:start';
const END = '<!-- error-catalogue:end -->';

const entries = Object.entries(ERROR_CATALOGUE) as [string, CatalogueEntry][];

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/</g, '&lt;');
}

/** The generated error table: grouped by area in catalogue order, codes sorted within an area. */
function errorTable(): string {
  const areas = [...new Set(entries.map(([, entry]) => entry.area))];
  const rows = areas.flatMap((area) =>
    entries
      .filter(([, entry]) => entry.area === area)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, entry]) => {
        const status = entry.also ? `${entry.status} (also ${entry.also.join(', ')})` : String(entry.status);
        const note = entry.note ? ` (${entry.note})` : '';
        return `| ${area} | \`${code}\` | ${status} | ${cell(entry.message)}${cell(note)} |`;
      }),
  );
  return ['| area | code | status | default message |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

function documentedTable(doc: string): string | undefined {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(doc.indexOf('\n', start) + 1, end).trim();
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

/** Where the server source answers with a literal code: `{ code, status?, where }`. */
function codesInSource(): { code: string; status?: number; where: string }[] {
  const found: { code: string; status?: number; where: string }[] = [];
  const patterns = [
    /new (?:AppError|TesseraError|FormError|CommentError|CheckoutError)\(\s*'([a-z0-9-]+)'/g,
    /\bfail\(\s*'([a-z0-9-]+)'/g,
    /(?:fail|refuse)\(reply,\s*(?<status>\d{3}),\s*'([a-z0-9-]+)'/g,
    /(?:status:\s*(?<status>\d{3}),\s*)?\berror:\s*'([a-z][a-z0-9]*(?:-[a-z0-9]+)*)'/g,
    /\.code\((?<status>\d{3})\)\s*\.send\(\{\s*error:\s*'([a-z0-9-]+)'/g,
  ];
  for (const file of sourceFiles(SERVER_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split('\n').length;
        const status = match.groups?.status ? Number(match.groups.status) : undefined;
        found.push({ code: match.at(-1)!, status, where: `${relative(ROOT, file)}:${line}` });
      }
    }
  }
  return found;
}

describe('error catalogue', () => {
  it('has no code twice across its parts', () => {
    // A code written in catalogue.ts and again in a part fails to compile (TS2783); the parts must not share one.
    const shared = Object.keys(COMMERCE_ERRORS).filter((code) => Object.hasOwn(SITE_ERRORS, code));
    expect(shared).toEqual([]);
  });

  it('knows every code the server source answers with, at a status it allows', () => {
    const found = codesInSource();
    expect(found.length).toBeGreaterThan(200);
    const problems = found.flatMap(({ code, status, where }) => {
      const entry = (ERROR_CATALOGUE as Record<string, CatalogueEntry>)[code];
      if (!entry) return [`${where}: '${code}' is not in the catalogue`];
      if (status !== undefined && status !== entry.status && !entry.also?.includes(status)) {
        return [`${where}: '${code}' answered with ${status}; the catalogue says ${entry.status}`];
      }
      return [];
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('gives thrown errors the catalogue status and message, and their answer body', () => {
    const error = new TesseraError('entry-not-found');
    expect(error.status).toBe(404);
    expect(error.toJSON()).toEqual({ error: 'entry-not-found', message: ERROR_CATALOGUE['entry-not-found'].message });
    expect(() => fail('not-enough-stock', 'Only 2 left.', { status: 409 })).toThrowError(
      expect.objectContaining({ code: 'not-enough-stock', status: 409, message: 'Only 2 left.' }),
    );
    expect(new FormError('form-rate-limited').status).toBe(429);
    expect(new CommentError('comments-closed', { field: 'body' }).toJSON()).toEqual({
      error: 'comments-closed',
      message: 'Comments are closed for this post.',
      field: 'body',
    });
    expect(new CheckoutError('empty-cart', 'Nothing.').status).toBe(400);
    expect(new CheckoutError('cart-purchased').status).toBe(409);
  });

  it('compiles only catalogue codes and allowed statuses', () => {
    const checkedByTsc = () => [
      // @ts-expect-error: not a catalogue code.
      new TesseraError('no-such-code'),
      // @ts-expect-error: 404 is not a status of `empty-cart`.
      new CheckoutError('empty-cart', undefined, 404),
      new CheckoutError('not-enough-stock', undefined, 409),
    ];
    expect(typeof checkedByTsc).toBe('function');
  });

  it("is docs/api.md's error table (TESSERA_WRITE_ERROR_TABLE=1 rewrites it)", () => {
    const doc = readFileSync(API_DOC, 'utf8');
    const expected = errorTable();
    if (process.env.TESSERA_WRITE_ERROR_TABLE === '1' && documentedTable(doc) !== expected) {
      const start = doc.indexOf(START);
      const end = doc.indexOf(END);
      expect(start, 'docs/api.md has no error-catalogue markers').toBeGreaterThanOrEqual(0);
      writeFileSync(API_DOC, `${doc.slice(0, doc.indexOf('\n', start) + 1)}${expected}\n${doc.slice(end)}`);
    }
    expect(
      documentedTable(readFileSync(API_DOC, 'utf8')),
      'docs/api.md is behind the error catalogue: rerun this test with TESSERA_WRITE_ERROR_TABLE=1 and review the diff',
    ).toBe(expected);
  });
});

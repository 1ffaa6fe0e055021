/**
 * Runs every vector of test/vectors/cases.json through the engine: `render`
 * cases compare trimmed output, `ast` cases the reference instruction arrays.
 * Vectors listed in known-failures.json run with `it.fails`, so a fix shows up
 * as a failure until the list is updated.
 * Filter with JSONT_CASES=<regex over id or category>.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { astCase, type ConformanceCase, renderCase } from '../src/cases.js';

const here = new URL('.', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('vectors/cases.json', here), 'utf8')) as {
  cases: ConformanceCase[];
};
const knownFailures = JSON.parse(readFileSync(new URL('known-failures.json', here), 'utf8')) as Record<string, string>;
const filter = process.env.JSONT_CASES ? new RegExp(process.env.JSONT_CASES) : null;
const selected = cases.filter((c) => filter === null || filter.test(c.id) || filter.test(c.category));

describe('conformance vectors (render)', () => {
  for (const c of selected) {
    if (c.kind !== 'render') continue;
    const test = Object.hasOwn(knownFailures, c.id) ? it.fails : it;
    test(`${c.id} [${c.category}]`, () => {
      expect(renderCase(c)).toBe((c.expected.output ?? '').trim());
    });
  }
});

describe('conformance vectors (ast, reference instruction arrays)', () => {
  for (const c of selected) {
    if (c.kind !== 'ast') continue;
    const test = Object.hasOwn(knownFailures, c.id) ? it.fails : it;
    test(`${c.id} [${c.category}]`, () => {
      expect(astCase(c)).toEqual(c.expected.code);
    });
  }
});

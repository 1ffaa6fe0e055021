/**
 * Runs every vector of test/vectors/cases.json through the engine: `render`
 * cases compare trimmed output, `ast` cases the reference instruction arrays.
 * The vectors' texts are trimmed, which hides whitespace: vectors that apply a
 * formatter printing markup are also compared untrimmed with the reference
 * engine, wherever the reference agrees with the vector.
 * Vectors listed in known-failures.json run with `it.fails`, so a fix shows up
 * as a failure until the list is updated.
 * Filter with JSONT_CASES=<regex over id or category>.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { astCase, type ConformanceCase, renderCase, renderCaseUntrimmed } from '../src/cases.js';
import { usesMarkupFormatter } from './markup.js';
import { renderReference } from './reference.js';

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

describe('conformance vectors printing markup, untrimmed against the reference', () => {
  for (const c of selected) {
    if (c.kind !== 'render' || Object.hasOwn(knownFailures, c.id) || !usesMarkupFormatter(c.template)) continue;
    const reference = renderReference(c.template, c.json, {
      locale: c.options.locale,
      now: c.options.now,
      partials: c.partials ?? {},
    });
    // Where the reference disagrees with the vector (Java-suite vectors), the trimmed test decides.
    if (reference.trim() !== (c.expected.output ?? '').trim()) continue;
    it(`${c.id} [${c.category}] untrimmed`, () => {
      expect(renderCaseUntrimmed(c)).toBe(reference);
    });
  }
});

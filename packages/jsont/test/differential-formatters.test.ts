/**
 * Differential test of the audit's kind of templates: every formatter with argument combinations
 * over a pool of values and over the conformance vectors' data, and every predicate with
 * arguments, in seven locales, against @squarespace/template-engine. Outputs are compared
 * untrimmed (formatters that print markup print whitespace too). A difference passes only when
 * an entry of differential-exceptions.ts gives its reason.
 * Narrow with JSONT_DIFF_FORMATTERS=<regex> and JSONT_DIFF_LOCALES=en-US,de-DE.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../src/index.js';
import { splitPath } from '../src/syntax/tag.js';
import {
  type FormatterCase,
  formatterCases,
  LOCALES,
  predicateCases,
  vectorFormatterCases,
} from './differential-cases.js';
import { type Difference, explain } from './differential-exceptions.js';
import { renderReference } from './reference.js';

const NOW = Date.UTC(2024, 4, 20, 12);
const PARTIALS = { p: '<{@}>' };
const filter = process.env.JSONT_DIFF_FORMATTERS ? new RegExp(process.env.JSONT_DIFF_FORMATTERS) : null;
const locales = process.env.JSONT_DIFF_LOCALES ? process.env.JSONT_DIFF_LOCALES.split(',') : [...LOCALES];

/** The value `{path|…}` applies its formatter to (`v` for the generated cases). */
function appliedValue(c: FormatterCase): unknown {
  const path = /^\[\{([^|,}]+)/.exec(c.template)?.[1] ?? 'v';
  if (path === '@') return c.json;
  let value: unknown = c.json;
  for (const key of splitPath(path)) {
    value = typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined;
  }
  return value;
}

/** Render every case in every locale; the differences no exception explains, as readable lines. */
function unexplained(cases: readonly (FormatterCase & { partials?: Record<string, string> })[]): string[] {
  const out: string[] = [];
  for (const c of cases) {
    for (const locale of locales) {
      const partials = c.partials ?? PARTIALS;
      const ours = render(c.template, c.json, { locale, now: NOW, partials }).output;
      const reference = renderReference(c.template, c.json, { locale, now: NOW, partials });
      if (ours === reference) continue;
      const d: Difference = { case: c, value: appliedValue(c), ours, reference };
      if (explain(d) === undefined && out.length < 20) {
        out.push(
          `${locale} ${c.template} value ${JSON.stringify(d.value)?.slice(0, 120)}\n  ours      ${JSON.stringify(ours)}\n  reference ${JSON.stringify(reference)}`,
        );
      }
    }
  }
  return out;
}

function byName(cases: FormatterCase[]): Map<string, FormatterCase[]> {
  const map = new Map<string, FormatterCase[]>();
  for (const c of cases) {
    if (filter !== null && !filter.test(c.formatter)) continue;
    const list = map.get(c.formatter) ?? [];
    list.push(c);
    map.set(c.formatter, list);
  }
  return map;
}

describe(`differential: every formatter and predicate with arguments, in ${locales.join(', ')}`, () => {
  it('covers at least six locales, including de-DE, fr-FR, ja-JP and en-GB', () => {
    expect(LOCALES.length).toBeGreaterThanOrEqual(6);
    for (const locale of ['de-DE', 'fr-FR', 'ja-JP', 'en-GB']) expect(LOCALES).toContain(locale);
  });

  for (const [name, cases] of byName(formatterCases())) {
    it(`formatter ${name} (${cases.length} templates × ${locales.length} locales)`, () => {
      expect(unexplained(cases)).toEqual([]);
    });
  }

  for (const [name, cases] of byName(predicateCases())) {
    it(`predicate ${name} (${cases.length} templates × ${locales.length} locales)`, () => {
      expect(unexplained(cases)).toEqual([]);
    });
  }

  it('every formatter applied to the conformance vectors’ data, with every argument list', () => {
    const cases = vectorFormatterCases().filter((c) => filter === null || filter.test(c.formatter));
    expect(unexplained(cases)).toEqual([]);
  }, 120_000);
});

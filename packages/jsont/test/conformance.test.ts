/**
 * Runs every `kind: "render"` vector of test/vectors/cases.json through the
 * engine. Vectors listed in known-failures.json run with `it.fails`, so a fix
 * shows up as a failure until the list is updated.
 * Filter with JSONT_CASES=<regex over id or category>.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../src/index.js';

interface Case {
  id: string;
  kind: 'render' | 'ast';
  category: string;
  template: string;
  json: unknown;
  partials: Record<string, string> | null;
  injects: Record<string, string> | null;
  options: { locale?: string; now?: number; enableExpr?: boolean; enableInclude?: boolean; preprocess?: boolean };
  expected: { output?: string; code?: unknown };
}

const here = new URL('.', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('vectors/cases.json', here), 'utf8')) as { cases: Case[] };
const knownFailures = JSON.parse(readFileSync(new URL('known-failures.json', here), 'utf8')) as Record<string, string>;
const filter = process.env.JSONT_CASES ? new RegExp(process.env.JSONT_CASES) : null;

export function renderCase(c: Case): string {
  const injects: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(c.injects ?? {})) injects[name] = JSON.parse(text);
  const { output } = render(c.template, c.json, {
    partials: c.partials ?? {},
    injects,
    locale: c.options.locale,
    now: c.options.now,
    enableExpr: c.options.enableExpr,
    enableInclude: c.options.enableInclude,
    preprocess: c.options.preprocess,
  });
  return output.trim();
}

describe('conformance vectors (render)', () => {
  for (const c of cases) {
    if (c.kind !== 'render') continue;
    if (filter !== null && !filter.test(c.id) && !filter.test(c.category)) continue;
    const test = Object.hasOwn(knownFailures, c.id) ? it.fails : it;
    test(`${c.id} [${c.category}]`, () => {
      expect(renderCase(c)).toBe((c.expected.output ?? '').trim());
    });
  }
});

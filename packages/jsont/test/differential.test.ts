/**
 * Differential test: random templates over the constructs where the reference engine
 * (@squarespace/template-engine) is known to be right, rendered against random JSON by both
 * engines; the outputs must be identical. A failure prints the shrunk template and data.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { render } from '../src/index.js';

const require = createRequire(import.meta.url);
const reference = require('@squarespace/template-engine') as {
  Compiler: new () => {
    execute(props: { code: string; json: unknown; cldr?: unknown; now?: number }): {
      ctx: { render(): string };
    };
  };
};
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (tag: string) => string }) => { get(tag: string): unknown };
};
const englishPack = readFileSync(require.resolve('@phensley/cldr/packs/en.json'), 'utf8');
const cldr = new CLDRFramework({ loader: () => englishPack }).get('en-US');
const compiler = new reference.Compiler();

const NOW = Date.UTC(2024, 4, 17, 12, 0, 0);
const TIME_ZONE = 'America/New_York';

function renderReference(template: string, json: unknown): string {
  return compiler.execute({ code: template, json, cldr, now: NOW }).ctx.render();
}

function renderOurs(template: string, json: unknown): string {
  return render(template, json, { locale: 'en-US', timeZone: TIME_ZONE, now: NOW }).output;
}

// ---------- data ----------
const KEYS = ['a', 'b', 'c', 'n', 's', 'items'] as const;

const text = fc.stringMatching(/^[a-zA-Z0-9 <>&"'\-_.,!?é]{0,12}$/);
const leaf = fc.oneof(
  text,
  fc.integer({ min: -20, max: 20 }),
  fc.constantFrom(0, 1, 2, 1.5, -0.5, 1e21),
  fc.boolean(),
  fc.constant(null),
);
const { json } = fc.letrec<{ json: unknown; obj: Record<string, unknown> }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    tie('obj'),
    fc.array(tie('json'), { maxLength: 4 }),
  ),
  obj: fc.dictionary(fc.constantFrom(...KEYS), tie('json'), { maxKeys: 5 }),
}));
// Round-trip through JSON so the data is exactly what a server hands the engine (plain prototypes, no -0).
const root = fc
  .tuple(fc.dictionary(fc.constantFrom(...KEYS), json, { minKeys: 2, maxKeys: 6 }), fc.integer({ min: -3, max: 5 }))
  .map(([value, num]) => JSON.parse(JSON.stringify({ ...value, num })) as Record<string, unknown>);

// ---------- templates ----------
const PATHS = [
  '@',
  'num',
  'a',
  'b',
  'c',
  'n',
  's',
  'items',
  'a.b',
  'a.c',
  'items.0',
  'items.1',
  'a.items.0',
  'b.n',
  'zz',
];
const path = fc.constantFrom(...PATHS);
const FORMATTERS = [
  'html',
  'htmlattr',
  'htmltag',
  'json',
  'safe',
  'str',
  'raw',
  'slugify',
  'count',
  'pluralize',
  'pluralize/y/ies',
  'truncate 5',
  'truncate 8 …',
  'url-encode',
  'capitalize',
  'output',
  'iter',
];
const formatterChain = fc.array(fc.constantFrom(...FORMATTERS), { maxLength: 2 });
const literalText = fc.stringMatching(/^[a-z <>&.\n]{0,6}$/);
const predicate = fc.oneof(
  fc.constantFrom('even?', 'odd?').chain((name) => path.map((p) => `${name} ${p}`)),
  fc.tuple(path, path).map(([x, y]) => `equal? ${x} ${y}`),
  fc.tuple(path, fc.integer({ min: 0, max: 3 })).map(([x, k]) => `equal? ${x} ${k}`),
  // Ordering comparisons only where both sides are numbers (`num` is always an integer).
  fc.integer({ min: -1, max: 3 }).map((k) => `greaterThan? num ${k}`),
  fc.integer({ min: -1, max: 3 }).map((k) => `lessThanOrEqual? num ${k}`),
);

const variable = fc.tuple(path, formatterChain).map(([p, fmts]) => `{${[p, ...fmts].join('|')}}`);
// The reference engine files block instructions written inside `{.alternates with}` under the section's main
// body (its parser bug; the Java compiler does not), so the alternates hold text and variables only.
const flat = fc.array(fc.oneof(literalText, variable), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));

const { block } = fc.letrec<{ block: string; part: string }>((tie) => ({
  block: fc.array(tie('part'), { maxLength: 4 }).map((parts) => parts.join('')),
  part: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literalText,
    variable,
    fc
      .tuple(path, tie('block'), fc.option(tie('block'), { nil: undefined }))
      .map(([p, body, alt]) => `{.section ${p}}${body}${alt === undefined ? '' : `{.or}${alt}`}{.end}`),
    fc
      .tuple(path, tie('block'), fc.option(flat, { nil: undefined }), fc.option(tie('block'), { nil: undefined }))
      .map(
        ([p, body, between, empty]) =>
          `{.repeated section ${p}}${body}${between === undefined ? '' : `{.alternates with}${between}`}${
            empty === undefined ? '' : `{.or}${empty}`
          }{.end}`,
      ),
    fc
      .tuple(predicate, tie('block'), fc.option(tie('block'), { nil: undefined }))
      .map(([p, yes, no]) => `{.${p}}${yes}${no === undefined ? '' : `{.or}${no}`}{.end}`),
    fc
      .tuple(fc.array(path, { minLength: 1, maxLength: 3 }), fc.constantFrom(' || ', ' && '))
      .map(([paths, op]) => paths.join(op))
      .chain((p) => fc.tuple(fc.constant(p), tie('block'), fc.option(tie('block'), { nil: undefined })))
      .map(([p, yes, no]) => `{.if ${p}}${yes}${no === undefined ? '' : `{.or}${no}`}{.end}`),
  ),
}));

const RUNS = Number(process.env.JSONT_DIFF_RUNS ?? 300);

describe('differential: @tessera/jsont against @squarespace/template-engine', () => {
  it('the reference engine loads and renders in this process', () => {
    expect(renderReference('{a|html}', { a: '<b>' })).toBe('&lt;b&gt;');
  });

  it(`renders ${RUNS} random templates over random JSON exactly like the reference`, () => {
    fc.assert(
      fc.property(block, root, (template, data) => {
        expect(renderOurs(template, data)).toBe(renderReference(template, data));
      }),
      { numRuns: RUNS, seed: process.env.JSONT_DIFF_SEED ? Number(process.env.JSONT_DIFF_SEED) : undefined },
    );
  });

  it('renders the benchmark grid page (money, date, pluralize, truncate, slugify, url-encode) like the reference', async () => {
    const { gridData } = (await import(new URL('../../../bench/jsont/data.mjs', import.meta.url).href)) as {
      gridData: (count: number) => unknown;
    };
    const source = readFileSync(new URL('../../../bench/jsont/grid.jsont', import.meta.url), 'utf8');
    const data = gridData(50);
    const ours = render(source, data, { locale: 'en-US', timeZone: TIME_ZONE, now: NOW });
    expect(ours.errors).toEqual([]);
    expect(ours.output.length).toBeGreaterThan(20_000);
    expect(ours.output).toBe(renderReference(source, data));
  });

  it('renders repeated sections with alternates, .or and @index like the reference', () => {
    const template = fc
      .tuple(path, formatterChain, literalText)
      .map(
        ([p, fmts, sep]) =>
          `{.repeated section ${p}}{@index}:{${['@', ...fmts].join('|')}}{.alternates with}${sep}{.or}none{.end}`,
      );
    fc.assert(
      fc.property(template, root, (t, data) => {
        expect(renderOurs(t, data)).toBe(renderReference(t, data));
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

/**
 * The generated blocks (codegen.ts) against the closure compiler they replace: every conformance
 * vector and thousands of random templates (sections, loops, predicates, `.or` chains, `.if`,
 * formatter chains, macros and `.var`, nested past the generator's depth and length limits)
 * render the same output and the same errors with generation on and off.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConformanceCase } from '../cases.js';
import { compile, type RenderOptions, type RenderResult, render } from '../engine.js';
import { setGeneration } from './codegen.js';

function both(template: string, json: unknown, options: RenderOptions = {}): [RenderResult, RenderResult] {
  const results: RenderResult[] = [];
  for (const on of [true, false]) {
    setGeneration(on);
    const compiled = compile(template, { preprocess: options.preprocess });
    // A fresh partials object each time: compiled partials are cached per object.
    const partials = options.partials === undefined ? undefined : { ...options.partials };
    results.push(render(compiled.template, json, { ...options, partials }));
  }
  setGeneration(true);
  return results as [RenderResult, RenderResult];
}

afterEach(() => setGeneration(true));

const vectors = (
  JSON.parse(readFileSync(new URL('../../test/vectors/cases.json', import.meta.url), 'utf8')) as {
    cases: ConformanceCase[];
  }
).cases.filter((c) => c.kind === 'render');

const PATHS = ['a', 'b', 'c', 'items', 'value', '@', 'a.b', 'items.0', 'a.items', '@index', '@index0', '@v', 'x-y'];
const FORMATTERS = [
  '|html',
  '|htmlattr',
  '|json',
  '|truncate 3',
  '|count',
  '|raw',
  '|safe',
  '|slugify',
  '|smartypants',
  '|capitalize',
  '|url-encode',
  '|date %Y',
  '|date',
  '|money',
  '|money style:code',
  '|datetime medium',
  '|decimal style:percent',
  '|relative-time',
  '|message a b',
  '|apply m',
  '|iter',
  '|cycle x y',
  '|round',
  '|pluralize a b',
  '|line-breaks',
  '|nope',
];
const PREDICATES = [
  'equal? a 1',
  'equal? @index 2',
  'even? @index',
  'odd? @index',
  'nth? @index 2',
  'greaterThan? a 1',
  'lessThanOrEqual? value 2',
  'notEqual? a b',
  'plural?',
  'collection?',
];

const path = fc.constantFrom(...PATHS);
const text = fc.constantFrom('a', ' ', '<b>', '&', '\n', '"q"', '{.meta-left}', '{# note}');
const variable = fc
  .tuple(fc.array(path, { minLength: 1, maxLength: 2 }), fc.array(fc.constantFrom(...FORMATTERS), { maxLength: 3 }))
  .map(([paths, formatters]) => `{${paths.join(',')}${formatters.join('')}}`);

const { body } = fc.letrec<{ body: string; node: string }>((tie) => ({
  body: fc.array(tie('node'), { maxLength: 5 }).map((nodes) => nodes.join('')),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    variable,
    fc
      .tuple(path, tie('body'), fc.option(tie('body')))
      .map(([p, b, alt]) => `{.section ${p}}${b}${alt === null ? '' : `{.or}${alt}`}{.end}`),
    fc
      .tuple(path, tie('body'), fc.option(tie('body')), fc.option(tie('body')))
      .map(
        ([p, b, between, alt]) =>
          `{.repeated section ${p}}${b}${between === null ? '' : `{.alternates with}${between}`}${alt === null ? '' : `{.or}${alt}`}{.end}`,
      ),
    fc
      .tuple(
        fc.constantFrom(...PREDICATES),
        tie('body'),
        fc.array(fc.tuple(fc.constantFrom(...PREDICATES), tie('body')), { maxLength: 3 }),
        fc.option(tie('body')),
      )
      .map(
        ([p, b, ors, last]) =>
          `{.${p}}${b}${ors.map(([q, ob]) => `{.or ${q}}${ob}`).join('')}${last === null ? '' : `{.or}${last}`}{.end}`,
      ),
    fc
      .tuple(
        fc.array(path, { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom('&&', '||'), { minLength: 3, maxLength: 3 }),
        tie('body'),
        fc.option(tie('body')),
      )
      .map(
        ([paths, ops, b, alt]) =>
          `{.if ${paths.map((p, i) => (i === 0 ? p : `${ops[i - 1]} ${p}`)).join(' ')}}${b}${alt === null ? '' : `{.or}${alt}`}{.end}`,
      ),
    fc.tuple(path, tie('body')).map(([p, b]) => `{.var @v ${p}}${b}`),
    tie('body').map((b) => `{.macro m}${b}{.end}`),
  ),
}));

const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('', 'x', '<a & b>', 'Héllo "w"'),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: false }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'items', 'value', 'x-y'), tie('json'), { maxKeys: 4 }),
  ),
}));

const OPTIONS: RenderOptions = { now: Date.UTC(2026, 0, 15), partials: { p: '{a|html}<{@|json}>' } };

describe('generated blocks render as the closures do', () => {
  it('every conformance vector', () => {
    for (const c of vectors) {
      const injects: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(c.injects ?? {})) injects[name] = JSON.parse(value);
      const options: RenderOptions = { ...c.options, partials: c.partials ?? {}, injects };
      const [generated, closures] = both(c.template, c.json, options);
      expect(generated, c.id).toEqual(closures);
    }
  });

  it('random templates on random data', () => {
    fc.assert(
      fc.property(body, fc.dictionary(fc.constantFrom('a', 'b', 'c', 'items', 'value'), json), (template, data) => {
        const [generated, closures] = both(template, data, OPTIONS);
        expect(generated).toEqual(closures);
      }),
      { numRuns: 600 },
    );
  });

  it('past the limits of one generated function: depth, length of chains, number of instructions', () => {
    const data = { a: 1, b: { a: 2 }, items: [1, 2, 3], value: 'v' };
    const deep = `${'{.section b}x{a}'.repeat(30)}${'{.end}'.repeat(30)}`;
    const ors = `{.equal? a 0}A${Array.from({ length: 40 }, (_, i) => `{.or equal? a ${i}}B${i}`).join('')}{.or}C{.end}`;
    const ifs = `{.if ${Array.from({ length: 30 }, (_, i) => (i === 29 ? 'a' : `c${i}`)).join(' || ')}}yes{.end}`;
    const many = '{a}{.section b}{a}{value|html}{.end}'.repeat(200);
    const nested = `{.repeated section items}${'{.section @}{@}'.repeat(20)}${'{.end}'.repeat(20)}{.end}`;
    for (const template of [deep, ors, ifs, many, nested]) {
      const [generated, closures] = both(template, data, OPTIONS);
      expect(generated.output.length).toBeGreaterThan(0);
      expect(generated).toEqual(closures);
    }
  });

  it('reuses the code of a block with the same structure, with its own text and values', () => {
    const a = compile('<p>{.section x}{y|html}{.or}none{.end}</p>').template;
    const b = compile('<li>{.section x}{y|html}{.or}nothing{.end}</li>').template;
    const c = compile('<li>{.section x}{z|html}{.or}nothing{.end}</li>').template;
    expect(b.exec.toString()).toBe(a.exec.toString());
    // Another path is another lookup written out: other code.
    expect(c.exec.toString()).not.toBe(a.exec.toString());
    expect(render(a, { x: 1, y: '<' }).output).toBe('<p>&lt;</p>');
    expect(render(b, { x: 0, y: '<' }).output).toBe('<li>nothing</li>');
  });

  it('runs html then line-breaks as one function, giving what the two give, at and past the output limit', () => {
    const alphabet = ['a', '&', '<', '>', '"', '\n', '\r', ' ', 'é', '\u2028'];
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let n = 0; n < 400; n++) {
      let text = '';
      const length = next() % 30;
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      for (const maxOutputLength of [1000, 5 + (next() % 40)]) {
        const options: RenderOptions = { limits: { maxOutputLength } };
        const [generated, closures] = both(
          '[{a|html|line-breaks}][{a|html foo|line-breaks bar}]',
          { a: text },
          options,
        );
        expect(generated, JSON.stringify(text)).toEqual(closures);
      }
    }
    expect(render('{a|html|line-breaks}', { a: 'x < y\n& z' }).output).toBe('x &lt; y<br/>&amp; z');
  });

  it('runs safe then truncate as one function, giving what the two give, at and past the output limit', () => {
    const alphabet = ['a', 'bc', ' ', '\t', '\n', '\u00a0', '<', '>', '<b>', '</p>', '<br/>', 'x y', '…'];
    let seed = 11;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    const values: unknown[] = [undefined, null, '', 0, 12345, true, [1], { a: 1 }];
    for (let n = 0; n < 600; n++) {
      let text = '';
      const length = next() % 24;
      for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
      values.push(text);
    }
    for (const value of values) {
      const limit = [1, 3, 5, 8, 13, 30, 0, -2][next() % 8];
      const ellipsis = ['', ' …', ' (more)'][next() % 3];
      for (const maxOutputLength of [1000, 4 + (next() % 20)]) {
        const template = `[{a|safe|truncate ${limit}${ellipsis}}][{a|safe|truncate}][{a|safe x|truncate/${limit}/}]`;
        const [generated, closures] = both(template, { a: value }, { limits: { maxOutputLength } });
        expect(generated, `${JSON.stringify(value)} ${template} ${maxOutputLength}`).toEqual(closures);
      }
    }
    expect(render('{a|safe|truncate 9 …}', { a: '<p>One <b>two</b> three</p>' }).output).toBe('One two …');
  });

  it('keeps the shapes a compiled call found apart per locale and zone, rendered again and again', () => {
    const source =
      '{t|datetime medium} {t|datetime date:full time:short} {t|date %H:%M} {n|decimal style:percent} {n|decimal} {m|money}';
    setGeneration(false);
    const closures = compile(source).template;
    setGeneration(true);
    const generated = compile(source).template;
    const cases: [string, string | undefined][] = [
      ['en-US', undefined],
      ['de-DE', 'Europe/Berlin'],
      ['ja-JP', 'Asia/Tokyo'],
      ['de-DE', undefined],
      ['en-US', 'Europe/Berlin'],
      ['fr-FR', ' Asia/Tokyo '],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [locale, zone] of cases) {
        const data = {
          t: Date.UTC(2026, 2, 29, 1, 30 + round),
          n: 0.125 + round,
          m: { value: '1234.5', currency: 'EUR' },
          website: zone === undefined ? {} : { timeZone: zone },
        };
        const options: RenderOptions = { locale, timeZone: 'America/Chicago' };
        const expected = render(closures, data, options);
        expect(render(generated, data, options), `${locale} ${zone}`).toEqual(expected);
      }
    }
  });

  it('runs message and one-value relative-time as generated calls, as the closures do, asking for now as before', () => {
    const data = {
      m: '{0} has {1 plural one{# seat} other{# seats}} left',
      who: 'Ana',
      n: 3,
      t: Date.UTC(2026, 0, 1),
      u: Date.UTC(2025, 5, 1),
    };
    for (const locale of ['en-US', 'de-DE', 'ja-JP']) {
      const options: RenderOptions = { locale, now: Date.UTC(2026, 2, 1) };
      const [generated, closures] = both('{m|message who n} · {t|relative-time} · {u,t|relative-time}', data, options);
      expect(generated).toEqual(closures);
    }
    let asked = 0;
    const now = () => {
      asked++;
      return Date.UTC(2026, 2, 1);
    };
    expect(render('{u,t|relative-time}', data, { now }).output).toBe('in 7 months');
    expect(asked).toBe(1);
  });
});

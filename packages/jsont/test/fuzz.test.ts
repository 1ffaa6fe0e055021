/**
 * Fuzz test: thousands of random and mutated templates (the conformance vectors with characters,
 * braces, dots, pipes and instructions inserted, deleted and duplicated) go through `compile` and
 * `render` with small limits. Required of every run: no exception escapes, the output stays
 * within `maxOutputLength`, and the run finishes. Renders happen in a worker thread so a run
 * that never ends fails the test (the worker is stopped) instead of hanging the suite.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limits } from '../src/index.js';
import { type Case, EngineWorker, type Outcome } from './engine-worker.js';

const LIMITS: Limits = {
  maxPartialDepth: 6,
  maxOutputLength: 4096,
  maxIterations: 5000,
  maxExpressionTokens: 64,
  maxStringLength: 2048,
  maxTemplateLength: 256 * 1024,
  maxInstructions: 20_000,
};
/** A render slower than this counts as not finishing (generous: two shared cores). */
const RUN_TIMEOUT_MS = 5_000;
const RUNS = Number(process.env.JSONT_FUZZ_RUNS ?? 2000);

function describeCase(c: Case): string {
  const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
  return `template ${clip(JSON.stringify(c.template))}\njson ${clip(JSON.stringify(c.json) ?? 'undefined')}`;
}

function expectSafe(c: Case, o: Outcome, limits: Limits = LIMITS) {
  if (o.threw !== undefined) throw new Error(`compile/render failed: ${o.threw}\n${describeCase(c)}`);
  if (o.stackOverflows > 0) throw new Error(`a raw stack overflow was reported\n${describeCase(c)}`);
  if (o.outputLength > limits.maxOutputLength) {
    throw new Error(
      `output of ${o.outputLength} characters exceeds maxOutputLength ${limits.maxOutputLength}\n${describeCase(c)}`,
    );
  }
}

// ---------- the vectors to mutate ----------
interface VectorCase {
  kind: string;
  template: string;
  json: unknown;
  partials: Record<string, string> | null;
  injects: Record<string, string> | null;
  options: Case['options'];
}
const vectors = (
  JSON.parse(readFileSync(new URL('vectors/cases.json', import.meta.url), 'utf8')) as { cases: VectorCase[] }
).cases
  .filter((v) => v.kind === 'render')
  .map((v): Case => {
    const injects: Record<string, unknown> = {};
    for (const [name, text] of Object.entries(v.injects ?? {})) {
      try {
        injects[name] = JSON.parse(text);
      } catch {
        injects[name] = text;
      }
    }
    return { template: v.template, json: v.json, partials: v.partials, injects, options: v.options };
  });

const FRAGMENTS = [
  '{',
  '}',
  '.',
  '|',
  '@',
  ' ',
  '\n',
  '?',
  '/',
  '#',
  '^',
  '$',
  '%',
  '"',
  "'",
  ',',
  '[',
  ']',
  '(',
  ')',
  '\\',
  '&',
  '<',
  '{.',
  '{@',
  '{@index}',
  '{.end}',
  '{.or}',
  '{.alternates with}',
  '{.section ',
  '{.repeated section ',
  '{.if ',
  '{.var @v ',
  '{.eval ',
  '{.macro m}',
  '{.include m}',
  '{.ctx @c a=b}',
  '{.inject @x x}',
  '{.meta-left}',
  '{.space}',
  '{##',
  '##}',
  '{#',
  '{.equal? ',
  '{.even? ',
  '|html',
  '|json',
  '|apply p',
  '|truncate 3',
  '|date %Y',
  '|money',
  '|pluralize/a/b',
  '|format',
  '|iter',
  '|lookup',
  '|get a',
  '{^',
  '\u0000',
  '\uD800',
  '\u{1F600}',
  '∑',
];

type Mutation =
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number; length: number }
  | { op: 'duplicate'; at: number; length: number; to: number }
  | { op: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...FRAGMENTS) }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 4 }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 8 }) }),
  fc.record({
    op: fc.constant('duplicate' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 40 }),
    to: fc.nat(),
  }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(source: string, mutations: readonly Mutation[]): string {
  let s = source;
  for (const m of mutations) {
    const at = s.length === 0 ? 0 : m.at % (s.length + 1);
    switch (m.op) {
      case 'insert':
        s = s.slice(0, at) + m.text + s.slice(at);
        break;
      case 'delete':
        s = s.slice(0, at) + s.slice(at + m.length);
        break;
      case 'duplicate': {
        const piece = s.slice(at, at + m.length);
        const to = m.to % (s.length + 1);
        s = s.slice(0, to) + piece + s.slice(to);
        break;
      }
      case 'truncate':
        s = s.slice(0, at);
        break;
    }
  }
  return s;
}

// ---------- random JSON for random templates ----------
const { anyJson } = fc.letrec<{ anyJson: unknown }>((tie) => ({
  anyJson: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 8 }),
    fc.double({ noNaN: false }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('anyJson'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'items', 'value', 'currency', '@'), tie('anyJson'), { maxKeys: 4 }),
  ),
}));

const worker = new EngineWorker(LIMITS, RUN_TIMEOUT_MS);
beforeAll(() => worker.start(), 60_000);
afterAll(() => worker.stop());

describe('fuzz: compile and render never throw, respect the limits and finish', () => {
  it('every conformance vector itself renders safely under the small limits', async () => {
    for (const c of vectors) expectSafe(c, await worker.run(c));
  }, 120_000);

  it(`${RUNS} mutated conformance vectors`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: vectors.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 6 }),
        async (index, mutations) => {
          const base = vectors[index]!;
          const c = { ...base, template: mutate(base.template, mutations) };
          expectSafe(c, await worker.run(c));
        },
      ),
      { numRuns: RUNS },
    );
  }, 300_000);

  it(`${RUNS} random templates from instruction fragments over random JSON`, async () => {
    const template = fc.array(
      fc.oneof(fc.constantFrom(...FRAGMENTS), fc.constantFrom('a', 'b', 'items', 'value', 'x')),
      {
        maxLength: 40,
      },
    );
    await fc.assert(
      fc.asyncProperty(template, anyJson, fc.boolean(), async (parts, json, enableExpr) => {
        const c: Case = { template: parts.join(''), json, options: { enableExpr, now: 0 } };
        expectSafe(c, await worker.run(c));
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});

describe('fuzz: pathological shapes stay bounded', () => {
  // 200 × 200 × 200 iterations through shared rows (cheap to send to the worker, huge to render).
  const row = Array.from({ length: 200 }, (_, i) => i);
  const mid = Array.from({ length: 200 }, () => ({ c: row }));
  const cube = { a: Array.from({ length: 200 }, () => ({ b: mid })) };
  const cases: [string, Case][] = [
    [
      'deep nesting of sections',
      { template: `${'{.section a}'.repeat(5000)}x${'{.end}'.repeat(5000)}`, json: { a: {} } },
    ],
    ['deep nesting left unclosed', { template: '{.repeated section a}{.if b}'.repeat(4000), json: {} }],
    ['a long formatter chain', { template: `{a${'|html|safe'.repeat(2000)}}`, json: { a: '<&>' } }],
    [
      'a formatter chain that doubles the value at each step',
      { template: `{a${'|json'.repeat(60)}}`, json: { a: '"' } },
    ],
    [
      'nested repeats that would print megabytes',
      {
        template: '{.repeated section a}{.repeated section b}{.repeated section c}0123456789{.end}{.end}{.end}',
        json: cube,
      },
    ],
    [
      'nested repeats that print nothing (iteration limit)',
      {
        template: '{.repeated section a}{.repeated section b}{.repeated section c}{.end}{.end}{.end}',
        json: cube,
      },
    ],
    ['a partial that applies itself', { template: '{@|apply p}', json: { a: 1 }, partials: { p: 'x{@|apply p}y' } }],
    [
      'two partials applying each other',
      {
        template: '{@|apply p}',
        json: { a: 1 },
        partials: { p: '{@|apply q}{@|apply q}', q: '{@|apply p}{@|apply p}' },
      },
    ],
    ['a macro that calls itself', { template: '{.macro m}[{@|apply m}]{.end}{@|apply m}', json: {} }],
    [
      'an expression past the token limit',
      {
        template: `{.eval ${Array.from({ length: 500 }, (_, i) => i).join(' + ')}}`,
        json: {},
        options: { enableExpr: true },
      },
    ],
    [
      'an expression building a long string',
      {
        template: `{.eval @s = "${'x'.repeat(1000)}" + "${'y'.repeat(1000)}" + "${'z'.repeat(1000)}"}{@s}`,
        json: {},
        options: { enableExpr: true },
      },
    ],
    ['a huge variable value', { template: '{a}{a|html}{a|json}', json: { a: 'x'.repeat(100_000) } }],
    ['a very long unclosed tag', { template: `{${'a.'.repeat(50_000)}`, json: {} }],
  ];
  for (const [name, c] of cases) {
    it(name, async () => {
      const outcome = await worker.run(c);
      expectSafe(c, outcome);
      expect(outcome.ms).toBeLessThan(RUN_TIMEOUT_MS);
    }, 60_000);
  }

  it('reports hitting the output limit as a limit error', async () => {
    const c = cases.find(([name]) => name.includes('megabytes'))![1];
    const outcome = await worker.run(c);
    expectSafe(c, outcome);
    expect(outcome.limitErrors).toBeGreaterThan(0);
  });
});

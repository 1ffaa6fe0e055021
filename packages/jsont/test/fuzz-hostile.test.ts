/**
 * Fuzz test of the audit's hostile shapes (issue 25, "Hostile input"), under the default limits
 * (or the output limit lowered to 1 MiB): partial fan-out, huge and instruction-heavy templates,
 * values far past the output limit, and deep nesting of messages, JSON and `.or` chains. Each run
 * happens in a worker that measures its own CPU time and heap growth (see engine-worker.ts); both
 * must stay bounded, no raw stack overflow may surface, and the error list must stay capped and
 * serialisable.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../src/runtime/limits.js';
import { type Case, EngineWorker, type Outcome } from './engine-worker.js';

const LIMITS: Limits = { ...DEFAULT_LIMITS, maxOutputLength: 1024 * 1024 };
/** CPU time one case (a compile and two renders) may take, measured in the worker. */
const MAX_CPU_MS = 3_000;
/**
 * Templates near the source and instruction limits compile 100,000 nodes twice: linear work, but
 * about 3 s of CPU on a loaded 2-core machine, so they get a wider bound that still catches any
 * blow-up past linear.
 */
const MAX_CPU_MS_LARGE_TEMPLATE = 10_000;
/**
 * Heap growth one case may cause, measured in the worker (whose heap is capped at 512 MB); cases
 * near the instruction limit hold two compiled copies of a 100,000-instruction template.
 */
const MAX_HEAP_MB = 96;
const MAX_HEAP_MB_LARGE_TEMPLATE = 400;
const worker = new EngineWorker(LIMITS, 30_000, 512, true);
beforeAll(() => worker.start(), 60_000);
afterAll(() => worker.stop());

function fanOut(count: number, fan: number, name = (i: number) => `p${i}`): Record<string, string> {
  const partials: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    partials[name(i)] = i === count - 1 ? 'x' : `{@|apply ${name(i + 1)}}`.repeat(fan);
  }
  return partials;
}

function nestedMessage(depth: number): string {
  let m = 'x';
  for (let i = 0; i < depth; i++) m = `{0 select a{${m}} other{y}}`;
  return m;
}

const LONG = (i: number) => `partial-${'n'.repeat(20_000)}-${i}`;
const CASES: [string, Case][] = [
  [
    'thirty partials each applying the next three times',
    { template: '{@|apply p0}', json: {}, partials: fanOut(30, 3) },
  ],
  [
    'thirty partials with long names each applying the next three times',
    { template: `{@|apply ${LONG(0)}}`, json: {}, partials: fanOut(30, 3, LONG) },
  ],
  [
    'a 1.2 MB template with 200,000 distinct variables',
    { template: Array.from({ length: 200_000 }, (_, i) => `{v${i}}`).join(''), json: {} },
  ],
  [
    '99,000 distinct variables with formatters (under the instruction limit)',
    { template: Array.from({ length: 99_000 }, (_, i) => `{v${i}.x|html}`).join(''), json: { v7: { x: '<' } } },
  ],
  ['50,000 decimal instructions', { template: '{a|decimal}'.repeat(50_000), json: { a: 1234.5 } }],
  ['a template past the source limit', { template: `${'x'.repeat(3 * 1024 * 1024)}{a}`, json: { a: 1 } }],
  ...[
    'html',
    'htmlattr',
    'htmltag',
    'url-encode',
    'encode-uri',
    'encode-space',
    'line-breaks',
    'html|line-breaks',
    'safe',
    'safe|truncate 20000000',
    'slugify',
    'smartypants',
    'capitalize',
    'format',
    'json',
    'message',
  ].map((formatter): [string, Case] => [
    `a 14-million-character value through ${formatter}`,
    { template: `{a|${formatter}}`, json: {}, build: { kind: 'string', text: '<a & "b">\n{0}', repeat: 1_000_000 } },
  ]),
  ['a message nested 20,000 deep', { template: '{m|message n}', json: { m: nestedMessage(20_000), n: 1 } }],
  [
    'JSON nested 200,000 deep',
    {
      template: '{a|json}{a|raw}{a|json-pretty}{.equal? a a}eq{.end}{a|count}after',
      json: {},
      build: { kind: 'deep-array', depth: 200_000 },
    },
  ],
  [
    'a JSON object nested 200,000 deep',
    {
      template: '{a|json}{.section a}{a.a.a|json}{.end}after',
      json: {},
      build: { kind: 'deep-object', depth: 200_000 },
    },
  ],
  ['8,000 chained .or tags', { template: `{.section a}A${'{.or}B'.repeat(8000)}{.end}tail`, json: {} }],
  [
    '8,000 chained .or predicates',
    { template: `{.equal? n 0}A${'{.or equal? n 1}B'.repeat(8000)}{.or}C{.end}tail`, json: { n: 1 } },
  ],
];

function expectBounded(name: string, o: Outcome, maxHeapMb = MAX_HEAP_MB, maxCpuMs = MAX_CPU_MS): void {
  expect(o.threw, name).toBeUndefined();
  expect(o.stackOverflows, `${name}: raw stack overflow`).toBe(0);
  expect(o.outputLength, `${name}: output`).toBeLessThanOrEqual(LIMITS.maxOutputLength);
  expect(o.errorCount, `${name}: errors`).toBeLessThanOrEqual(1001);
  expect(o.errorsJsonLength, `${name}: JSON.stringify(errors)`).toBeGreaterThanOrEqual(2);
  expect(o.errorsJsonLength, `${name}: JSON.stringify(errors)`).toBeLessThan(4 * 1024 * 1024);
  expect(o.cpuMs, `${name}: CPU ms`).toBeLessThan(maxCpuMs);
  expect(o.heapMb, `${name}: heap MB`).toBeLessThan(maxHeapMb);
}

describe('fuzz: the hostile shapes stay bounded in CPU time and memory (measured in the worker)', () => {
  for (const [name, c] of CASES) {
    it(name, async () => {
      const large = c.template.length > 500_000;
      const bounds = large
        ? ([MAX_HEAP_MB_LARGE_TEMPLATE, MAX_CPU_MS_LARGE_TEMPLATE] as const)
        : ([MAX_HEAP_MB, MAX_CPU_MS] as const);
      expectBounded(name, await worker.run(c), ...bounds);
    }, 60_000);
  }

  it('partial fan-out of random width and depth, with random name lengths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 40 }),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 5000 }),
        async (count, fan, nameLength) => {
          const name = (i: number) => `${'p'.repeat(nameLength)}${i}`;
          const c: Case = { template: `{@|apply ${name(0)}}`, json: {}, partials: fanOut(count, fan, name) };
          expectBounded(`fan-out ${count}×${fan}`, await worker.run(c));
        },
      ),
      { numRuns: 8 },
    );
  }, 300_000);

  it('nesting of random depth: messages, JSON and .or chains', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 60_000 }), fc.constantFrom(0, 1, 2), async (depth, shape) => {
        const c: Case =
          shape === 0
            ? { template: '{m|message n}', json: { m: nestedMessage(Math.min(depth, 20_000)), n: 1 } }
            : shape === 1
              ? { template: '{a|json}{a|raw}', json: {}, build: { kind: 'deep-array', depth: depth * 4 } }
              : {
                  template: `{.equal? n 0}A${'{.or equal? n 1}B'.repeat(Math.min(depth, 10_000))}{.end}`,
                  json: { n: 2 },
                };
        expectBounded(`shape ${shape} depth ${depth}`, await worker.run(c));
      }),
      { numRuns: 8 },
    );
  }, 300_000);
});

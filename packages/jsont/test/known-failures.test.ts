/**
 * Every vector left in known-failures.json must be there for a reason this file
 * can check mechanically; a fixable engine bug has no business in the list.
 *
 * - `cldr`: the expected text was written against older CLDR data. Rewriting our
 *   output with the listed (CLDR 1.14 pattern → older pattern) pairs gives the
 *   expected text exactly, and every 1.14 pattern is in the locale pack the
 *   engine loads (@phensley/cldr 1.14 ships CLDR 48).
 * - `contradicts`: another vector, which passes, gives the same instruction the
 *   same input and expects a different text.
 * - `sameInputTwoOutputs`: within one vector, equal input values must print differently.
 * - `layout`: the expected text has blank lines or spaces that the template's
 *   literal text cannot produce (checked on the template's line structure).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { astCase, type ConformanceCase, renderCase } from '../src/cases.js';
import { cldrFor } from '../src/runtime/cldr.js';

const here = new URL('.', import.meta.url);
const { cases } = JSON.parse(readFileSync(new URL('vectors/cases.json', here), 'utf8')) as { cases: ConformanceCase[] };
const knownFailures = JSON.parse(readFileSync(new URL('known-failures.json', here), 'utf8')) as Record<string, string>;
const byPrefix = (prefix: string): ConformanceCase => {
  const found = cases.find((c) => c.id.startsWith(prefix));
  if (found === undefined) throw new Error(`no vector ${prefix}`);
  return found;
};
const expectedOf = (c: ConformanceCase): string => (c.expected.output ?? '').trim();
const lines = (text: string): string[] => text.split('\n');

const require = createRequire(import.meta.url);
const packs = new Map<string, string>();
/** The text of a CLDR 1.14 locale pack, parsed and re-serialised so escapes are decoded. */
function packText(language: string): string {
  let text = packs.get(language);
  if (text === undefined) {
    text = JSON.stringify(JSON.parse(readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8')));
    packs.set(language, text);
  }
  return text;
}

const NNBSP = '\u202f';
const NBSP = '\u00a0';

/** A CLDR 1.14 pattern and the pattern the vector's author had. `{0}` patterns are rewritten after a digit. */
type Rewrite = readonly [cldr114: string, older: string];

interface CldrClaim {
  readonly kind: 'cldr';
  /** Single patterns that changed, applied first. */
  readonly rewrites: readonly Rewrite[];
  /** The fr group separator of 1.14 (U+202F) printed as the older U+00A0. */
  readonly groupNbsp?: boolean;
  /** Unit patterns `{0}␣name` with U+00A0 (long names) in 1.14, a plain space before. */
  readonly nbspNames?: boolean;
  /** Unit patterns `{0}␣abbr` with U+202F (short names) in 1.14, a plain space before. */
  readonly nnbspNames?: boolean;
  /** After the rewrites a layout difference remains (see `layout`). */
  readonly thenLayout?: LayoutClaim;
}

interface ContradictsClaim {
  readonly kind: 'contradicts';
  readonly other: string;
  /** Lines of this vector's and the other vector's expected text that render the same call on the same input. */
  readonly lines: readonly [mine: number, theirs: number];
  /** Same template and data (else only the compared call is shared). */
  readonly identicalInput?: boolean;
}

interface SameInputClaim {
  readonly kind: 'sameInputTwoOutputs';
  /** Indices of `json.numbers` holding equal values that the expected text prints differently. */
  readonly pairs: readonly [number, number][];
}

interface LayoutClaim {
  readonly kind: 'layout';
  /** The passing vector whose expected text keeps the whitespace this one drops, if any. */
  readonly keptBy?: string;
}

interface OtherClaim {
  readonly kind: 'other';
  readonly check: (c: ConformanceCase) => void;
}

type Claim = CldrClaim | ContradictsClaim | SameInputClaim | LayoutClaim | OtherClaim;

const UNIT_SPACE = (unit: string): Rewrite => [`{0}${unit}`, `{0} ${unit}`];

const CLAIMS: Record<string, Claim> = {
  '0335-f-datetime-interval': { kind: 'contradicts', other: '0486', lines: [1, 1], identicalInput: true },
  '0336-f-decimal': {
    kind: 'other',
    check: (c) => {
      // Both print "1200" (locale en) with a bare {@|decimal}: 0336 expects no grouping, 0494 (Java suite) grouping.
      const other = byPrefix('0494');
      expect(Object.hasOwn(knownFailures, other.id)).toBe(false);
      expect(renderCase(other)).toBe(expectedOf(other));
      expect(c.options.locale).toBe(other.options.locale);
      expect(c.template).toContain('{@|decimal}  ');
      expect(other.template).toContain('{.repeated section nums}\n{@|decimal}\n');
      expect((c.json as { nums: string[] }).nums[4]).toBe('1200');
      expect((other.json as { nums: string[] }).nums[5]).toBe('1200');
      expect(lines(expectedOf(c))[4]?.split('  ')[0]).toBe('1200');
      expect(lines(expectedOf(other))[25]).toBe('1,200');
    },
  },
  '0322-f-variants-select': {
    kind: 'other',
    check: (c) => {
      // Deliberate: the reference prints the option name raw inside aria-label; Tessera escapes it.
      // The two outputs differ only there: un-escaping our aria-label gives the reference's text.
      const ours = renderCase(c);
      const expected = expectedOf(c);
      expect(expected).toContain('aria-label="Select color&hue"');
      expect(ours).toContain('aria-label="Select color&amp;hue"');
      expect(ours.replace('aria-label="Select color&amp;hue"', 'aria-label="Select color&hue"').trim()).toBe(
        expected.trim(),
      );
    },
  },
  '0339-f-message-datetime-interval': { kind: 'contradicts', other: '0489', lines: [1, 1] },
  '0340-f-message-datetime-interval': { kind: 'contradicts', other: '0490', lines: [1, 1] },
  '0497-f-relative-time': { kind: 'contradicts', other: '0273', lines: [0, 0] },
  '0063-f-cart-subtotal': { kind: 'contradicts', other: '0482', lines: [0, 0], identicalInput: true },
  '0342-f-message-plural': {
    kind: 'sameInputTwoOutputs',
    pairs: [
      [0, 1],
      [3, 4],
      [6, 7],
      [11, 12],
    ],
  },
  '0343-f-message-plural': {
    kind: 'sameInputTwoOutputs',
    pairs: [
      [0, 1],
      [3, 4],
      [6, 7],
      [11, 12],
    ],
  },
  '0344-f-message-plural': {
    kind: 'sameInputTwoOutputs',
    pairs: [
      [0, 1],
      [3, 4],
      [6, 7],
      [11, 12],
    ],
  },
  '0492-f-message-plural': {
    kind: 'sameInputTwoOutputs',
    pairs: [
      [0, 1],
      [3, 4],
      [6, 7],
      [11, 12],
    ],
  },
  '0346-f-message-units': { kind: 'cldr', rewrites: [UNIT_SPACE('Go')], nbspNames: true },
  '0348-f-unit-area': { kind: 'cldr', rewrites: [UNIT_SPACE('km²')] },
  '0447-unit': { kind: 'cldr', rewrites: [[`{0}${NBSP}force${NBSP}g`, '{0}G'], UNIT_SPACE('m/s²')] },
  '0449-unit': {
    kind: 'cldr',
    groupNbsp: true,
    nbspNames: true,
    nnbspNames: true,
    rewrites: [UNIT_SPACE('tr')],
  },
  '0451-unit': {
    kind: 'cldr',
    groupNbsp: true,
    nbspNames: true,
    rewrites: [UNIT_SPACE('cm²'), UNIT_SPACE('yd²'), [`{0}${NBSP}milles carrés`, '{0} miles carrés']],
    thenLayout: { kind: 'layout' },
  },
  '0453-unit': { kind: 'cldr', groupNbsp: true, nbspNames: true, rewrites: [UNIT_SPACE('mi/gal')] },
  '0454-unit': { kind: 'cldr', rewrites: [['{0}B', '{0}byte']], thenLayout: { kind: 'layout' } },
  '0455-unit': {
    kind: 'cldr',
    groupNbsp: true,
    nbspNames: true,
    rewrites: [
      ['{0}o', '{0} octet'],
      ['{0}Gbit', '{0} Gb'],
      UNIT_SPACE('ko'),
      UNIT_SPACE('Mo'),
      UNIT_SPACE('Go'),
      UNIT_SPACE('To'),
    ],
    thenLayout: { kind: 'layout' },
  },
  '0457-unit': {
    kind: 'cldr',
    groupNbsp: true,
    nbspNames: true,
    nnbspNames: true,
    rewrites: [
      ['{0}m.', '{0}m'],
      [`{0}${NNBSP}m.`, '{0} m'],
    ],
  },
  '0459-unit': { kind: 'cldr', groupNbsp: true, rewrites: [UNIT_SPACE('A'), UNIT_SPACE('mA')] },
  '0460-unit': { kind: 'layout' },
  '0461-unit': { kind: 'cldr', nbspNames: true, rewrites: [], thenLayout: { kind: 'layout' } },
  '0463-unit': {
    kind: 'cldr',
    groupNbsp: true,
    nbspNames: true,
    rewrites: [UNIT_SPACE('Hz'), UNIT_SPACE('MHz'), UNIT_SPACE('GHz'), UNIT_SPACE('kHz')],
  },
  '0464-unit': { kind: 'layout', keptBy: '0193' },
  '0465-unit': {
    kind: 'cldr',
    groupNbsp: true,
    nbspNames: true,
    nnbspNames: true,
    rewrites: [],
    thenLayout: { kind: 'layout', keptBy: '0193' },
  },
  '0466-unit': { kind: 'layout', keptBy: '0193' },
  '0467-unit': {
    kind: 'cldr',
    nbspNames: true,
    rewrites: [UNIT_SPACE('t')],
    thenLayout: { kind: 'layout', keptBy: '0193' },
  },
  '0469-unit': { kind: 'cldr', groupNbsp: true, nbspNames: true, rewrites: [] },
  '0471-unit': { kind: 'cldr', groupNbsp: true, rewrites: [] },
  '0473-unit': { kind: 'cldr', nbspNames: true, rewrites: [] },
  '0475-unit': { kind: 'cldr', groupNbsp: true, nbspNames: true, rewrites: [] },
  '0477-ast': {
    kind: 'other',
    check: (c) => {
      // Same template as 0014 (TS suite), which passes; the two expect different instruction arrays.
      const other = byPrefix('0014');
      expect(other.template.trim()).toBe(c.template.trim());
      expect(Object.hasOwn(knownFailures, other.id)).toBe(false);
      expect(astCase(other)).toEqual(other.expected.code);
      expect(c.expected.code).not.toEqual(other.expected.code);
    },
  },
  '0053-f-add-to-cart-btn-subscribable-attribute-false': { kind: 'other', check: (c) => checkOlderButton(c) },
  '0054-f-add-to-cart-btn-subscribable-attribute-true': { kind: 'other', check: (c) => checkOlderButton(c) },
  '0338-f-foo': {
    kind: 'other',
    check: (c) => {
      // The reference engine prints exactly what we print; the vector expects nothing.
      expect(expectedOf(c)).toBe('');
      expect(renderCase(c)).toBe(renderReference(c).trim());
      expect(renderCase(c)).toContain('product-price');
    },
  },
};

const BUTTON_MARKERS = ['sqs-button-element--primary', 'data-dynamic-strings'];

/** The vector expects add-to-cart markup without markers that every vector 0043–0052 (both suites) expects. */
function checkOlderButton(c: ConformanceCase): void {
  expect(c.template.trim()).toBe('{item|add-to-cart-btn}');
  for (const marker of BUTTON_MARKERS) expect(expectedOf(c)).not.toContain(marker);
  for (let n = 43; n <= 52; n++) {
    const other = byPrefix(`00${n}`);
    expect(other.run_by_suite).toEqual({ ts: true, java: true });
    expect(Object.hasOwn(knownFailures, other.id)).toBe(false);
    expect(other.template.trim()).toBe('{item|add-to-cart-btn}');
    for (const marker of BUTTON_MARKERS) expect(expectedOf(other)).toContain(marker);
  }
}

const reference = require('@squarespace/template-engine') as {
  Compiler: new () => {
    execute(props: { code: string; json: unknown; cldr?: unknown; now?: number }): { ctx: { render(): string } };
  };
};

/** The reference TypeScript engine's output for a vector (English CLDR). */
function renderReference(c: ConformanceCase): string {
  const { CLDRFramework } = require('@phensley/cldr') as {
    CLDRFramework: new (options: { loader: (tag: string) => string }) => { get(tag: string): unknown };
  };
  const cldr = new CLDRFramework({
    loader: (tag) => readFileSync(require.resolve(`@phensley/cldr/packs/${tag}.json`), 'utf8'),
  }).get(c.options.locale ?? 'en');
  return new reference.Compiler().execute({ code: c.template, json: c.json, cldr, now: c.options.now }).ctx.render();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A number then a unit name joined by `space`: the name runs to the next number or the line end. */
const namesAfter = (space: string) => new RegExp(`(\\d)${space}([\\p{L}’'][\\p{L}’'. -]*?)(?=\\s+-?\\d|\\s*$)`, 'gmu');

/**
 * Apply a CLDR claim to rendered text; returns the text and the 1.14 patterns
 * the rewrites relied on (each must be in the locale pack).
 */
function applyRewrites(text: string, claim: CldrClaim): { text: string; patterns: string[] } {
  const patterns: string[] = [];
  let out = text;
  // Longest first, so `{0} heures` wins over `{0} heure`.
  const sorted = [...claim.rewrites].sort((a, b) => b[0].length - a[0].length);
  for (const [now, older] of sorted) {
    patterns.push(now);
    if (now.startsWith('{0}')) {
      const tail = now.slice(3);
      out = out.replace(new RegExp(`(\\d)${escapeRegExp(tail)}(?![\\p{L}])`, 'gu'), `$1${older.slice(3)}`);
    } else {
      out = out.replaceAll(now, older);
    }
  }
  for (const [flag, space] of [
    [claim.nbspNames, NBSP],
    [claim.nnbspNames, NNBSP],
  ] as const) {
    if (!flag) continue;
    out = out.replace(namesAfter(space), (_m, digit: string, name: string) => {
      patterns.push(`{0}${space}${name}`);
      return `${digit} ${name}`;
    });
  }
  if (claim.groupNbsp) out = out.replace(/(\d)\u202f(?=\d)/g, `$1${NBSP}`);
  return { text: out, patterns };
}

/** Each template line is blank or one `{…}` instruction: then the output has one line per template line. */
function checkLayout(c: ConformanceCase, actual: string, claim: LayoutClaim): void {
  const expected = expectedOf(c);
  expect(actual).not.toBe(expected);
  // Same text once blank lines and indentation are ignored: only whitespace differs.
  const squash = (text: string) =>
    lines(text)
      .map((l) => l.trim())
      .filter((l) => l !== '');
  expect(squash(actual)).toEqual(squash(expected));
  const template = c.template.trim();
  if (claim.keptBy === undefined) {
    // No block in the template: every line is blank or a single variable instruction, so line i
    // of the output is template line i; a blank line or leading space elsewhere is not in the template.
    for (const line of lines(template)) expect(line).toMatch(/^(\{[^.{}][^{}]*\})?$/);
    const templateLines = lines(template);
    const expectedLines = lines(expected);
    const mismatch = expectedLines.findIndex(
      (line, i) => (line === '') !== (templateLines[i] === '') || line !== line.trimStart(),
    );
    expect(mismatch).toBeGreaterThanOrEqual(0);
  } else {
    // A `{.end}` alone on its line followed by a blank line: the expected text drops one of the
    // two newlines, while the passing vector `keptBy` (same construct) requires both.
    expect(template).toMatch(/\n\{\.end\}\n\n/);
    const other = byPrefix(claim.keptBy);
    expect(Object.hasOwn(knownFailures, other.id)).toBe(false);
    expect(other.template).toMatch(/\n\{\.end\}\n\n/);
    expect(renderCase(other)).toBe(expectedOf(other));
    expect(lines(expected).length).toBe(lines(actual).length - 1);
  }
}

function checkClaim(c: ConformanceCase, claim: Claim): void {
  const actual = renderCase(c);
  const expected = expectedOf(c);
  switch (claim.kind) {
    case 'cldr': {
      const language = (c.options.locale ?? 'en').split(/[-_]/)[0] as string;
      if (claim.groupNbsp) {
        expect(cldrFor(c.options.locale ?? 'en').Numbers.formatDecimal('1234567', { group: true })).toBe(
          `1${NNBSP}234${NNBSP}567`,
        );
      }
      const { text: rewritten, patterns } = applyRewrites(actual, claim);
      for (const pattern of patterns)
        expect(packText(language).includes(pattern), `CLDR 1.14 ${language} has ${pattern}`).toBe(true);
      if (claim.thenLayout) checkLayout(c, rewritten, claim.thenLayout);
      else expect(rewritten).toBe(expected);
      expect(actual).not.toBe(expected);
      return;
    }
    case 'contradicts': {
      const other = byPrefix(claim.other);
      expect(Object.hasOwn(knownFailures, other.id)).toBe(false);
      expect(renderCase(other)).toBe(expectedOf(other));
      expect(other.json).toEqual(c.json);
      expect(other.options.locale).toBe(c.options.locale);
      if (claim.identicalInput) expect(other.template.trim()).toBe(c.template.trim());
      const [mine, theirs] = claim.lines;
      const a = lines(expected)[mine] as string;
      const b = lines(expectedOf(other))[theirs] as string;
      expect(a.trim()).not.toBe(b.trim());
      expect(lines(actual)[mine]?.trim()).toBe(b.trim());
      return;
    }
    case 'sameInputTwoOutputs': {
      const numbers = (c.json as { numbers: unknown[] }).numbers;
      const out = lines(expected);
      for (const [i, j] of claim.pairs) {
        expect(numbers[i]).toBe(numbers[j]);
        expect(out[i]).not.toBe(out[j]);
      }
      return;
    }
    case 'layout':
      checkLayout(c, actual, claim);
      return;
    case 'other':
      claim.check(c);
      return;
  }
}

describe('known failures are justified', () => {
  for (const id of Object.keys(knownFailures)) {
    it(id, () => {
      const claim = CLAIMS[id];
      expect(claim, `${id} has no checked claim`).toBeDefined();
      checkClaim(byPrefix(id.slice(0, 4)), claim as Claim);
    });
  }
});

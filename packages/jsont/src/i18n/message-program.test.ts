/**
 * Compiled messages must print exactly what the library's message formatter prints with the
 * same argument converter and formatter functions: generated messages (plurals with exact
 * values, offsets and every category, select, ordinals, nested placeholders, `#`, number,
 * money and date arguments) over generated arguments in locales with many plural forms.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cldrFor } from '../runtime/cldr.js';
import { formatMessage, formatMessageByLibrary } from './messages.js';

const LOCALES = [
  'en-US',
  'de-DE',
  'fr-FR',
  'ja-JP',
  'en-GB',
  'pl-PL',
  'ru-RU',
  'cs-CZ',
  'ar-EG',
  'cy-GB',
  'lv-LV',
  'ga-IE',
];
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const ZONE = 'Europe/Berlin';

const key = fc.constantFrom('0', '1', 'n');
const text = fc.constantFrom('', 'a', 'seats ', ' left', 'x y', "it''s", 'é ü 円', '#');

function body(depth: number): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    text,
    key.map((k) => `{${k}}`),
    fc.constant('#'),
    key.map((k) => `{${k} number}`),
    key.map((k) => `{${k} decimal maximumFractionDigits:1}`),
    key.map((k) => `{${k} money}`),
    key.map((k) => `{${k} datetime date:long}`),
  );
  if (depth === 0) return leaf;
  const choice = fc.oneof(
    fc.constantFrom('=0', '=1', '=2', '=5', '=1.0', '=-1', ...CATEGORIES),
    fc.constantFrom(...CATEGORIES),
  );
  const plural = fc
    .tuple(
      key,
      fc.constantFrom('plural', 'selectordinal'),
      fc.constantFrom('', 'offset:1 '),
      fc.array(fc.tuple(choice, body(depth - 1)), { minLength: 0, maxLength: 4 }),
      fc.boolean(),
      body(depth - 1),
    )
    .map(
      ([k, kind, offset, choices, withOther, other]) =>
        `{${k} ${kind} ${offset}${choices.map(([c, b]) => `${c} {${b}}`).join(' ')}${withOther ? ` other {${other}}` : ''}}`,
    );
  const select = fc
    .tuple(key, fc.array(fc.tuple(fc.constantFrom('a', '1', 'true', 'other', ''), body(depth - 1)), { maxLength: 3 }))
    .map(([k, choices]) => `{${k} select ${choices.map(([c, b]) => `${c} {${b}}`).join(' ')}}`);
  return fc
    .array(fc.oneof({ weight: 2, arbitrary: leaf }, plural, select), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.join(''));
}

const argument = fc.oneof(
  fc.integer({ min: -3, max: 1005 }),
  fc.integer({ min: 0, max: 25 }),
  fc.constantFrom(0, -0, 1, 2, 1.5, 0.5, -1, 1e21, 2 ** 53, 1000, 999, 1.0000001, Date.UTC(2026, 10, 18, 9)),
  fc.double({ noNaN: true }),
  fc.constantFrom('1', '2', ' 3', 'abc', '', '1.50', 'a', 'true', 'other'),
  fc.constantFrom(true, false, null, undefined),
  fc.constantFrom({ value: '12.50', currency: 'USD' }, { decimalValue: '1', currencyCode: 'EUR' }, [1, 2], { a: 1 }),
);

function both(locale: string, message: string, values: unknown[]): [string, string] {
  const cldr = cldrFor(locale);
  const positional = values.slice(0, 2);
  const named = { n: values[2] };
  positional.push(values[2]);
  const run = (fn: typeof formatMessage) => {
    try {
      return fn(cldr, message, [...positional], { ...named }, ZONE);
    } catch (e) {
      return `throws ${(e as Error).message}`;
    }
  };
  return [run(formatMessage), run(formatMessageByLibrary)];
}

describe('compiled messages', () => {
  it('print what the library prints for generated messages and arguments', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        body(2),
        fc.tuple(argument, argument, argument),
        (locale, message, values) => {
          const [ours, library] = both(locale, message, values);
          expect(ours).toBe(library);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('pick the same plural category as the library for every tabled whole number and around it', () => {
    const message = `{0 plural =0 {none} =1 {exactly one} ${CATEGORIES.map((c) => `${c} {${c} #}`).join(' ')}}`;
    const ordinal = `{0 selectordinal ${CATEGORIES.map((c) => `${c} {${c} #}`).join(' ')}}`;
    for (const locale of LOCALES) {
      for (let n = -2; n <= 1002; n++) {
        for (const value of [n, String(n), n + 0.5]) {
          const [ours, library] = both(locale, message, [value, undefined, undefined]);
          expect(ours).toBe(library);
        }
        if (n % 7 === 0) {
          const [ours, library] = both(locale, ordinal, [n, undefined, undefined]);
          expect(ours).toBe(library);
        }
      }
    }
  });

  it('print the bench page messages', () => {
    const cldr = cldrFor('de-DE');
    const seats = '{0 plural =0 {{1} is full} one {# seat left for {1}} other {# seats left for {1}}}';
    expect(formatMessage(cldr, seats, [0, 'Talk'], {}, ZONE)).toBe('Talk is full');
    expect(formatMessage(cldr, seats, [1, 'Talk'], {}, ZONE)).toBe('1 seat left for Talk');
    expect(formatMessage(cldr, seats, [7, 'Talk'], {}, ZONE)).toBe('7 seats left for Talk');
    expect(formatMessage(cldr, 'From {0 money}', [{ value: '1234.5', currency: 'EUR' }], {}, ZONE)).toBe(
      formatMessageByLibrary(cldr, 'From {0 money}', [{ value: '1234.5', currency: 'EUR' }], {}, ZONE),
    );
  });
});

/**
 * The fast paths of the date and money formatters must print exactly what the
 * slow, obviously-correct paths print: calendar fields by day arithmetic against
 * Date, cached zone info against a fresh lookup, learned currency shapes against
 * the CLDR library itself, learned decimal shapes likewise.
 */
import { Decimal } from '@phensley/cldr';
import { TZ } from '@phensley/timezone';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cldrFor } from '../runtime/cldr.js';
import { formatCurrency, formatCurrencyText } from './currency.js';
import { toDecimal } from './context.js';
import { formatDecimalFast, formatDecimalText } from './decimal-shape.js';
import { formatDecimal, formatDecimalValue } from './numbers.js';
import { decimalOptions } from './options.js';
import { strftime } from './strftime.js';
import { zonedFieldsByDate, zonedFieldsFast } from './zoned-fields.js';

const ZONES = [
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Africa/Monrovia',
  'UTC',
  'Not/AZone',
];
/** Julian day 0 and the end of 8652, the `date` formatter's range. */
const FIRST = -210_866_760_000_000;
const LAST = Date.UTC(8652, 11, 31, 23, 59, 59, 999);
/** Date.UTC reads years 0..99 as 1900..1999, so the Date oracle's day of year is off there. */
const YEAR_0 = new Date(0).setUTCFullYear(0, 0, 1);
const YEAR_100 = new Date(0).setUTCFullYear(100, 0, 1);
const TWO_DAYS = 2 * 86_400_000;

describe('zoned calendar fields', () => {
  it('match the Date-based fields over the whole formatter range', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIRST, max: LAST }), fc.constantFrom(...ZONES), (epoch, zone) => {
        const fast = zonedFieldsFast(epoch, zone);
        const slow = zonedFieldsByDate(epoch, zone);
        if (epoch > YEAR_0 - TWO_DAYS && epoch < YEAR_100 + TWO_DAYS) {
          expect({ ...fast, dayOfYear: 0 }).toEqual({ ...slow, dayOfYear: 0 });
        } else {
          expect(fast).toEqual(slow);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('match around every 2024-2026 transition and odd historical offsets, to the millisecond', () => {
    const instants: number[] = [];
    for (const zone of ZONES) {
      // Walk the hours of three years and keep the hours whose offset changes.
      for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
        const a = TZ.fromUTC(zone, t)?.offset;
        const b = TZ.fromUTC(zone, t + 3_600_000)?.offset;
        if (a !== b) for (const d of [-1, 0, 1, 1_799_999, 3_599_999, 3_600_000, 3_600_001]) instants.push(t + d);
      }
    }
    // Local mean time ended at odd seconds (New York: 1883-11-18 17:00 UTC; Monrovia: 1972).
    instants.push(Date.UTC(1883, 10, 18, 16, 59, 59, 999), Date.UTC(1883, 10, 18, 17), Date.UTC(1972, 0, 7, 0, 44, 30));
    expect(instants.length).toBeGreaterThan(40);
    for (const epoch of instants) {
      for (const zone of ZONES) {
        // Twice: the second call is served from the per-hour cache.
        expect(zonedFieldsFast(epoch, zone)).toEqual(zonedFieldsByDate(epoch, zone));
        expect(zonedFieldsFast(epoch, zone)).toEqual(zonedFieldsByDate(epoch, zone));
      }
    }
  });

  it('match when days that share a cache slot (1,024 days apart) and hours that share one are asked in turn', () => {
    const DAY = 86_400_000;
    for (const zone of ['UTC', 'Europe/Berlin', 'Pacific/Chatham']) {
      for (let d = -800; d < 2200; d += 7) {
        for (const epoch of [
          Date.UTC(2024, 0, 1) + d * DAY + 5_000,
          Date.UTC(2024, 0, 1) + (d + 1024) * DAY + 7_000,
          Date.UTC(1969, 11, 31) - (d + 2048) * DAY + 3_600_000 * 4096,
          Date.UTC(2024, 0, 1) + d * DAY + 5_000,
        ]) {
          expect(zonedFieldsFast(epoch, zone)).toEqual(zonedFieldsByDate(epoch, zone));
        }
      }
    }
  });

  it('keep Date semantics for fractional and far-out instants', () => {
    expect(zonedFieldsFast(-1.5, 'UTC')).toEqual(zonedFieldsByDate(-1.5, 'UTC'));
    expect(zonedFieldsFast(1e16, 'UTC')).toEqual(zonedFieldsByDate(1e16, 'UTC'));
    expect(strftime(Date.UTC(2021, 1, 18, 6, 26, 5), 'Asia/Tokyo', '%Y-%m-%d %H:%M:%S %Z %% %')).toBe(
      '2021-02-18 15:26:05 JST % %',
    );
  });
});

const LOCALES = [
  'en-US',
  'fr-FR',
  'de-DE',
  'en-GB',
  'en-IN',
  'es-ES',
  'pt-PT',
  'ja-JP',
  'de-CH',
  'ar-EG',
  'nl-NL',
  'sv-SE',
  'pl-PL',
  'ru-RU',
  'cs-CZ',
  'lv-LV',
  'ga-IE',
];
const CURRENCIES = ['USD', 'EUR', 'JPY', 'CHF', 'INR', 'BHD', 'SEK', 'GBP', 'CLF', 'XYZ'];
const OPTIONS = [
  {},
  { style: 'accounting' },
  { group: true },
  { group: false },
  { style: 'accounting', group: false },
  { style: 'code' },
  { style: 'code', group: false },
  { style: 'name' },
  { style: 'name', group: false },
];

/** Amounts as JSON carries them: plain decimal text, with ties, carries and long fractions. */
const amountText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 2 ** 53 - 1 })),
    fc.oneof(fc.constant(''), fc.stringMatching(/^[0-9]{1,6}$/), fc.constantFrom('5', '50', '005', '995', '9995')),
  )
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === '' ? '' : `.${frac}`}`);

describe('currency fast path', () => {
  it('prints what CLDR prints, for Decimal and text amounts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...OPTIONS),
        amountText,
        (locale, code, options, text) => {
          const cldr = cldrFor(locale);
          const n = new Decimal(text);
          const expected = cldr.Numbers.formatCurrency(n, code as never, options as never);
          expect(formatCurrency(cldr, n, code, options as never)).toBe(expected);
          const fromText = formatCurrencyText(cldr, text, code, options as never);
          if (fromText !== undefined) expect(fromText).toBe(expected);
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('uses the text path for plain prices and leaves other text to the caller', () => {
    const cldr = cldrFor('en-US');
    expect(formatCurrencyText(cldr, '1234.565', 'USD', {})).toBe('$1,234.56');
    expect(formatCurrencyText(cldr, '-0.004', 'USD', {})).toBe('$0.00');
    expect(formatCurrencyText(cldr, '999.995', 'USD', {})).toBe('$1,000.00');
    for (const odd of ['1e3', '-', '.5', '5.', '01', '+1', '1.2.3', '١٢', '1_000', '', '-0.0']) {
      const out = formatCurrencyText(cldr, odd, 'USD', {});
      if (odd === '-0.0') expect(out).toBe('$0.00');
      else expect(out).toBeUndefined();
    }
    expect(formatCurrencyText(cldr, ' 12', 'USD', {})).toBeUndefined();
    expect(formatCurrencyText(cldr, '12', 'USD', { style: 'name' } as never)).toBe('12.00 US dollars');
    expect(formatCurrencyText(cldr, '12', 'USD', { style: 'short' } as never)).toBeUndefined();
    expect(formatCurrencyText(cldr, '12', 'USD', { style: 'code' } as never)).toBe(
      cldr.Numbers.formatCurrency(new Decimal('12'), 'USD', { style: 'code' }),
    );
    expect(formatCurrency(cldr, new Decimal('1e3'), 'USD', {})).toBe('$1,000.00');
    expect(formatCurrency(cldr, new Decimal('12.5'), 'USD', { style: 'name' })).toBe(
      cldr.Numbers.formatCurrency(new Decimal('12.5'), 'USD', { style: 'name' }),
    );
  });

  it('prints style:name like CLDR for every plural category: whole amounts 0-120, their tenths and halves', () => {
    // Plural rules differ by integer and fraction digits (pl, ru, cs, lv, ga): sweep them all.
    const amounts: string[] = [];
    for (let i = 0; i <= 120; i++) amounts.push(String(i), `${i}.1`, `${i}.5`, `${i}.995`, `-${i}.5`);
    amounts.push('1000000', '1000001', '1000000.5', '-1000001', '1001', '21000', '0.005', '-0.005');
    for (const locale of LOCALES) {
      const cldr = cldrFor(locale);
      for (const code of ['USD', 'JPY', 'BHD']) {
        for (const options of code === 'USD'
          ? [{ style: 'name' as const }, { style: 'name' as const, group: false }]
          : [{ style: 'name' as const }]) {
          for (const text of amounts) {
            const expected = cldr.Numbers.formatCurrency(new Decimal(text), code as never, options);
            expect(formatCurrency(cldr, new Decimal(text), code, options)).toBe(expected);
            const fromText = formatCurrencyText(cldr, text, code, options);
            if (fromText !== undefined) expect(fromText).toBe(expected);
          }
        }
      }
    }
    // The page's locales take the fast path; native digits (ar-EG) do not.
    for (const locale of ['en-US', 'de-DE', 'ja-JP', 'fr-FR', 'en-GB', 'pl-PL']) {
      expect(formatCurrencyText(cldrFor(locale), '12345.5', 'JPY', { style: 'name' })).toBeDefined();
    }
    expect(formatCurrencyText(cldrFor('ar-EG'), '12345.5', 'JPY', { style: 'name' })).toBeUndefined();
  });
});

const DECIMAL_OPTIONS = [
  {},
  { style: 'percent' },
  { maximumFractionDigits: 1 },
  { minimumFractionDigits: 2 },
  { group: false },
  { round: 'down', maximumFractionDigits: 2 },
  { style: 'percent', maximumFractionDigits: 1 },
  { minimumFractionDigits: 4, maximumFractionDigits: 2 },
  { style: 'scientific' },
];

describe('decimal fast path', () => {
  it('prints what CLDR prints', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...DECIMAL_OPTIONS),
        fc.oneof(amountText, fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)),
        (locale, options, text) => {
          const cldr = cldrFor(locale);
          const n = new Decimal(text);
          expect(formatDecimalFast(cldr, n, options as never)).toBe(cldr.Numbers.formatDecimal(n, options as never));
        },
      ),
      { numRuns: 4000 },
    );
  });
});

/** JSON numbers as pages carry them: counts, ratios, long floats, huge, tiny, ties. */
const jsonNumber = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
  fc.double({ noNaN: true }),
  fc.double({ min: -1000, max: 1000, noNaN: true }),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
  fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000),
  fc.constantFrom(0, -0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.0005, 1e-7, 1e21, 123456789.5, 0.995, 9.995, 99.995, 0.42),
);

describe('decimal text path', () => {
  it('prints what CLDR prints for JSON numbers and number text', () => {
    let fast = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...DECIMAL_OPTIONS),
        fc.oneof(jsonNumber, jsonNumber.map(String), amountText),
        (locale, options, value) => {
          const cldr = cldrFor(locale);
          const text = formatDecimalText(cldr, String(value), options as never);
          if (text !== undefined) {
            fast++;
            expect(text).toBe(cldr.Numbers.formatDecimal(new Decimal(String(value)), options as never));
          }
        },
      ),
      { numRuns: 6000 },
    );
    // Most of them took the text path (not only the fallbacks were compared).
    expect(fast).toBeGreaterThan(2000);
  });

  it('gives the decimal formatter the same text as its Decimal path, for every argument list', () => {
    const ARGS = [
      [],
      ['style:percent'],
      ['maximumFractionDigits:1'],
      ['minimumFractionDigits:2', 'maximumFractionDigits:4'],
      ['group:false'],
      ['round:floor', 'maximumFractionDigits:1'],
      ['mode:significant-maxfrac', 'maximumFractionDigits:2'],
      ['mode:significant', 'maximumSignificantDigits:2'],
      ['style:percent', 'minimumFractionDigits:1'],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...ARGS),
        fc.oneof(jsonNumber, jsonNumber.map(String), amountText, fc.constantFrom(' 5', '+5', '1e3', '', 'x', '.5')),
        (locale, args, value) => {
          const cldr = cldrFor(locale);
          const options = decimalOptions(args);
          const fast = formatDecimalValue(cldr, value, options);
          if (fast === undefined) return;
          const n = toDecimal(value);
          expect(n).toBeDefined();
          expect(fast).toBe(formatDecimal(cldr, n as Decimal, options));
        },
      ),
      { numRuns: 6000 },
    );
    const cldr = cldrFor('en-US');
    expect(formatDecimalValue(cldr, 0.42, decimalOptions(['style:percent']))).toBe('42%');
    expect(formatDecimalValue(cldr, 2.345, decimalOptions(['maximumFractionDigits:1']))).toBe('2.3');
    expect(formatDecimalValue(cldr, 1e21, decimalOptions([]))).toBeUndefined();
    expect(formatDecimalValue(cldr, ' 5', decimalOptions([]))).toBeUndefined();
    expect(formatDecimalValue(cldr, 2.5, decimalOptions(['round:floor']))).toBeUndefined();
    expect(formatDecimalValue(cldr, 2.5, decimalOptions(['mode:significant-maxfrac']))).toBeUndefined();
  });
});

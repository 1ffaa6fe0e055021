/**
 * Learned date and interval shapes must print exactly what `Calendars.formatDate` and
 * `formatDateInterval` print: on their own probes, on random instants, around daylight-saving
 * transitions, and by falling back to the library where no shape verifies.
 */
import type { DateFormatOptions, DateIntervalFormatOptions } from '@phensley/cldr';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cldrFor } from '../runtime/cldr.js';
import { dateProbes, dateShapeCount, dateShapeFor, formatDateFast } from './date-shape.js';
import { differenceClass, formatIntervalFast, intervalProbes, intervalShapeFor } from './interval-shape.js';
import { zonedFieldsFast } from './zoned-fields.js';

const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-GB', 'zh'];
const ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
const OPTIONS: DateFormatOptions[] = [
  { date: 'full', time: 'short', ca: 'gregory' },
  { datetime: 'medium', ca: 'gregory' },
  { date: 'long', ca: 'gregory' },
  { date: 'short', ca: 'gregory' },
  { time: 'medium', ca: 'gregory' },
  { skeleton: 'yMMMd', ca: 'gregory' },
  { skeleton: 'yyMMdd', ca: 'gregory' },
  { skeleton: 'EEEEhms', ca: 'gregory' },
  { skeleton: 'MMMMEd', ca: 'gregory' },
  { skeleton: 'Kms', ca: 'gregory' },
  { datetime: 'long', context: 'begin-sentence', ca: 'gregory' },
];
const INTERVALS: DateIntervalFormatOptions[] = [
  { skeleton: 'yMMMd', ca: 'gregory' },
  { ca: 'gregory' },
  { skeleton: 'hm', ca: 'gregory' },
  { skeleton: 'yMMMdhm', ca: 'gregory' },
  { date: 'yMMMd', time: 'Hm', ca: 'gregory' },
];
const date = (cldr: ReturnType<typeof cldrFor>, epoch: number, zoneId: string) =>
  cldr.Calendars.toGregorianDate({ date: epoch, zoneId });

/** Whole-second instants from 1900 to 2199 (the fast range) and a few milliseconds past the ends. */
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 2) }),
  fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) }),
);

describe('learned date shapes', { timeout: 120_000 }, () => {
  it('are checked on at least 60 probes across months, weekdays, hours, days, years and transitions', () => {
    const probes = dateProbes('Europe/Berlin');
    expect(probes.length).toBeGreaterThanOrEqual(60);
    const fields = probes.map((p) => zonedFieldsFast(p, 'Europe/Berlin'));
    expect(new Set(fields.map((f) => f.month)).size).toBe(12);
    expect(new Set(fields.map((f) => f.weekday)).size).toBe(7);
    expect(new Set(fields.map((f) => f.hour)).size).toBe(24);
    expect(fields.some((f) => f.day < 10) && fields.some((f) => f.day >= 10)).toBe(true);
    // Berlin's two 2026 transitions (and 2000's) add probes on both sides of each.
    expect(probes.length).toBeGreaterThan(dateProbes('UTC').length + 16);
    expect(dateProbes('UTC').length).toBeGreaterThanOrEqual(60);
  });

  it('are learned for plain Gregorian options in six and more locales, and print what the library prints', () => {
    for (const locale of LOCALES) {
      const cldr = cldrFor(locale);
      let learned = 0;
      for (const options of OPTIONS) {
        for (const zone of ['Europe/Berlin', 'America/New_York']) {
          if (dateShapeFor(cldr, zone, options) !== null) learned++;
          for (const probe of dateProbes(zone)) {
            expect(formatDateFast(cldr, probe, zone, options)).toBe(
              cldr.Calendars.formatDate(date(cldr, probe, zone), options),
            );
          }
        }
      }
      // Most of these options are plain patterns in every one of these locales.
      expect(learned, locale).toBeGreaterThanOrEqual(OPTIONS.length);
    }
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-GB']) {
      expect(dateShapeFor(cldrFor(locale), 'Europe/Berlin', OPTIONS[0] as DateFormatOptions), locale).not.toBeNull();
    }
  });

  it('print what the library prints on random instants, locales, zones and options', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en-US', 'de-DE', 'ja-JP', 'ar'),
        fc.constantFrom(...ZONES.slice(2)),
        fc.constantFrom(...OPTIONS),
        instant,
        (locale, zone, options, epoch) => {
          const cldr = cldrFor(locale);
          expect(formatDateFast(cldr, epoch, zone, options)).toBe(
            cldr.Calendars.formatDate(date(cldr, epoch, zone), options),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('follow a DST day in New York and Berlin minute by minute', () => {
    for (const [zone, day] of [
      ['America/New_York', Date.UTC(2026, 2, 8, 4)],
      ['America/New_York', Date.UTC(2026, 10, 1, 3)],
      ['Europe/Berlin', Date.UTC(2026, 2, 29, 0)],
      ['Europe/Berlin', Date.UTC(2026, 9, 25, 0)],
    ] as const) {
      for (const locale of ['en-US', 'de-DE']) {
        const cldr = cldrFor(locale);
        const options = { datetime: 'medium', ca: 'gregory' } as const;
        expect(dateShapeFor(cldr, zone, options)).not.toBeNull();
        for (let t = day; t < day + 4 * 3_600_000; t += 7 * 60_000 + 1000) {
          expect(formatDateFast(cldr, t, zone, options)).toBe(cldr.Calendars.formatDate(date(cldr, t, zone), options));
        }
      }
    }
  });

  it('fall back to the library for eras, zone names, other calendars and non-Latin digits', () => {
    const en = cldrFor('en-US');
    const zone = 'Europe/Berlin';
    const cases: [ReturnType<typeof cldrFor>, DateFormatOptions][] = [
      [en, { skeleton: 'GyMMMd', ca: 'gregory' }],
      [en, { datetime: 'full', ca: 'gregory' }],
      [en, { skeleton: 'yMMMd', ca: 'buddhist' }],
      [en, { skeleton: 'hmsSSS', ca: 'gregory' }],
      [cldrFor('ar'), { date: 'long', ca: 'gregory' }],
    ];
    const t = Date.UTC(2026, 10, 18, 9, 30);
    for (const [cldr, options] of cases) {
      expect(dateShapeFor(cldr, zone, options), JSON.stringify(options)).toBeNull();
      expect(formatDateFast(cldr, t, zone, options)).toBe(cldr.Calendars.formatDate(date(cldr, t, zone), options));
    }
    // Outside the fast range, and fractional instants, go to the library too.
    for (const epoch of [Date.UTC(1850, 5, 1), Date.UTC(2300, 0, 1), t + 0.5]) {
      const options = OPTIONS[1] as DateFormatOptions;
      expect(formatDateFast(en, epoch, zone, options)).toBe(en.Calendars.formatDate(date(en, epoch, zone), options));
    }
  });

  it('are remembered in a bounded map per locale bundle', () => {
    const cldr = cldrFor('nl-NL');
    // An era never verifies: each of these is learned (and rejected) after one library call.
    for (let i = 0; i < 520; i++) {
      dateShapeFor(cldr, 'UTC', { skeleton: 'G', ca: 'gregory', nu: `x${i}` } as unknown as DateFormatOptions);
    }
    expect(dateShapeCount(cldr)).toBeLessThanOrEqual(500);
    expect(dateShapeCount(cldr)).toBeGreaterThan(0);
  });
});

describe('learned interval shapes', { timeout: 120_000 }, () => {
  it('are learned per greatest-difference field and print what the library prints on their probes', () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-GB', 'sv-SE']) {
      const cldr = cldrFor(locale);
      for (const options of INTERVALS.slice(0, 3)) {
        for (let diff = 0; diff <= 6; diff++) {
          const shape = intervalShapeFor(cldr, 'Europe/Berlin', options, diff);
          expect(shape, `${locale} ${JSON.stringify(options)} ${diff}`).not.toBeNull();
          for (const [a, b] of intervalProbes('Europe/Berlin', diff)) {
            expect(formatIntervalFast(cldr, a, b, 'Europe/Berlin', options)).toBe(
              cldr.Calendars.formatDateInterval(
                date(cldr, a, 'Europe/Berlin'),
                date(cldr, b, 'Europe/Berlin'),
                options,
              ),
            );
          }
        }
      }
    }
  });

  it('print what the library prints on random pairs of every class', () => {
    const distance = fc.constantFrom(
      0,
      13_000,
      7 * 60_000,
      3_600_000,
      5 * 3_600_000,
      13 * 3_600_000,
      86_400_000,
      40 * 86_400_000,
      500 * 86_400_000,
    );
    fc.assert(
      fc.property(
        fc.constantFrom('en-US', 'de-DE', 'ja-JP', 'ar'),
        fc.constantFrom('America/New_York', 'Asia/Kathmandu'),
        fc.constantFrom(...INTERVALS),
        instant,
        distance,
        fc.integer({ min: -3_600_000, max: 3_600_000 }),
        fc.boolean(),
        (locale, zone, options, a, d, jitter, backwards) => {
          const cldr = cldrFor(locale);
          const b = backwards ? a - d - jitter : a + d + jitter;
          expect(formatIntervalFast(cldr, a, b, zone, options)).toBe(
            cldr.Calendars.formatDateInterval(date(cldr, a, zone), date(cldr, b, zone), options),
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  it('classify pairs by the first differing field', () => {
    const f = (t: number) => zonedFieldsFast(t, 'UTC');
    const t = Date.UTC(2026, 4, 10, 9, 15, 20);
    expect(differenceClass(f(t), f(Date.UTC(2027, 4, 10, 9, 15)))).toBe(0);
    expect(differenceClass(f(t), f(Date.UTC(2026, 5, 10, 9, 15)))).toBe(1);
    expect(differenceClass(f(t), f(Date.UTC(2026, 4, 11, 9, 15)))).toBe(2);
    expect(differenceClass(f(t), f(Date.UTC(2026, 4, 10, 13, 15)))).toBe(3);
    expect(differenceClass(f(t), f(Date.UTC(2026, 4, 10, 10, 15)))).toBe(4);
    expect(differenceClass(f(t), f(Date.UTC(2026, 4, 10, 9, 16)))).toBe(5);
    expect(differenceClass(f(t), f(Date.UTC(2026, 4, 10, 9, 15, 59)))).toBe(6);
  });

  it('fall back to the library for non-Latin digits and other calendars', () => {
    const t = Date.UTC(2026, 10, 18, 9, 30);
    const ar = cldrFor('ar');
    const options = { skeleton: 'yMMMd', ca: 'gregory' } as const;
    expect(intervalShapeFor(ar, 'UTC', options, 2)).toBeNull();
    expect(formatIntervalFast(ar, t, t + 86_400_000, 'UTC', options)).toBe(
      ar.Calendars.formatDateInterval(date(ar, t, 'UTC'), date(ar, t + 86_400_000, 'UTC'), options),
    );
    expect(intervalShapeFor(cldrFor('en-US'), 'UTC', { skeleton: 'yMMMd', ca: 'japanese' }, 2)).toBeNull();
  });
});

describe('shapes found again per options object, bundle and zone', () => {
  it('print the library text in more zones than one entry keeps, for dates and intervals', () => {
    const zones = [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Anchorage',
      'America/Sao_Paulo',
      'America/St_Johns',
      'America/Halifax',
      'America/Mexico_City',
      'America/Bogota',
      'Europe/London',
      'Europe/Berlin',
      'Europe/Paris',
      'Europe/Moscow',
      'Europe/Lisbon',
      'Europe/Athens',
      'Africa/Cairo',
      'Africa/Lagos',
      'Africa/Johannesburg',
      'Asia/Dubai',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Asia/Shanghai',
      'Asia/Tokyo',
      'Asia/Seoul',
      'Asia/Singapore',
      'Asia/Tehran',
      'Australia/Sydney',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'Pacific/Auckland',
      'Pacific/Chatham',
      'Pacific/Honolulu',
      'Atlantic/Azores',
      'UTC',
      'Not/AZone',
    ];
    const cldr = cldrFor('de-DE');
    const options = OPTIONS[0] as DateFormatOptions;
    const interval = INTERVALS[0] as DateIntervalFormatOptions;
    const t = Date.UTC(2026, 2, 29, 0, 30);
    for (let round = 0; round < 2; round++) {
      for (const zone of zones) {
        expect(formatDateFast(cldr, t, zone, options)).toBe(cldr.Calendars.formatDate(date(cldr, t, zone), options));
        for (const end of [t + 3_600_000, t + 86_400_000, t + 40 * 86_400_000]) {
          expect(formatIntervalFast(cldr, t, end, zone, interval)).toBe(
            cldr.Calendars.formatDateInterval(date(cldr, t, zone), date(cldr, end, zone), interval),
          );
        }
      }
    }
  });
});

/**
 * The UTC relative-time arithmetic must give the library's field and amount
 * (`CalendarDate.relativeTime` with fractions rolled up) and so the library's text:
 * random pairs at every scale from milliseconds to centuries, month ends and leap days,
 * every field option, with and without weeks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cldrFor } from '../runtime/cldr.js';
import { formatRelativeTimeUtc } from './dates.js';
import { relativeTimeOptions } from './options.js';
import { calendar, relativeTimeUtc } from './relative-time.js';

const LOCALES = ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'en-GB', 'pl-PL'];
const FIELDS = [undefined, 'year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis'] as const;
const DAY = 86_400_000;
const FIRST = Date.UTC(1900, 0, 2);
const LAST = Date.UTC(2200, 0, 1) - 1;

/** Month ends, leap days and their neighbours, at a few times of day. */
const anchor = fc
  .tuple(
    fc.integer({ min: 1901, max: 2198 }),
    fc.integer({ min: 0, max: 11 }),
    fc.constantFrom(1, 28, 29, 30, 31),
    fc.constantFrom(0, 1, DAY / 2, DAY - 1, 13 * 3_600_000 + 7),
  )
  .map(([y, m, d, ms]) => Date.UTC(y, m, d) + ms);
const instant = fc.oneof(fc.integer({ min: FIRST, max: LAST }), anchor);
const delta = fc.oneof(
  fc.integer({ min: -2000, max: 2000 }),
  fc.integer({ min: -59_999, max: 59_999 }),
  fc.integer({ min: -3_600_000, max: 3_600_000 }),
  fc.integer({ min: -DAY, max: DAY }),
  fc.integer({ min: -45 * DAY, max: 45 * DAY }),
  fc.integer({ min: -800 * DAY, max: 800 * DAY }),
  fc.integer({ min: -60 * 365 * DAY, max: 60 * 365 * DAY }),
  fc.constantFrom(0, DAY, -DAY, 7 * DAY, 28 * DAY, 29 * DAY, 30 * DAY, 31 * DAY, 365 * DAY, 366 * DAY),
);
const pair = fc.oneof(
  fc.tuple(instant, delta).map(([a, d]) => [a, a + d] as const),
  fc.tuple(anchor, anchor),
  fc.tuple(instant, instant),
);

describe('relative time in UTC', () => {
  it('gives the library field and amount for random pairs and every field', () => {
    const cldr = cldrFor('en-US');
    const date = (epoch: number) => cldr.Calendars.toGregorianDate({ date: epoch, zoneId: 'UTC' });
    fc.assert(
      fc.property(pair, fc.constantFrom(...FIELDS), fc.boolean(), ([a, b], field, weeks) => {
        const ours = relativeTimeUtc(a, b, field, weeks);
        if (a < FIRST || a > LAST || b < FIRST || b > LAST) {
          expect(ours).toBeUndefined();
          return;
        }
        const library = date(a).relativeTime(date(b), field, { rollupFractional: true, includeWeeks: weeks });
        expect(ours).toEqual(library);
      }),
      { numRuns: 20_000 },
    );
  });

  it('prints the library text for the formatter options in several locales', () => {
    const ARGS = [
      [],
      ['allowWeeks:true'],
      ['field:month'],
      ['field:day', 'width:short'],
      ['numericOnly:true'],
      ['alwaysNow:true'],
      ['field:week'],
      ['maximumFractionDigits:1'],
    ];
    fc.assert(
      fc.property(pair, fc.constantFrom(...LOCALES), fc.constantFrom(...ARGS), ([a, b], locale, args) => {
        const cldr = cldrFor(locale);
        const options = relativeTimeOptions(args);
        const date = (epoch: number) => cldr.Calendars.toGregorianDate({ date: epoch, zoneId: 'UTC' });
        const ours = formatRelativeTimeUtc(cldr, a, b, options);
        if (ours === undefined) return;
        expect(ours).toBe(cldr.Calendars.formatRelativeTime(date(a), date(b), options));
      }),
      { numRuns: 6000 },
    );
  });

  it('leaves instants outside 1900-2199, fractional instants and day-of-week texts to the library', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(relativeTimeUtc(now, Date.UTC(1899, 5, 1), undefined, false)).toBeUndefined();
    expect(relativeTimeUtc(now, Date.UTC(2200, 0, 1), undefined, false)).toBeUndefined();
    expect(relativeTimeUtc(now, now + 0.5, undefined, false)).toBeUndefined();
    expect(relativeTimeUtc(now, now + DAY, 'quarter', false)).toBeUndefined();
    const cldr = cldrFor('en-US');
    expect(formatRelativeTimeUtc(cldr, now, now + DAY, relativeTimeOptions(['dayOfWeek:true']))).toBeUndefined();
    expect(formatRelativeTimeUtc(cldr, now, now - 3 * DAY, relativeTimeOptions([]))).toBe('3 days ago');
    expect(formatRelativeTimeUtc(cldr, now, now + 400 * DAY, relativeTimeOptions([]))).toBe('next year');
  });

  it('does its calendar arithmetic as Date does, for every day from 1899 to 2201', () => {
    const DAY = 86_400_000;
    for (let days = Math.floor(Date.UTC(1899, 0, 1) / DAY); days <= Date.UTC(2201, 0, 1) / DAY; days++) {
      const date = new Date(days * DAY);
      const ymd = { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
      expect(calendar.civil(days)).toEqual(ymd);
      expect(calendar.dayNumber(ymd.y, ymd.m, ymd.d)).toBe(days);
      // Days past the month's end and before its start count on, as in Date.UTC.
      expect(calendar.dayNumber(ymd.y, ymd.m, ymd.d + 40)).toBe(Date.UTC(ymd.y, ymd.m - 1, ymd.d + 40) / DAY);
      expect(calendar.dayNumber(ymd.y, ymd.m, ymd.d - 40)).toBe(Date.UTC(ymd.y, ymd.m - 1, ymd.d - 40) / DAY);
      if (ymd.d === 1)
        expect(calendar.daysInMonth(ymd.y, ymd.m)).toBe(new Date(Date.UTC(ymd.y, ymd.m, 0)).getUTCDate());
    }
  });
});

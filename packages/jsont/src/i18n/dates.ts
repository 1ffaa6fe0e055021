/**
 * Calendar dates for the CLDR formatters, without redoing work a page repeats.
 *
 * Converting an instant to a CLDR calendar date (time-zone lookup, calendar
 * fields) costs more than most of the formatting after it, and a page prints
 * one instant several times in a row (`datetime=` and visible text, the start
 * of an interval). Each locale bundle remembers its last few conversions; the
 * dates are immutable, so handing one out twice changes nothing. The memory is
 * a few entries long on purpose: it serves repetition within a page, not a
 * cache of every date a site has.
 */
import type { CLDR, GregorianDate, RelativeTimeFieldType, RelativeTimeFormatOptions } from '@phensley/cldr';
import { relativeTimeUtc } from './relative-time.js';

const RECENT = 8;

interface Recent {
  readonly epochs: number[];
  readonly zones: string[];
  readonly dates: (GregorianDate | undefined)[];
  next: number;
}

const recentByBundle = new WeakMap<CLDR, Recent>();

/** `cldr.Calendars.toGregorianDate({ date: epoch, zoneId })`, remembered for the last few instants. */
export function gregorianDate(cldr: CLDR, epoch: number, zoneId: string): GregorianDate {
  let recent = recentByBundle.get(cldr);
  if (recent === undefined) {
    recent = {
      epochs: new Array<number>(RECENT).fill(Number.NaN),
      zones: new Array<string>(RECENT).fill(''),
      dates: new Array<GregorianDate | undefined>(RECENT).fill(undefined),
      next: 0,
    };
    recentByBundle.set(cldr, recent);
  }
  for (let i = 0; i < RECENT; i++) {
    if (recent.epochs[i] === epoch && recent.zones[i] === zoneId) return recent.dates[i] as GregorianDate;
  }
  const date = cldr.Calendars.toGregorianDate({ date: epoch, zoneId });
  const slot = recent.next;
  recent.epochs[slot] = epoch;
  recent.zones[slot] = zoneId;
  recent.dates[slot] = date;
  recent.next = (slot + 1) % RECENT;
  return date;
}

/**
 * Texts of `formatRelativeTimeField` per options object (memoized formatter options are
 * long-lived) and bundle, by field and amount: "3 weeks ago" is asked for again and again.
 * Found by object and field, then by the amount as a number, so no key text is built.
 */
const fieldTexts = new WeakMap<RelativeTimeFormatOptions, WeakMap<CLDR, Map<string, Map<number, string>>>>();
const FIELD_TEXTS_LIMIT = 500;

function relativeField(
  cldr: CLDR,
  amount: number,
  field: RelativeTimeFieldType,
  options: RelativeTimeFormatOptions,
): string {
  let perBundle = fieldTexts.get(options);
  if (perBundle === undefined) {
    perBundle = new WeakMap();
    fieldTexts.set(options, perBundle);
  }
  let perField = perBundle.get(cldr);
  if (perField === undefined) {
    perField = new Map();
    perBundle.set(cldr, perField);
  }
  let texts = perField.get(field);
  if (texts === undefined) {
    texts = new Map();
    perField.set(field, texts);
  }
  let text = texts.get(amount);
  if (text === undefined) {
    text = cldr.Calendars.formatRelativeTimeField(amount, field, options);
    if (texts.size >= FIELD_TEXTS_LIMIT) texts.clear();
    texts.set(amount, text);
  }
  return text;
}

/**
 * `cldr.Calendars.formatRelativeTime(start, end, options)` for Gregorian dates: the same
 * steps (the field and amount between the dates, then the field's text), with the text
 * remembered per field and amount. Options the shortcut does not cover go to the library.
 */
export function formatRelativeTime(
  cldr: CLDR,
  start: GregorianDate,
  end: GregorianDate,
  options: RelativeTimeFormatOptions,
): string {
  if (options.ca !== 'gregory' || options.dayOfWeek) return cldr.Calendars.formatRelativeTime(start, end, options);
  let [field, amount] = start.relativeTime(end, options.field, {
    rollupFractional: true,
    includeWeeks: options.allowWeeks,
  });
  if (field === 'millis') {
    amount /= 1000;
    field = 'second';
  }
  return relativeField(cldr, amount, field as RelativeTimeFieldType, options);
}

/**
 * `formatRelativeTime` for two instants compared in UTC, with the field and amount computed
 * without calendar dates (`relative-time.ts`); undefined when that does not cover the
 * instants or options (the caller then builds the dates and calls `formatRelativeTime`).
 */
export function formatRelativeTimeUtc(
  cldr: CLDR,
  start: number,
  end: number,
  options: RelativeTimeFormatOptions,
): string | undefined {
  if (options.ca !== 'gregory' || options.dayOfWeek) return undefined;
  const found = relativeTimeUtc(start, end, options.field, options.allowWeeks);
  if (found === undefined) return undefined;
  let [field, amount] = found;
  if (field === 'millis') {
    amount /= 1000;
    field = 'second';
  }
  return relativeField(cldr, amount, field, options);
}

/**
 * `Calendars.formatDate` with a learned fast path, the way `decimal-shape.ts` does numbers.
 *
 * For one (locale, time zone, options) every formatted date is the same sequence of
 * literal text and calendar fields (year, month, day, weekday, hour, minute, second,
 * day period); only the fields' texts change. That sequence is learned from the
 * library's own parts (`formatDateToParts`) on a run of learning instants: each field's
 * text is recorded per field value (the month names, weekday names, hour texts on the
 * locale's clock, day periods per hour, the padding of days and minutes all come from
 * the library's output, not from tables written here). The shape is then checked
 * against `formatDate` on probe instants: every month and weekday, every hour, midnight
 * and noon, single- and double-digit days, far years and the zone's daylight-saving
 * transitions. Only a shape that reproduces every probe is used. Other parts (eras, zone
 * names, fractional seconds, quarters, weeks), other calendars, and years whose text is
 * not the plain number (non-Latin digits) keep calling the library, as does any value a
 * learned table has no text for.
 */
import type { CLDR, DateFormatOptions } from '@phensley/cldr';
import { TZ } from '@phensley/timezone';
import type { ShapeSite } from './context.js';
import { gregorianDate } from './dates.js';
import { type ZonedFields, zonedFieldsFast } from './zoned-fields.js';

export const LITERAL = 0;
export const YEAR = 1;
export const YEAR2 = 2;
const MONTH = 3;
const DAY = 4;
const WEEKDAY = 5;
const HOUR = 6;
const MINUTE = 7;
const SECOND = 8;
const DAYPERIOD = 9;

/** Part types of the library's output the shape can hold; `year` is refined to YEAR or YEAR2. */
export const KINDS: Record<string, number> = {
  literal: LITERAL,
  year: YEAR,
  month: MONTH,
  day: DAY,
  weekday: WEEKDAY,
  hour: HOUR,
  minute: MINUTE,
  second: SECOND,
  dayperiod: DAYPERIOD,
};

/** Entries per table, indexed by the field's value. */
export const TABLE_SIZE = [0, 0, 0, 13, 32, 7, 24, 60, 60, 24];

export interface DateShape {
  readonly kinds: readonly number[];
  /** Literal text per literal part; the field's texts by value per field part. */
  readonly texts: readonly (string | readonly (string | undefined)[])[];
  /** Intervals: per part, 0 when it shows the start, 1 when it shows the end. */
  readonly sources?: readonly number[];
}

/** The instants the fast path takes: whole milliseconds from 1900 to 2199, the probes' span. */
export const FAST_MIN = Date.UTC(1900, 0, 2);
export const FAST_MAX = Date.UTC(2200, 0, 1);

/** Per bundle, by zone and options: equal options in one zone share one learned shape. */
export const shapes = new WeakMap<CLDR, Map<string, DateShape | null>>();
export const SHAPES_LIMIT = 500;
/** The options' text per (long-lived, memoized) options object. */
const optionKeys = new WeakMap<DateFormatOptions, string>();

/** `cldr.Calendars.formatDate(<epoch in zoneId>, options)`: the same text, faster once learned. */
export function formatDateFast(
  cldr: CLDR,
  epoch: number,
  zoneId: string,
  options: DateFormatOptions,
  site?: ShapeSite<DateShape>,
): string {
  if (Number.isInteger(epoch) && epoch >= FAST_MIN && epoch < FAST_MAX) {
    let shape: DateShape | null;
    if (site !== undefined && site.cldr === cldr && site.zone === zoneId) shape = site.shape;
    else {
      shape = dateShapeFor(cldr, zoneId, options);
      if (site !== undefined) {
        site.cldr = cldr;
        site.zone = zoneId;
        site.shape = shape;
      }
    }
    if (shape !== null) {
      const text = renderDateShape(shape, zonedFieldsFast(epoch, zoneId));
      if (text !== undefined) return text;
    }
  }
  return cldr.Calendars.formatDate(gregorianDate(cldr, epoch, zoneId), options);
}

/**
 * Shapes found per (options object, bundle, zone), in front of the keyed map: the memoized
 * formatter options are long-lived objects and a page alternates a few of them, so finding
 * a shape again builds and hashes no key. At most `ZONES_PER_ENTRY` zones per entry.
 */
export type FoundShapes<O extends object, V> = WeakMap<O, WeakMap<CLDR, Map<string, V>>>;
const ZONES_PER_ENTRY = 32;

/** The per-zone map of found shapes for these options and bundle (created when missing). */
export function foundFor<O extends object, V>(found: FoundShapes<O, V>, options: O, cldr: CLDR): Map<string, V> {
  let perBundle = found.get(options);
  if (perBundle === undefined) {
    perBundle = new WeakMap();
    found.set(options, perBundle);
  }
  let perZone = perBundle.get(cldr);
  if (perZone === undefined) {
    perZone = new Map();
    perBundle.set(cldr, perZone);
  }
  if (perZone.size > ZONES_PER_ENTRY) perZone.clear();
  return perZone;
}

const foundDates: FoundShapes<DateFormatOptions, DateShape | null> = new WeakMap();

/** The learned shape for these options in this zone, or null when the library must format. */
export function dateShapeFor(cldr: CLDR, zoneId: string, options: DateFormatOptions): DateShape | null {
  const found = foundDates.get(options)?.get(cldr)?.get(zoneId);
  if (found !== undefined) return found;
  const shape = lookupDateShape(cldr, zoneId, options);
  foundFor(foundDates, options, cldr).set(zoneId, shape);
  return shape;
}

function lookupDateShape(cldr: CLDR, zoneId: string, options: DateFormatOptions): DateShape | null {
  if (options.ca !== undefined && options.ca !== 'gregory') return null;
  let optionsKey = optionKeys.get(options);
  if (optionsKey === undefined) {
    optionsKey = JSON.stringify(options);
    optionKeys.set(options, optionsKey);
  }
  let perBundle = shapes.get(cldr);
  if (perBundle === undefined) {
    perBundle = new Map();
    shapes.set(cldr, perBundle);
  }
  const key = `${zoneId}\u0000${optionsKey}`;
  let shape = perBundle.get(key);
  if (shape === undefined) {
    shape = learnDateShape(cldr, zoneId, options);
    if (perBundle.size >= SHAPES_LIMIT) perBundle.clear();
    perBundle.set(key, shape);
  }
  return shape;
}

/** The number of learned shapes remembered for a bundle (for tests of the bound). */
export function dateShapeCount(cldr: CLDR): number {
  return shapes.get(cldr)?.size ?? 0;
}

export function fieldValue(kind: number, f: ZonedFields): number {
  switch (kind) {
    case MONTH:
      return f.month;
    case DAY:
      return f.day;
    case WEEKDAY:
      return f.weekday;
    case MINUTE:
      return f.minute;
    case SECOND:
      return f.second;
    default:
      // HOUR and DAYPERIOD are both read per hour of the day.
      return f.hour;
  }
}

export function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The date in this shape; undefined when a table holds no text for one of its values. */
export function renderDateShape(shape: DateShape, f: ZonedFields, end: ZonedFields = f): string | undefined {
  const { kinds, texts, sources } = shape;
  let out = '';
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i] as number;
    if (kind === LITERAL) {
      out += texts[i] as string;
      continue;
    }
    const fields = sources !== undefined && sources[i] === 1 ? end : f;
    if (kind === YEAR) out += fields.year;
    else if (kind === YEAR2) out += twoDigits(fields.year % 100);
    else {
      const text = (texts[i] as readonly (string | undefined)[])[fieldValue(kind, fields)];
      if (text === undefined) return undefined;
      out += text;
    }
  }
  return out;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * Learning instants, given as wall-clock times in the zone: the i-th falls in month i mod 12,
 * on day 1 + i mod 31, at hour i mod 24, minute i mod 60 and second 7i mod 60, so sixty of
 * them pass every month, day of the month (the 29th to 31st in May to July), weekday, hour,
 * minute and second whatever the zone's offset.
 */
export const LEARN_COUNT = 60;

function learningInstants(zoneId: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < LEARN_COUNT; i++) {
    out.push(wallToEpoch(zoneId, Date.UTC(2025, i % 12, 1 + (i % 31), i % 24, i % 60, (i * 7) % 60)));
  }
  return out;
}

/** The instant showing this wall-clock time (in UTC terms) in the zone; near a transition, one close to it. */
export function wallToEpoch(zoneId: string, wall: number): number {
  const first = zoneOffset(zoneId, wall);
  const epoch = wall - first;
  const second = zoneOffset(zoneId, epoch);
  return second === first ? epoch : wall - second;
}

function zoneOffset(zoneId: string, epoch: number): number {
  return (TZ.fromUTC(zoneId, epoch) ?? TZ.utcZone()).offset;
}

/** Probe instants in UTC terms; the zone's own transitions are added per zone. */
const BASE_PROBES: readonly number[] = (() => {
  const p: number[] = [];
  // Every month, on a different day and hour.
  for (let m = 0; m < 12; m++) p.push(Date.UTC(2026, m, 1 + ((m * 5) % 28), (m * 7) % 24, (m * 13) % 60, m));
  // Every hour of one day, and midnight and noon exactly (in UTC and a few zones' local terms).
  for (let h = 0; h < 24; h++) p.push(Date.UTC(2026, 5, 17, h, 5, 9));
  for (const h of [0, 12, 11, 23, 4, 5, 6, 10, 13, 14, 22]) p.push(Date.UTC(2026, 1, 9, h, 0, 0));
  p.push(Date.UTC(2026, 1, 9, 11, 59, 59), Date.UTC(2026, 1, 9, 23, 59, 59), Date.UTC(2026, 1, 9, 12, 30, 0));
  // Seven consecutive weekdays; single- and double-digit days; month ends.
  for (let d = 0; d < 7; d++) p.push(Date.UTC(2026, 8, 1 + d, 17, 45, 30));
  for (const d of [1, 9, 10, 28, 31]) p.push(Date.UTC(2026, 6, d, 9, 9, 9));
  p.push(Date.UTC(2024, 1, 29, 15, 0, 0), Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2027, 0, 1, 0, 0, 0));
  // Years: two-digit forms, the turn of the century, the ends of the fast range.
  for (const y of [1900, 1905, 1970, 1999, 2000, 2009, 2038, 2100, 2199])
    p.push(Date.UTC(y, y % 12, 2 + (y % 26), y % 24, 7));
  return p;
})();

/** Instants around the zone's offset changes in two years: each side, and an hour and a half-hour off. */
function transitionProbes(zoneId: string): number[] {
  const offset = (t: number) => zoneOffset(zoneId, t);
  const out: number[] = [];
  for (const year of [2026, 2000]) {
    let t = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    let before = offset(t);
    for (; t < end; t += DAY_MS) {
      const after = offset(t + DAY_MS);
      if (after !== before) {
        // The first millisecond with the new offset.
        let lo = t;
        let hi = t + DAY_MS;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (offset(mid) === before) lo = mid;
          else hi = mid;
        }
        for (const d of [-HOUR_MS, -MINUTE_MS * 30, -1, 0, 1, MINUTE_MS * 30, HOUR_MS, 2 * HOUR_MS]) out.push(hi + d);
      }
      before = after;
    }
  }
  return out;
}

/** The probes a shape in this zone is checked on (exported for the tests). */
export function dateProbes(zoneId: string): number[] {
  return [...BASE_PROBES, ...transitionProbes(zoneId)];
}

export interface Part {
  readonly type: string;
  readonly value: string;
}

function learnDateShape(cldr: CLDR, zoneId: string, options: DateFormatOptions): DateShape | null {
  try {
    const format = (epoch: number) => cldr.Calendars.formatDate(gregorianDate(cldr, epoch, zoneId), options);
    let kinds: number[] | undefined;
    let texts: (string | (string | undefined)[])[] = [];
    for (const epoch of learningInstants(zoneId)) {
      const date = cldr.Calendars.toGregorianDate({ date: epoch, zoneId });
      const parts = mergeLiterals(cldr.Calendars.formatDateToParts(date, options) as Part[]);
      const f = zonedFieldsFast(epoch, zoneId);
      if (kinds === undefined) {
        kinds = [];
        texts = [];
        for (const part of parts) {
          let kind = KINDS[part.type];
          if (kind === undefined) return null;
          if (kind === YEAR) {
            if (part.value === String(f.year)) kind = YEAR;
            else if (part.value === twoDigits(f.year % 100)) kind = YEAR2;
            else return null;
          }
          kinds.push(kind);
          texts.push(
            kind === LITERAL ? part.value : new Array<string | undefined>(TABLE_SIZE[kind] ?? 0).fill(undefined),
          );
        }
      }
      if (parts.length !== kinds.length) return null;
      for (let p = 0; p < parts.length; p++) {
        const part = parts[p] as Part;
        const kind = kinds[p] as number;
        const partKind = KINDS[part.type];
        if (partKind !== (kind === YEAR2 ? YEAR : kind)) return null;
        if (kind === LITERAL) {
          if (part.value !== texts[p]) return null;
        } else if (kind === YEAR) {
          if (part.value !== String(f.year)) return null;
        } else if (kind === YEAR2) {
          if (part.value !== twoDigits(f.year % 100)) return null;
        } else {
          const table = texts[p] as (string | undefined)[];
          const value = fieldValue(kind, f);
          const known = table[value];
          if (known === undefined) table[value] = part.value;
          else if (known !== part.value) return null;
        }
      }
    }
    if (kinds === undefined) return null;
    const shape: DateShape = { kinds, texts };
    for (const probe of dateProbes(zoneId)) {
      if (renderDateShape(shape, zonedFieldsFast(probe, zoneId)) !== format(probe)) return null;
    }
    return shape;
  } catch {
    return null;
  }
}

/** Adjacent literal parts as one (the library sometimes splits a separator in two). */
export function mergeLiterals(parts: readonly Part[]): Part[] {
  const out: Part[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (part.type === 'literal' && last !== undefined && last.type === 'literal') {
      out[out.length - 1] = { type: 'literal', value: last.value + part.value };
    } else out.push(part);
  }
  return out;
}

// Intervals -----------------------------------------------------------------------------

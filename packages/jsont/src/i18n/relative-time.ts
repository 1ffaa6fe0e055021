/**
 * The field and amount `CalendarDate.relativeTime` gives for two instants in UTC, without
 * building calendar dates.
 *
 * The library finds them with its Temporal-style date difference, twice per call: once over
 * all fields to pick the largest one that is not zero, once in that field alone with the
 * smaller fields rolled into a fraction (a month counts 30.44 days, a year 365.25). The
 * `relative-time` formatter always compares instants in UTC, where no day is longer or
 * shorter than 24 hours, so the difference reduces to calendar arithmetic on year, month
 * and day plus the milliseconds of the day; this file does that arithmetic step by step in
 * the library's order (the same year and month search, the same clamping to the month's
 * end, the same floating-point operations for the fractions). It covers whole-millisecond
 * instants from 1900 to 2199 and the period fields; anything else returns undefined and the
 * caller asks the library. `relative-time.test.ts` compares it with the library on random
 * pairs at every scale, month ends, leap days and every field option.
 */
import type { RelativeTimeFieldType } from '@phensley/cldr';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const YEAR = 1;
const MONTH = 2;
const WEEK = 4;
const DAY = 8;
const HOUR = 16;
const MINUTE = 32;
const SECOND = 64;
const MILLIS = 128;
/** The fields the difference has when none is named (weeks only on request). */
const ALL = YEAR | MONTH | DAY | HOUR | MINUTE | SECOND | MILLIS;

const FLAGS: Record<string, number> = {
  year: YEAR,
  month: MONTH,
  week: WEEK,
  day: DAY,
  hour: HOUR,
  minute: MINUTE,
  second: SECOND,
  millis: MILLIS,
};

/** Instants handled here: whole milliseconds from 1900-01-02 to 2199-12-31 UTC. */
const FIRST = Date.UTC(1900, 0, 2);
const LAST = Date.UTC(2200, 0, 1);

interface Ymd {
  y: number;
  /** 1 to 12. */
  m: number;
  d: number;
}

interface Period {
  year: number;
  month: number;
  week: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
}

/*
 * Calendar dates by integer arithmetic on day numbers (Howard Hinnant's civil-date algorithms,
 * as the `date` formatter uses), where Date would build an object per conversion.
 */

/** The UTC calendar date of an instant. */
function ymdOf(epoch: number): Ymd {
  return civil(Math.floor(epoch / DAY_MS));
}

function civil(days: number): Ymd {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/** Days since 1970-01-01 of year `y`, month `m` (1 to 12) and day `d` (counted on past the month's end or back before its start, as Date.UTC does). */
function dayNumber(y: number, m: number, d: number): number {
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yoe = year - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** @internal The calendar arithmetic, for its test against Date. */
export const calendar = { civil, dayNumber, daysInMonth: (y: number, m: number) => daysInMonth(y, m) };

function daysInMonth(y: number, m: number): number {
  if (m === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)) return 29;
  return MONTH_DAYS[m - 1] as number;
}

/** Year and month with the month brought into 1..12. */
function normalizeYm(y: number, m: number): { y: number; m: number } {
  const zeroBased = m - 1;
  let month = zeroBased % 12;
  if (month < 0) month += 12;
  return { y: y + Math.floor(zeroBased / 12), m: month + 1 };
}

/** Whether (y, m, d) lies past `to` in the direction `dir` (1 forward, -1 backward). */
function beyond(dir: number, y: number, m: number, d: number, to: Ymd): boolean {
  if (y !== to.y) return dir * (y - to.y) > 0;
  if (m !== to.m) return dir * (m - to.m) > 0;
  if (d !== to.d) return dir * (d - to.d) > 0;
  return false;
}

/**
 * The difference from `a` to `b` in the fields of `flags` (`smallest` the smallest of them),
 * fractions rolled into the smallest when `fractions`.
 */
function difference(a: number, b: number, flags: number, smallest: number, fractions: boolean, weeks: boolean): Period {
  const p: Period = { year: 0, month: 0, week: 0, day: 0, hour: 0, minute: 0, second: 0, millis: 0 };
  if (a === b) return p;
  const dir = a < b ? 1 : -1;
  const one = ymdOf(a);
  let two = ymdOf(b);
  const ms1 = a - Math.floor(a / DAY_MS) * DAY_MS;
  const ms2 = b - Math.floor(b / DAY_MS) * DAY_MS;
  let millis: number;
  if (one.y === two.y && one.m === two.m && one.d === two.d) {
    millis = b - a;
  } else {
    // The end moves back a day when its time of day is short of the start's.
    millis = ms2 - ms1;
    if (Math.sign(millis) === -dir) {
      two = civil(dayNumber(two.y, two.m, two.d - dir));
      millis = b - (dayNumber(two.y, two.m, two.d) * DAY_MS + ms1);
    }
    if ((flags & (YEAR | MONTH)) !== 0) {
      let years = two.y - one.y;
      if (years !== 0) years -= dir;
      while (!beyond(dir, one.y + years, one.m, one.d, two)) {
        p.year = years;
        years += dir;
      }
      let months = dir;
      let seek = normalizeYm(one.y + p.year, one.m + months);
      while (!beyond(dir, seek.y, seek.m, one.d, two)) {
        p.month = months;
        months += dir;
        seek = normalizeYm(seek.y, seek.m + dir);
      }
      if ((flags & YEAR) === 0) {
        p.month += p.year * 12;
        p.year = 0;
      } else if ((flags & MONTH) === 0 && ((!fractions && smallest === YEAR) || smallest !== YEAR)) {
        p.month = 0;
      }
    }
    const from = normalizeYm(one.y + p.year, one.m + p.month);
    const fromDay = Math.min(one.d, daysInMonth(from.y, from.m));
    let days = dayNumber(two.y, two.m, two.d) - dayNumber(from.y, from.m, fromDay);
    if ((weeks && flags === ALL) || (flags & WEEK) !== 0) {
      p.week = Math.trunc(days / 7);
      days %= 7;
    }
    p.day = days;
  }
  p.millis = millis;
  if ((flags & DAY) === 0) {
    p.millis += p.day * DAY_MS;
    p.day = 0;
  }
  if (fractions) {
    if (smallest <= DAY) {
      const days = p.day + p.millis / DAY_MS;
      p.millis = 0;
      if (smallest === YEAR) {
        p.year += p.month / 12 + (p.week * 7 + days) / 365.25;
        p.month = p.week = p.day = 0;
      } else if (smallest === MONTH) {
        p.month += (p.week * 7 + days) / 30.44;
        p.week = p.day = 0;
      } else if (smallest === WEEK) {
        p.week += days / 7;
        p.day = 0;
      } else {
        p.day = days;
      }
    } else {
      if (smallest === HOUR) {
        p.hour += (p.minute * MINUTE_MS + p.second * 1000 + p.millis) / HOUR_MS;
        p.minute = p.second = 0;
      }
      if (smallest === MINUTE) {
        p.minute = (p.second * MINUTE_MS + p.millis) / MINUTE_MS;
        p.second = 0;
      }
      if (smallest === SECOND) p.second = p.millis / 1000;
      if (smallest !== MILLIS) p.millis = 0;
    }
    return p;
  }
  if ((flags & HOUR) !== 0) {
    p.hour = (p.millis / HOUR_MS) | 0;
    p.millis -= p.hour * HOUR_MS;
  }
  if ((flags & MINUTE) !== 0) {
    p.minute = (p.millis / MINUTE_MS) | 0;
    p.millis -= p.minute * MINUTE_MS;
  }
  if ((flags & SECOND) !== 0) {
    p.second = (p.millis / 1000) | 0;
    p.millis -= p.second * 1000;
  }
  if ((flags & MILLIS) === 0) p.millis = 0;
  return p;
}

const ORDER = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis'] as const;

/**
 * `gregorian(a).relativeTime(gregorian(b), field, { rollupFractional: true, includeWeeks })`
 * for UTC instants: the field (the largest non-zero one unless named) and the amount in it.
 * Undefined outside the handled instants and fields.
 */
export function relativeTimeUtc(
  a: number,
  b: number,
  field: string | undefined,
  includeWeeks: boolean | undefined,
): [RelativeTimeFieldType | 'millis', number] | undefined {
  if (!Number.isInteger(a) || !Number.isInteger(b) || a < FIRST || a >= LAST || b < FIRST || b >= LAST) {
    return undefined;
  }
  const weeks = includeWeeks === true;
  let chosen = field;
  if (chosen === undefined) {
    const all = difference(a, b, ALL, MILLIS, false, weeks);
    chosen = 'millis';
    for (const name of ORDER) {
      if (all[name]) {
        chosen = name;
        break;
      }
    }
  }
  const flag = FLAGS[chosen];
  if (flag === undefined) return undefined;
  const one = difference(a, b, flag, flag, true, weeks);
  return [chosen as RelativeTimeFieldType | 'millis', one[chosen as keyof Period] || 0];
}

import { rangeQuery } from '@tessera/core/contracts/analytics';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { type ZonedRange, zonedRange } from './zoned-range.js';

/** Analytics ranges: calendar days from 2000 through 2100, at most this many days long. */
export const RANGE_YEARS = { min: 2000, max: 2100 } as const;
export const MAX_RANGE_DAYS = 1096;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const BAD_DATES = 'Send from and to as YYYY-MM-DD dates, with from on or before to.';

/**
 * The owner's analytics range from the query (`from`, `to`, days in the site's zone; the last 7
 * days by default). Dates must be real YYYY-MM-DD days from 2000 through 2100 (a year such as 0099
 * would otherwise be read as 1999, and 9999-12-31 has no next day to end on), `from` on or before
 * `to`, and the range at most `MAX_RANGE_DAYS` long; anything else is a 400 `invalid-range`.
 */
export function analyticsRange(query: unknown, timeZone: string, nowMs: number): ZonedRange {
  const input = parseInput(rangeQuery, query ?? {}, 'query');
  for (const date of [input.from, input.to]) {
    if (date === undefined) continue;
    if (!DATE.test(date)) throw new AppError('invalid-range', BAD_DATES);
    const year = Number(date.slice(0, 4));
    if (year < RANGE_YEARS.min || year > RANGE_YEARS.max) {
      throw new AppError('invalid-range', `Choose dates from ${RANGE_YEARS.min} through ${RANGE_YEARS.max}.`);
    }
  }
  const range = zonedRange(input, timeZone, nowMs);
  if (!range) throw new AppError('invalid-range', BAD_DATES);
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) {
    throw new AppError('invalid-range', `Choose a range of at most ${MAX_RANGE_DAYS} days (three years).`);
  }
  return range;
}

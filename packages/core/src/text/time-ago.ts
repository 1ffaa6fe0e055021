const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** SPEC §9 units, largest first; a month is 30 days and a year 365. */
const UNITS: readonly [name: string, ms: number][] = Object.freeze([
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
]);

/** Text for a date that cannot be read (SPEC §8). */
export const INVALID_DATE = 'Invalid date.';

/**
 * How long ago `fromMs` was, seen at `nowMs`: 'less than a minute ago' under a minute (and for
 * future times), otherwise 'about N unit(s) ago' in the largest whole unit ('about 1 hour ago',
 * 'about 3 weeks ago'). Non-finite input gives 'Invalid date.'.
 */
export function timeAgo(fromMs: number, nowMs: number): string {
  if (!Number.isFinite(fromMs) || !Number.isFinite(nowMs)) return INVALID_DATE;
  const elapsed = nowMs - fromMs;
  for (const [name, size] of UNITS) {
    if (elapsed >= size) {
      const count = Math.floor(elapsed / size);
      return `about ${count} ${name}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'less than a minute ago';
}

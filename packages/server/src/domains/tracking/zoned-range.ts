/** UTC instants bounding a range of calendar days in a time zone. */
export interface ZonedRange {
  from: string;
  to: string;
  timeZone: string;
  /** First instant of `from` (inclusive), ISO UTC. */
  startUtc: string;
  /** First instant of the day after `to` (exclusive), ISO UTC. */
  endUtc: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Offset of `timeZone` from UTC at the instant `ms`, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant of local midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function zonedMidnightUtc(date: string, timeZone: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  let guess = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles days where the offset changes between the guess and midnight.
  guess = wall - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function zonedToday(nowMs: number, timeZone: string): string {
  return new Date(nowMs + zoneOffsetMs(nowMs, timeZone)).toISOString().slice(0, 10);
}

/** A real YYYY-MM-DD day (2026-02-31 is not). */
function isCalendarDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The range `from`..`to` (inclusive calendar days in the site's zone); defaults to the last
 * `defaultDays` days ending today. Invalid dates or a reversed range give undefined.
 */
export function zonedRange(
  input: { from?: string; to?: string },
  timeZone: string,
  nowMs: number,
  defaultDays = 7,
): ZonedRange | undefined {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const to = input.to ?? zonedToday(nowMs, zone);
  const from =
    input.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - (defaultDays - 1) * DAY_MS).toISOString().slice(0, 10);
  if (!isCalendarDate(from) || !isCalendarDate(to)) return undefined;
  if (from > to) return undefined;
  const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return {
    from,
    to,
    timeZone: zone,
    startUtc: new Date(zonedMidnightUtc(from, zone)).toISOString(),
    endUtc: new Date(zonedMidnightUtc(dayAfter, zone)).toISOString(),
  };
}

/**
 * strftime-style date patterns (`%Y-%m-%d %H:%M`) rendered in a time zone, with
 * English names, as the `date` formatter defines them.
 */
import { TZ } from '@phensley/timezone';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_DAYS = DAYS.map((d) => d.slice(0, 3));
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));
const DAY_MS = 86_400_000;

/** The wall-clock fields of one instant in one zone. */
export interface ZonedFields {
  epoch: number;
  year: number;
  /** 1..12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  /** 1..366 */
  dayOfYear: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  offsetMs: number;
  abbr: string;
}

/** The zone's offset and abbreviation at one instant; unknown zones read as UTC. */
function zoneInfoAt(zoneId: string, epoch: number): ZoneInfo {
  return TZ.fromUTC(zoneId, epoch) ?? TZ.utcZone();
}

interface ZoneInfo {
  readonly offset: number;
  readonly abbr: string;
}

const HOUR_MS = 3_600_000;
/** Per zone: hour number since the epoch → the zone info for the whole hour, or null when it changes within it. */
const zoneHours = new Map<string, Map<number, ZoneInfo | null>>();
const ZONE_HOURS_LIMIT = 20_000;

/**
 * The zone info for `epoch`, cached by UTC hour. An hour is cached only when its
 * first and last millisecond have the same offset and abbreviation: time-zone
 * rules never change twice within one hour, so the whole hour shares them. Hours
 * holding a transition are looked up exactly every time.
 */
function cachedZoneInfo(zoneId: string, epoch: number): ZoneInfo {
  let hours = zoneHours.get(zoneId);
  if (hours === undefined) {
    if (zoneHours.size >= 256) zoneHours.clear();
    hours = new Map();
    zoneHours.set(zoneId, hours);
  }
  const hour = Math.floor(epoch / HOUR_MS);
  let info = hours.get(hour);
  if (info === undefined) {
    const first = zoneInfoAt(zoneId, hour * HOUR_MS);
    const last = zoneInfoAt(zoneId, hour * HOUR_MS + HOUR_MS - 1);
    info = first.offset === last.offset && first.abbr === last.abbr ? { offset: first.offset, abbr: first.abbr } : null;
    if (hours.size >= ZONE_HOURS_LIMIT) hours.clear();
    hours.set(hour, info);
  }
  return info ?? zoneInfoAt(zoneId, epoch);
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1..12). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** Instants this far from 1970 are computed through Date, exactly as before the fast path. */
const ARITHMETIC_RANGE = 8.6e15;

/**
 * The wall-clock fields of `epoch` in `zoneId`, by integer arithmetic on days
 * since 1970 (the proleptic Gregorian calendar, as Date uses).
 */
/** The last instant computed: templates often print one date twice (`datetime=` and visible text). */
let lastEpoch = Number.NaN;
let lastZone = '';
let lastFields: ZonedFields | undefined;

function zonedFields(epoch: number, zoneId: string): ZonedFields {
  if (epoch === lastEpoch && zoneId === lastZone && lastFields !== undefined) return lastFields;
  const fields = computeZonedFields(epoch, zoneId);
  lastEpoch = epoch;
  lastZone = zoneId;
  lastFields = fields;
  return fields;
}

function computeZonedFields(epoch: number, zoneId: string): ZonedFields {
  if (!(epoch > -ARITHMETIC_RANGE && epoch < ARITHMETIC_RANGE)) return zonedFieldsByDate(epoch, zoneId);
  const info = cachedZoneInfo(zoneId, epoch);
  // Date truncates fractional milliseconds toward zero.
  const local = Math.trunc(epoch + info.offset);
  const days = Math.floor(local / DAY_MS);
  const msOfDay = local - days * DAY_MS;
  // Civil date from the day number (Howard Hinnant's algorithm).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return {
    epoch,
    year,
    month,
    day,
    weekday: (((days + 4) % 7) + 7) % 7,
    dayOfYear: days - daysFromCivil(year, 1, 1) + 1,
    hour: Math.floor(msOfDay / HOUR_MS),
    minute: Math.floor(msOfDay / 60_000) % 60,
    second: Math.floor(msOfDay / 1000) % 60,
    millis: msOfDay % 1000,
    offsetMs: info.offset,
    abbr: info.abbr,
  };
}

/** The same fields through Date: used for instants outside the arithmetic range (and as its test oracle). */
export function zonedFieldsByDate(epoch: number, zoneId: string): ZonedFields {
  const info = zoneInfoAt(zoneId, epoch);
  const wall = new Date(epoch + info.offset);
  const year = wall.getUTCFullYear();
  const startOfYear = Date.UTC(year, 0, 1);
  const midnight = Date.UTC(year, wall.getUTCMonth(), wall.getUTCDate());
  return {
    epoch,
    year,
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    dayOfYear: Math.round((midnight - startOfYear) / DAY_MS) + 1,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millis: wall.getUTCMilliseconds(),
    offsetMs: info.offset,
    abbr: info.abbr,
  };
}

export { computeZonedFields as zonedFieldsFast };

function pad(n: number, width: number, fill = '0'): string {
  return String(n).padStart(width, fill);
}

/** Two digits of a number known to be in 0..99. */
function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function hour12(f: ZonedFields): number {
  const h = f.hour % 12;
  return h === 0 ? 12 : h;
}

/** Week of the year counting from Sunday, the week holding January 1 being week 1. */
function weekOfYear(f: ZonedFields): number {
  const jan1Weekday = (f.weekday - ((f.dayOfYear - 1) % 7) + 7) % 7;
  return Math.floor((f.dayOfYear - 1 + jan1Weekday) / 7) + 1;
}

/** ISO 8601 week number and its year. */
function isoWeek(f: ZonedFields): [week: number, year: number] {
  const isoWeekday = f.weekday === 0 ? 7 : f.weekday;
  // The Thursday of this week decides the year it belongs to.
  const thursday = new Date(Date.UTC(f.year, f.month - 1, f.day + 4 - isoWeekday));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return [week, year];
}

function offsetText(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const minutes = Math.abs(ms) / 60_000;
  return `${sign}${pad(Math.floor(minutes / 60), 2)}:${pad(minutes % 60, 2)}`;
}

function field(ch: string, f: ZonedFields): string {
  switch (ch) {
    case 'a':
      // An invalid date has no weekday: slicing undefined throws, as it always did.
      return SHORT_DAYS[f.weekday] ?? (DAYS[f.weekday] as string).slice(0, 3);
    case 'A':
      return DAYS[f.weekday];
    case 'b':
    case 'h':
      return SHORT_MONTHS[f.month - 1] ?? (MONTHS[f.month - 1] as string).slice(0, 3);
    case 'B':
      return MONTHS[f.month - 1];
    case 'c':
      return `${field('a', f)}, ${field('b', f)} ${f.day}, ${f.year} ${hour12(f)}:${pad2(f.minute)}:${pad2(f.second)} ${field('p', f)} ${f.abbr}`;
    case 'C':
      return pad(Math.floor(f.year / 100), 2);
    case 'd':
      return pad2(f.day);
    case 'D':
      return `${pad2(f.month)}/${pad2(f.day)}/${pad(f.year % 100, 2)}`;
    case 'e':
      return pad(f.day, 2, ' ');
    case 'F':
      return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
    case 'g':
      return pad(isoWeek(f)[1] % 100, 2);
    case 'G':
      return pad(isoWeek(f)[1], 4);
    case 'H':
      return pad2(f.hour);
    case 'i':
      return String(hour12(f));
    case 'I':
      return pad2(hour12(f));
    case 'j':
      return pad(f.dayOfYear, 3);
    case 'k':
      return pad(f.hour, 2, ' ');
    case 'l':
      return pad(hour12(f), 2, ' ');
    case 'm':
      return pad2(f.month);
    case 'M':
      return pad2(f.minute);
    case 'n':
      return '\n';
    case 'N':
      return pad(f.millis * 1_000_000, 9);
    case 'p':
      return f.hour < 12 ? 'AM' : 'PM';
    case 'P':
      return f.hour < 12 ? 'am' : 'pm';
    case 'q':
      return String(Math.floor((f.month - 1) / 3) + 1);
    case 'r':
      return `${hour12(f)}:${pad2(f.minute)}:${pad2(f.second)} ${field('p', f)}`;
    case 'R':
      return `${pad2(f.hour)}:${pad2(f.minute)}`;
    case 's':
      return String(Math.floor(f.epoch / 1000));
    case 'S':
      return pad2(f.second);
    case 't':
      return '\t';
    case 'T':
      return `${pad2(f.hour)}:${pad2(f.minute)}:${pad2(f.second)}`;
    case 'u':
      return String(f.weekday === 0 ? 7 : f.weekday);
    case 'U':
    case 'W':
      return pad(weekOfYear(f), 2);
    case 'v':
      return `${field('e', f)}-${field('b', f)}-${f.year}`;
    case 'V':
      return pad(isoWeek(f)[0], 2);
    case 'w':
      return String(f.weekday);
    case 'x':
      return `${pad2(f.month)}/${pad2(f.day)}/${f.year}`;
    case 'X':
      return `${pad2(hour12(f))}:${pad2(f.minute)}:${pad2(f.second)} ${field('p', f)}`;
    case 'y':
      return pad(f.year % 100, 2);
    case 'Y':
      return String(f.year);
    case 'z':
      return offsetText(f.offsetMs);
    case 'Z':
      return f.abbr;
    default:
      // Unknown conversions produce nothing.
      return '';
  }
}

/** A strftime pattern split once: literal text, and conversion letters as numbers (char codes). */
export type StrftimePattern = readonly (string | number)[];

/** Split a pattern into literal runs and conversions; `%%` is a literal percent sign, a trailing `%` is literal. */
export function compileStrftime(pattern: string): StrftimePattern {
  const items: (string | number)[] = [];
  let text = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch !== '%' || i === pattern.length - 1) {
      text += ch;
      continue;
    }
    i++;
    const spec = pattern[i] as string;
    if (spec === '%') {
      text += '%';
      continue;
    }
    if (text !== '') items.push(text);
    text = '';
    items.push(spec.charCodeAt(0));
  }
  if (text !== '') items.push(text);
  return items;
}

/** Format `epoch` (ms) in `zoneId` with a compiled pattern. */
export function formatStrftime(epoch: number, zoneId: string, pattern: StrftimePattern): string {
  const f = zonedFields(epoch, zoneId);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const item = pattern[i] as string | number;
    out += typeof item === 'string' ? item : field(String.fromCharCode(item), f);
  }
  return out;
}

const compiledPatterns = new Map<string, StrftimePattern>();

/** Format `epoch` (ms) in `zoneId` with a strftime pattern; `%%` is a literal percent sign. */
export function strftime(epoch: number, zoneId: string, pattern: string): string {
  let compiled = compiledPatterns.get(pattern);
  if (compiled === undefined) {
    compiled = compileStrftime(pattern);
    if (compiledPatterns.size >= 1000) compiledPatterns.clear();
    compiledPatterns.set(pattern, compiled);
  }
  return formatStrftime(epoch, zoneId, compiled);
}

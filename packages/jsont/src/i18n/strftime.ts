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
/**
 * Per zone: the zone info of whole hours, by hour number since the epoch, in a direct-mapped
 * table (slot `hour & HOUR_SLOTS_MASK`, holding the hour it is for): no hashing per lookup, and
 * bounded by construction. An hour whose info changes within it is never stored.
 */
class ZoneHours {
  readonly hours = new Float64Array(HOUR_SLOTS).fill(Number.NaN);
  readonly infos: (ZoneInfo | undefined)[] = new Array(HOUR_SLOTS).fill(undefined);
}
const HOUR_SLOTS = 4096;
const HOUR_SLOTS_MASK = HOUR_SLOTS - 1;
const zoneHours = new Map<string, ZoneHours>();

/**
 * The zone info for `epoch`, cached by UTC hour. An hour is cached only when its
 * first and last millisecond have the same offset and abbreviation: time-zone
 * rules never change twice within one hour, so the whole hour shares them. Hours
 * holding a transition are looked up exactly every time.
 */
/** The zone asked for last, in front of the map: a page formats in one zone. */
let hoursZone = '';
let lastHours: ZoneHours | undefined;

function cachedZoneInfo(zoneId: string, epoch: number): ZoneInfo {
  let hours = zoneId === hoursZone ? lastHours : zoneHours.get(zoneId);
  if (hours === undefined) {
    if (zoneHours.size >= 64) zoneHours.clear();
    hours = new ZoneHours();
    zoneHours.set(zoneId, hours);
  }
  hoursZone = zoneId;
  lastHours = hours;
  const hour = Math.floor(epoch / HOUR_MS);
  const slot = hour & HOUR_SLOTS_MASK;
  if (hours.hours[slot] === hour) return hours.infos[slot] as ZoneInfo;
  const first = zoneInfoAt(zoneId, hour * HOUR_MS);
  const last = zoneInfoAt(zoneId, hour * HOUR_MS + HOUR_MS - 1);
  if (first.offset !== last.offset || first.abbr !== last.abbr) return zoneInfoAt(zoneId, epoch);
  hours.hours[slot] = hour;
  hours.infos[slot] = { offset: first.offset, abbr: first.abbr };
  return hours.infos[slot] as ZoneInfo;
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
  // Date truncates fractional milliseconds toward zero. Within the arithmetic range every
  // quantity below fits 32 bits, so `| 0` keeps the arithmetic on integers (no float modulo).
  const local = Math.trunc(epoch + info.offset);
  const days = Math.floor(local / DAY_MS) | 0;
  const msOfDay = (local - days * DAY_MS) | 0;
  const slot = (days & DAY_SLOTS_MASK) * 4;
  if (civilDays[days & DAY_SLOTS_MASK] !== days) civilDate(days, slot);
  const minutes = (msOfDay / 60_000) | 0;
  const seconds = (msOfDay / 1000) | 0;
  const weekday = ((days + 4) % 7) | 0;
  return {
    epoch,
    year: civil[slot] as number,
    month: civil[slot + 1] as number,
    day: civil[slot + 2] as number,
    weekday: weekday < 0 ? weekday + 7 : weekday,
    dayOfYear: civil[slot + 3] as number,
    hour: (msOfDay / HOUR_MS) | 0,
    minute: minutes % 60,
    second: seconds % 60,
    millis: msOfDay % 1000,
    offsetMs: info.offset,
    abbr: info.abbr,
  };
}

/**
 * The civil dates of recent day numbers, direct-mapped (slot `days & DAY_SLOTS_MASK`): `civilDays`
 * holds the day number a slot is for, `civil` its year, month, day and day of the year. Dates on
 * a page fall on a few days, which then skip the calendar arithmetic.
 */
const DAY_SLOTS = 1024;
const DAY_SLOTS_MASK = DAY_SLOTS - 1;
/** No day number in the arithmetic range is this low, so an empty slot matches none. */
const civilDays = new Int32Array(DAY_SLOTS).fill(-0x80000000);
const civil = new Int32Array(DAY_SLOTS * 4);

/** Fill the slot of `days` with its civil date (Howard Hinnant's algorithm). */
function civilDate(days: number, slot: number): void {
  const z = (days + 719_468) | 0;
  const era = ((z >= 0 ? z : z - 146_096) / 146_097) | 0;
  const doe = (z - era * 146_097) | 0;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0;
  const doy = (doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0))) | 0;
  const mp = ((5 * doy + 2) / 153) | 0;
  const day = (doy - (((153 * mp + 2) / 5) | 0) + 1) | 0;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  // Day of the year from the day of the March-based year: January and February come after
  // the 306 days from March to December; from March on, a leap year has one day more.
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  civil[slot] = year;
  civil[slot + 1] = month;
  civil[slot + 2] = day;
  civil[slot + 3] = doy >= 306 ? doy - 305 : doy + 60 + (leap ? 1 : 0);
  civilDays[days & DAY_SLOTS_MASK] = days;
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

/** `00` … `99`, and ` 0` … `99` (space-padded), made once instead of per field. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));
const SPACE_TWO_DIGITS = Array.from({ length: 100 }, (_, n) => (n < 10 ? ` ${n}` : `${n}`));

/** Two digits of a number known to be in 0..99. */
function pad2(n: number): string {
  return TWO_DIGITS[n] ?? (n < 10 ? `0${n}` : `${n}`);
}

/** Two characters, space-padded, of a number known to be in 0..99. */
function space2(n: number): string {
  return SPACE_TWO_DIGITS[n] ?? pad(n, 2, ' ');
}

/** The year as text: a page's dates mostly share a year or two. */
let lastYear = Number.NaN;
let lastYearText = '';
function yearText(year: number): string {
  if (year !== lastYear) {
    lastYear = year;
    lastYearText = String(year);
  }
  return lastYearText;
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

/** One conversion, by the char code of its letter (a numeric switch is a jump table). */
function field(code: number, f: ZonedFields): string {
  switch (code) {
    case 97: // a
      // An invalid date has no weekday: slicing undefined throws, as it always did.
      return SHORT_DAYS[f.weekday] ?? (DAYS[f.weekday] as string).slice(0, 3);
    case 65: // A
      return DAYS[f.weekday];
    case 98: // b
    case 104: // h
      return SHORT_MONTHS[f.month - 1] ?? (MONTHS[f.month - 1] as string).slice(0, 3);
    case 66: // B
      return MONTHS[f.month - 1];
    case 99: // c
      return `${field(97 /* a */, f)}, ${field(98 /* b */, f)} ${f.day}, ${f.year} ${hour12(f)}:${pad2(f.minute)}:${pad2(f.second)} ${field(112 /* p */, f)} ${f.abbr}`;
    case 67: // C
      return pad(Math.floor(f.year / 100), 2);
    case 100: // d
      return pad2(f.day);
    case 68: // D
      return `${pad2(f.month)}/${pad2(f.day)}/${pad(f.year % 100, 2)}`;
    case 101: // e
      return space2(f.day);
    case 70: // F
      return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
    case 103: // g
      return pad(isoWeek(f)[1] % 100, 2);
    case 71: // G
      return pad(isoWeek(f)[1], 4);
    case 72: // H
      return pad2(f.hour);
    case 105: // i
      return String(hour12(f));
    case 73: // I
      return pad2(hour12(f));
    case 106: // j
      return pad(f.dayOfYear, 3);
    case 107: // k
      return space2(f.hour);
    case 108: // l
      return space2(hour12(f));
    case 109: // m
      return pad2(f.month);
    case 77: // M
      return pad2(f.minute);
    case 110: // n
      return '\n';
    case 78: // N
      return pad(f.millis * 1_000_000, 9);
    case 112: // p
      return f.hour < 12 ? 'AM' : 'PM';
    case 80: // P
      return f.hour < 12 ? 'am' : 'pm';
    case 113: // q
      return String(Math.floor((f.month - 1) / 3) + 1);
    case 114: // r
      return `${hour12(f)}:${pad2(f.minute)}:${pad2(f.second)} ${field(112 /* p */, f)}`;
    case 82: // R
      return `${pad2(f.hour)}:${pad2(f.minute)}`;
    case 115: // s
      return String(Math.floor(f.epoch / 1000));
    case 83: // S
      return pad2(f.second);
    case 116: // t
      return '\t';
    case 84: // T
      return `${pad2(f.hour)}:${pad2(f.minute)}:${pad2(f.second)}`;
    case 117: // u
      return String(f.weekday === 0 ? 7 : f.weekday);
    case 85: // U
    case 87: // W
      return pad(weekOfYear(f), 2);
    case 118: // v
      return `${field(101 /* e */, f)}-${field(98 /* b */, f)}-${f.year}`;
    case 86: // V
      return pad(isoWeek(f)[0], 2);
    case 119: // w
      return String(f.weekday);
    case 120: // x
      return `${pad2(f.month)}/${pad2(f.day)}/${f.year}`;
    case 88: // X
      return `${pad2(hour12(f))}:${pad2(f.minute)}:${pad2(f.second)} ${field(112 /* p */, f)}`;
    case 121: // y
      return pad(f.year % 100, 2);
    case 89: // Y
      return yearText(f.year);
    case 122: // z
      return offsetText(f.offsetMs);
    case 90: // Z
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
    out += typeof item === 'string' ? item : field(item, f);
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

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
const DAY_MS = 86_400_000;

/** The wall-clock fields of one instant in one zone. */
interface ZonedFields {
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

function zonedFields(epoch: number, zoneId: string): ZonedFields {
  const info = TZ.fromUTC(zoneId, epoch) ?? TZ.utcZone();
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

function pad(n: number, width: number, fill = '0'): string {
  return String(n).padStart(width, fill);
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
      return DAYS[f.weekday].slice(0, 3);
    case 'A':
      return DAYS[f.weekday];
    case 'b':
    case 'h':
      return MONTHS[f.month - 1].slice(0, 3);
    case 'B':
      return MONTHS[f.month - 1];
    case 'c':
      return `${field('a', f)}, ${field('b', f)} ${f.day}, ${f.year} ${hour12(f)}:${pad(f.minute, 2)}:${pad(f.second, 2)} ${field('p', f)} ${f.abbr}`;
    case 'C':
      return pad(Math.floor(f.year / 100), 2);
    case 'd':
      return pad(f.day, 2);
    case 'D':
      return `${pad(f.month, 2)}/${pad(f.day, 2)}/${pad(f.year % 100, 2)}`;
    case 'e':
      return pad(f.day, 2, ' ');
    case 'F':
      return `${f.year}-${pad(f.month, 2)}-${pad(f.day, 2)}`;
    case 'g':
      return pad(isoWeek(f)[1] % 100, 2);
    case 'G':
      return pad(isoWeek(f)[1], 4);
    case 'H':
      return pad(f.hour, 2);
    case 'i':
      return String(hour12(f));
    case 'I':
      return pad(hour12(f), 2);
    case 'j':
      return pad(f.dayOfYear, 3);
    case 'k':
      return pad(f.hour, 2, ' ');
    case 'l':
      return pad(hour12(f), 2, ' ');
    case 'm':
      return pad(f.month, 2);
    case 'M':
      return pad(f.minute, 2);
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
      return `${hour12(f)}:${pad(f.minute, 2)}:${pad(f.second, 2)} ${field('p', f)}`;
    case 'R':
      return `${pad(f.hour, 2)}:${pad(f.minute, 2)}`;
    case 's':
      return String(Math.floor(f.epoch / 1000));
    case 'S':
      return pad(f.second, 2);
    case 't':
      return '\t';
    case 'T':
      return `${pad(f.hour, 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)}`;
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
      return `${pad(f.month, 2)}/${pad(f.day, 2)}/${f.year}`;
    case 'X':
      return `${pad(hour12(f), 2)}:${pad(f.minute, 2)}:${pad(f.second, 2)} ${field('p', f)}`;
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

/** Format `epoch` (ms) in `zoneId` with a strftime pattern; `%%` is a literal percent sign. */
export function strftime(epoch: number, zoneId: string, pattern: string): string {
  const f = zonedFields(epoch, zoneId);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch !== '%' || i === pattern.length - 1) {
      out += ch;
      continue;
    }
    i++;
    const spec = pattern[i];
    out += spec === '%' ? '%' : field(spec, f);
  }
  return out;
}

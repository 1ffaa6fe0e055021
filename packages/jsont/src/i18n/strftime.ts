/**
 * strftime-style date patterns (`%Y-%m-%d %H:%M`) rendered in a time zone, with
 * English names, as the `date` formatter defines them.
 */
import { type ZonedFields, zonedFields } from './zoned-fields.js';

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

/** What an iCalendar file for one event needs. Times are epoch milliseconds. */
export interface IcsEvent {
  /** Globally unique: the item id at the site's host. */
  uid: string;
  title: string;
  start: number;
  end: number;
  description?: string;
  location?: string;
  url?: string;
  /** When the file was made (DTSTAMP). */
  stamp: number;
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: content lines are folded at 75 octets. */
const LINE_OCTETS = 75;

/** `YYYYMMDDTHHMMSSZ` in UTC, the same form as SPEC §9's calendar link datetime. */
export function icsDateTime(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Splits a content line into 75-octet pieces, continuation lines starting with one space, never inside a character. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

/** A complete VCALENDAR with one VEVENT, CRLF line ends, times in UTC. */
export function eventToIcs(event: IcsEvent): string {
  const end = Number.isFinite(event.end) && event.end > event.start ? event.end : event.start + 60 * 60 * 1000;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tessera//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeIcsText(event.title)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

import { describe, expect, it } from 'vitest';
import { escapeIcsText, eventToIcs, foldLine, icsDateTime } from './ics.js';

describe('iCalendar files', () => {
  const base = {
    uid: 'abc123@example.com',
    title: 'Spring market, stall 4; bring bags',
    start: Date.UTC(2026, 3, 18, 14, 0, 0),
    end: Date.UTC(2026, 3, 18, 20, 30, 0),
    stamp: Date.UTC(2026, 0, 2, 3, 4, 5),
  };

  it('writes UTC date-times as YYYYMMDDTHHMMSSZ', () => {
    expect(icsDateTime(Date.UTC(2013, 10, 15, 12, 30, 30))).toBe('20131115T123030Z');
  });

  it('escapes backslash, semicolon, comma and newlines in text', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('ends every line with CRLF and carries UID, DTSTAMP, DTSTART and DTEND', () => {
    const text = eventToIcs({ ...base, location: 'Hudson, NY', description: 'Line one\nLine two' });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('UID:abc123@example.com');
    expect(lines).toContain('DTSTAMP:20260102T030405Z');
    expect(lines).toContain('DTSTART:20260418T140000Z');
    expect(lines).toContain('DTEND:20260418T203000Z');
    expect(lines).toContain('SUMMARY:Spring market\\, stall 4\\; bring bags');
    expect(lines).toContain('LOCATION:Hudson\\, NY');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('gives an event without a usable end one hour', () => {
    const lines = eventToIcs({ ...base, end: Number.NaN }).split('\r\n');
    expect(lines).toContain('DTEND:20260418T150000Z');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
  });
});

import { describe, expect, it } from 'vitest';
import { zonedMidnightUtc, zonedRange, zonedToday } from './zoned-range.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('zoned ranges', () => {
  it('finds local midnight in and out of daylight saving time', () => {
    expect(iso(zonedMidnightUtc('2026-01-15', 'America/New_York'))).toBe('2026-01-15T05:00:00.000Z');
    expect(iso(zonedMidnightUtc('2026-07-15', 'America/New_York'))).toBe('2026-07-15T04:00:00.000Z');
    expect(iso(zonedMidnightUtc('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(zonedMidnightUtc('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(zonedMidnightUtc('2026-06-01', 'Asia/Tokyo'))).toBe('2026-05-31T15:00:00.000Z');
  });

  it('covers whole days from `from` to the end of `to`', () => {
    expect(zonedRange({ from: '2026-03-07', to: '2026-03-08' }, 'America/New_York', 0)).toEqual({
      from: '2026-03-07',
      to: '2026-03-08',
      timeZone: 'America/New_York',
      startUtc: '2026-03-07T05:00:00.000Z',
      endUtc: '2026-03-09T04:00:00.000Z',
    });
  });

  it('defaults to the last seven days up to today in the zone', () => {
    const now = Date.parse('2026-01-10T03:00:00Z'); // still 9 January in New York
    expect(zonedToday(now, 'America/New_York')).toBe('2026-01-09');
    expect(zonedRange({}, 'America/New_York', now)).toMatchObject({ from: '2026-01-03', to: '2026-01-09' });
  });

  it('refuses bad dates and reversed ranges, and falls back to UTC for an unknown zone', () => {
    expect(zonedRange({ from: '2026-02-10', to: '2026-02-01' }, 'UTC', 0)).toBeUndefined();
    expect(zonedRange({ from: 'yesterday' }, 'UTC', 0)).toBeUndefined();
    expect(zonedRange({ from: '2026-02-31', to: '2026-03-01' }, 'UTC', 0)).toBeUndefined();
    expect(zonedRange({ from: '2026-01-01', to: '2026-01-01' }, 'Mars/Olympus', 0)?.timeZone).toBe('UTC');
  });
});

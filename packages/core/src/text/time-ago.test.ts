import { describe, expect, it } from 'vitest';
import { INVALID_DATE, timeAgo } from './time-ago.js';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => timeAgo(now - ms, now);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('says less than a minute under a minute and for the future', () => {
    expect(ago(0)).toBe('less than a minute ago');
    expect(ago(59_999)).toBe('less than a minute ago');
    expect(ago(-5 * MIN)).toBe('less than a minute ago');
  });

  it('uses the largest whole unit, singular or plural', () => {
    expect(ago(MIN)).toBe('about 1 minute ago');
    expect(ago(59 * MIN)).toBe('about 59 minutes ago');
    expect(ago(HOUR)).toBe('about 1 hour ago');
    expect(ago(5 * HOUR)).toBe('about 5 hours ago');
    expect(ago(DAY)).toBe('about 1 day ago');
    expect(ago(6 * DAY)).toBe('about 6 days ago');
    expect(ago(7 * DAY)).toBe('about 1 week ago');
    expect(ago(29 * DAY)).toBe('about 4 weeks ago');
    expect(ago(30 * DAY)).toBe('about 1 month ago');
    expect(ago(364 * DAY)).toBe('about 12 months ago');
    expect(ago(365 * DAY)).toBe('about 1 year ago');
    expect(ago(3 * 365 * DAY)).toBe('about 3 years ago');
  });

  it('reports an unreadable date', () => {
    expect(timeAgo(Number.NaN, now)).toBe(INVALID_DATE);
    expect(INVALID_DATE).toBe('Invalid date.');
  });
});

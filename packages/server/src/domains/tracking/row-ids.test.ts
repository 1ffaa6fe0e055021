import { describe, expect, it } from 'vitest';
import { isoAt, trackingRowId } from './row-ids.js';

describe('trackingRowId', () => {
  it('makes 24 hex characters that never repeat and sort by the second they were made in', () => {
    const ids = Array.from({ length: 50_000 }, () => trackingRowId(1_764_000_000_123));
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0].slice(0, 8)).toBe((1_764_000_000).toString(16));
    const later = trackingRowId(1_764_000_001_000);
    for (const id of ids.slice(0, 100)) expect(id < later).toBe(true);
  });
});

describe('isoAt', () => {
  it('answers what Date#toISOString answers, for the same and for other milliseconds', () => {
    for (const ms of [0, 1_764_000_000_123, 1_764_000_000_123, 1_764_000_000_124]) {
      expect(isoAt(ms)).toBe(new Date(ms).toISOString());
    }
  });
});

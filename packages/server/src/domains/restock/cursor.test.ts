import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from './cursor.js';

describe('page cursors', () => {
  it('round-trips a key and rejects anything it did not make', () => {
    const cursor = encodeCursor(['2026-11-22T00:00:00.000Z', 'abc']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 2)).toEqual(['2026-11-22T00:00:00.000Z', 'abc']);
    expect(decodeCursor(cursor, 3)).toBeUndefined();
    expect(decodeCursor('not base64 json', 2)).toBeUndefined();
    expect(decodeCursor(encodeCursor(['a']).replace(/.$/, ''), 1)).toBeUndefined();
    expect(decodeCursor(Buffer.from('[1,2]').toString('base64url'), 2)).toBeUndefined();
    expect(decodeCursor(undefined, 2)).toBeUndefined();
    expect(decodeCursor('x'.repeat(600), 2)).toBeUndefined();
  });

  it('cuts a limit + 1 fetch into a page and the cursor of its last row', () => {
    const rows = [1, 2, 3, 4].map((n) => ({ id: String(n) }));
    const first = pageOf(rows, 3, (r) => [r.id]);
    expect(first.rows.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(first.hasNextPage).toBe(true);
    expect(decodeCursor(first.nextPageCursor ?? undefined, 1)).toEqual(['3']);
    const last = pageOf(rows.slice(3), 3, (r) => [r.id]);
    expect(last).toEqual({ rows: [{ id: '4' }], hasNextPage: false, nextPageCursor: null });
  });
});

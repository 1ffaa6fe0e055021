import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackingMigration } from '../../platform/db/migrations/0004_tracking.js';
import type { Database } from '../../platform/db/schema.js';
import { BatchWriter } from './batch-writer.js';

function errorRow(id: string) {
  return {
    id,
    site_id: 'site',
    message: `m${id}`,
    name: 'Error',
    stack: '',
    source: '',
    line: null,
    col: null,
    path: '/',
    user_agent: '',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('BatchWriter', () => {
  let db: Kysely<Database>;
  const stored = async () =>
    Number(
      (
        await db
          .selectFrom('tracking_js_errors')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
  /** Lets the writes the timers started finish (they run on promises, not timers). */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await trackingMigration.up(db);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await db.destroy();
  });

  it('keeps rows in memory until the interval passes, then writes them', async () => {
    const writer = new BatchWriter(db, { intervalMs: 1000, maxRows: 100 });
    writer.add('tracking_js_errors', errorRow('1'));
    writer.add('tracking_js_errors', errorRow('2'));
    expect(writer.pending).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(await stored()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await writer.flush();
    expect(writer.pending).toBe(0);
    expect(await stored()).toBe(2);
    await writer.close();
  });

  it('writes at once when the row threshold is reached, in statements of bounded size', async () => {
    const writer = new BatchWriter(db, { intervalMs: 60_000, maxRows: 5, rowsPerStatement: 2 });
    for (let i = 0; i < 5; i++) writer.add('tracking_js_errors', errorRow(String(i)));
    expect(writer.pending).toBe(0);
    await writer.flush();
    expect(await stored()).toBe(5);
    await writer.close();
  });

  it('writes what is left on close and stops its timer', async () => {
    const writer = new BatchWriter(db, { intervalMs: 1000 });
    writer.add('tracking_js_errors', errorRow('a'));
    await writer.close();
    expect(await stored()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a row it cannot store, keeps the rest of that batch and carries on with the next one', async () => {
    const errors: unknown[] = [];
    const writer = new BatchWriter(db, { onError: (e) => errors.push(e) });
    writer.add('tracking_js_errors', errorRow('dup'));
    writer.add('tracking_js_errors', errorRow('dup'));
    writer.add('tracking_js_errors', errorRow('other'));
    await writer.flush();
    // The statement fails on the repeated id; tried again row by row, only the repeat is refused.
    expect(errors).toHaveLength(1);
    expect(await stored()).toBe(2);
    writer.add('tracking_js_errors', errorRow('fine'));
    await writer.close();
    expect(await stored()).toBe(3);
  });

  it('drops rows beyond its memory bound', async () => {
    const writer = new BatchWriter(db, { intervalMs: 60_000, maxRows: 1000, maxBuffered: 3 });
    for (let i = 0; i < 5; i++) writer.add('tracking_js_errors', errorRow(String(i)));
    expect(writer.pending).toBe(3);
    expect(writer.dropped).toBe(2);
    await writer.close();
    await settle();
    expect(await stored()).toBe(3);
  });
});

// What is public changes with the time as well as with writes: the content cache's time-dependent
// entries must change the moment a publish date passes or an event stops being upcoming, however
// long the time to live (src/domains/content/content-cache.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { CONTENT_CACHE_MS, CONTENT_TABLES, ContentCache, WATCHED_CONTENT_CACHE_MS } from '../content-cache.js';
import type { InvalidationBus } from '../../../platform/cluster/invalidation-bus.js';
import { DIALECTS } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';

const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const HOUR = 3_600_000;

describe('content cache tables', () => {
  it('names every table the cached content modules read', () => {
    const dir = new URL('../', import.meta.url);
    const read = new Set<string>();
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const match of source.matchAll(/(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin)\('(\w+)'/g)) {
        read.add(match[1] as string);
      }
    }
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((table) => !CONTENT_TABLES.has(table))).toEqual([]);
  });
});

for (const dialect of DIALECTS) {
  describe(`content cache and the clock (${dialect})`, () => {
    const suite = suiteServer(dialect);

    it('loads again when a publish date passes and when an event stops being upcoming, not before', async () => {
      const site = await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      const post = await suite.server.db
        .selectFrom('items')
        .select('id')
        .where('record_type', '=', 1)
        .executeTakeFirstOrThrow();
      const event = await suite.server.db
        .selectFrom('items')
        .select('id')
        .where('record_type', '=', 12)
        .executeTakeFirstOrThrow();
      await suite.server.db
        .updateTable('items')
        .set({ published_at: new Date(T0 + 1000).toISOString() })
        .where('id', '=', post.id)
        .execute();
      await suite.server.db
        .updateTable('items')
        .set({ end_date: new Date(T0 + 5000).toISOString() })
        .where('id', '=', event.id)
        .execute();

      let clock = T0;
      let loads = 0;
      const cache = new ContentCache(suite.server.db, { now: () => clock, ttlMs: HOUR });
      const look = () => cache.timed(site.id, 'posts', async () => ++loads);
      expect(await look()).toBe(1);
      expect(await look()).toBe(1);
      clock = T0 + 999;
      expect(await look()).toBe(1);
      // The post is public from its publish date on (published_at <= now).
      clock = T0 + 1000;
      expect(await look()).toBe(2);
      // The event is upcoming while end_date >= now: still at its end, past one millisecond later.
      clock = T0 + 5000;
      expect(await look()).toBe(2);
      clock = T0 + 5001;
      expect(await look()).toBe(3);
      clock = T0 + HOUR - 1;
      expect(await look()).toBe(3);
      // A write through the server's database is seen at once.
      await suite.server.db.updateTable('items').set({ title: 'Retitled' }).where('id', '=', post.id).execute();
      expect(await look()).toBe(4);
      // Lookups that do not depend on the time ignore the clock.
      const plain = () => cache.get(site.id, 'site', async () => ++loads);
      expect(await plain()).toBe(5);
      clock = T0 + HOUR - 1 + 1000;
      expect(await plain()).toBe(5);
    });

    it('keeps entries long while every write is heard, and forgets them at a write by another connection', async () => {
      const site = await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      let clock = T0;
      let loads = 0;
      const look = (cache: ContentCache) => cache.get(site.id, 'site', async () => ++loads);
      if (dialect === 'sqlite') {
        // SQLite: own writes are watched and other connections' commits show in `pragma data_version`.
        const cache = new ContentCache(suite.server.db, { now: () => clock });
        expect(await look(cache)).toBe(1);
        await cache.checkOutsideWrites();
        clock = T0 + CONTENT_CACHE_MS * 10;
        expect(await look(cache)).toBe(1);
        clock = T0 + WATCHED_CONTENT_CACHE_MS;
        expect(await look(cache)).toBe(2);
        await cache.checkOutsideWrites();
        // Nothing written elsewhere: the probe forgets nothing.
        expect(await look(cache)).toBe(2);
        const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
          suite.server.db,
        );
        const other = new SQLite(rows[0]?.file as string);
        try {
          other.prepare("update sites set title = 'Written elsewhere' where id = ?").run(site.id);
        } finally {
          other.close();
        }
        await cache.checkOutsideWrites();
        expect(await look(cache)).toBe(3);
        expect(await look(cache)).toBe(3);
        return;
      }
      // PostgreSQL without a bus: nothing announces other processes' writes, so entries live CONTENT_CACHE_MS.
      const alone = new ContentCache(suite.server.db, { now: () => clock });
      expect(await look(alone)).toBe(1);
      clock = T0 + CONTENT_CACHE_MS;
      expect(await look(alone)).toBe(2);
      // With the cluster bus connected, other nodes and the CLI announce their writes: entries live long.
      const bus: InvalidationBus = {
        kind: 'postgres',
        connected: true,
        stats: { published: 0, received: 0, reconnects: 0 },
        publish() {},
        async drain() {},
        subscribe: () => () => {},
        async close() {},
      };
      clock = T0;
      const heard = new ContentCache(suite.server.db, { now: () => clock, bus });
      expect(await look(heard)).toBe(3);
      clock = T0 + CONTENT_CACHE_MS * 10;
      expect(await look(heard)).toBe(3);
      clock = T0 + WATCHED_CONTENT_CACHE_MS;
      expect(await look(heard)).toBe(4);
    });
  });
}

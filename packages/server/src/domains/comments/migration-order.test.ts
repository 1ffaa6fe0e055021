import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from '../../platform/db/migrations.js';

describe('migration 0005b_comments', () => {
  it('still runs on a database that ran the later migrations before it existed', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const table = MIGRATIONS as Record<string, (typeof MIGRATIONS)[string]>;
    const comments = table['0005b_comments'];
    try {
      delete table['0005b_comments'];
      const first = await migrateToLatest(db);
      expect(first).not.toContain('0005b_comments');
      expect(first.some((name) => name > '0005b_comments')).toBe(true);
      table['0005b_comments'] = comments;
      expect(await migrateToLatest(db)).toEqual(['0005b_comments']);
      const likes = await db.selectFrom('item_likes').selectAll().execute();
      expect(likes).toEqual([]);
    } finally {
      table['0005b_comments'] = comments;
      await db.destroy();
    }
  });
});

import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { writtenTables } from './write-watch.js';

// Only compiled, never run: the dialects need no connection for that.
const dialects = {
  sqlite: new Kysely<Database>({
    dialect: new SqliteDialect({
      database: async () => {
        throw new Error('not connected');
      },
    }),
  }),
  postgres: new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: async () => {
        throw new Error('not connected');
      },
    }),
  }),
};

for (const [name, db] of Object.entries(dialects)) {
  describe(`writtenTables (${name})`, () => {
    it('sees no write in a select', () => {
      expect(writtenTables(db.selectFrom('items').selectAll().where('id', '=', 'x').compile())).toBeUndefined();
      expect(writtenTables(sql`select 1`.compile(db))).toBeUndefined();
    });

    it('names the table of an insert, update and delete', () => {
      const insert = db
        .insertInto('product_variants')
        .values({ id: 'v' } as never)
        .compile();
      const update = db.updateTable('items').set({ title: 't' }).where('id', '=', 'x').compile();
      const remove = db.deleteFrom('item_terms').where('item_id', '=', 'x').compile();
      const upsert = db
        .insertInto('sites')
        .values({ id: 's' } as never)
        .onConflict((oc) => oc.column('id').doNothing())
        .compile();
      expect(writtenTables(insert)).toEqual(new Set(['product_variants']));
      expect(writtenTables(update)).toEqual(new Set(['items']));
      expect(writtenTables(remove)).toEqual(new Set(['item_terms']));
      expect(writtenTables(upsert)).toEqual(new Set(['sites']));
    });

    it('takes raw SQL that may write, and schema changes, for a write to anything', () => {
      expect(writtenTables(sql`update items set title = 'x'`.compile(db))).toBe('unknown');
      expect(writtenTables(CompiledQuery.raw('commit'))).toBe('unknown');
      expect(writtenTables(db.schema.alterTable('items').addColumn('extra', 'text').compile())).toBe('unknown');
      expect(writtenTables(sql`select 1; delete from items`.compile(db))).toBe('unknown');
    });
  });
}

import type { Kysely, Migration } from 'kysely';
import { createdAt, siteKey } from './columns.js';

// Simple likes (SPEC §3 website setting `simpleLikingEnabled`): one row per item and visitor cookie,
// so a visitor likes a post once. `items.like_count` (0005_content) keeps the running total that
// lists read; comments live in 0005_content's `comments` table.

export const commentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('item_likes')
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('visitor_id', 'varchar(64)', (c) => c.notNull())
      .$call(siteKey)
      .$call(createdAt)
      .addPrimaryKeyConstraint('item_likes_pk', ['item_id', 'visitor_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('item_likes').execute();
  },
};

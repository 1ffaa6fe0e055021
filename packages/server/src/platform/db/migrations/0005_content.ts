import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey } from './columns.js';

// Content model (issue 4): pages made of sections of blocks, folders in the navigation tree,
// content status, password-protected and members-only pages, per-language copies; items that carry
// blog posts and events; tags and categories as rows so lists can filter by them; local comments.
// Columns are added with defaults so rows written before this migration stay valid.

export const contentMigration: Migration = {
  async up(db: Kysely<any>) {
    const collectionColumns: [string, 'varchar(32)' | 'varchar(16)' | 'integer' | 'text', string | number | null][] = [
      ['kind', 'varchar(16)', ''],
      ['parent_id', 'varchar(32)', null],
      ['folder_behavior', 'integer', null],
      ['redirect_url', 'text', null],
      ['sections', 'text', '[]'],
      ['status', 'varchar(16)', 'published'],
      ['password_hash', 'text', null],
      ['members_only', 'integer', 0],
      ['translations', 'text', '{}'],
    ];
    for (const [name, type, fallback] of collectionColumns) {
      await db.schema
        .alterTable('collections')
        .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
        .execute();
    }

    const itemColumns: [string, 'varchar(32)' | 'varchar(16)' | 'integer' | 'text', string | number | null][] = [
      ['status', 'varchar(16)', 'published'],
      ['sections', 'text', '[]'],
      ['author', 'text', '{}'],
      ['comments_enabled', 'integer', 0],
      ['like_count', 'integer', 0],
      ['start_date', 'varchar(32)', null],
      ['end_date', 'varchar(32)', null],
      ['location', 'text', '{}'],
      ['translations', 'text', '{}'],
    ];
    for (const [name, type, fallback] of itemColumns) {
      await db.schema
        .alterTable('items')
        .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
        .execute();
    }

    await db.schema
      .createTable('item_terms')
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('value', 'varchar(255)', (c) => c.notNull())
      .addPrimaryKeyConstraint('item_terms_pk', ['item_id', 'kind', 'value'])
      .execute();
    await db.schema.createIndex('item_terms_kind_value').on('item_terms').columns(['kind', 'value']).execute();

    await db.schema
      .createTable('comments')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('parent_id', 'varchar(32)')
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('author_email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('approved'))
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('comments_item').on('comments').columns(['item_id', 'created_at']).execute();
    await db.schema
      .createIndex('items_status_published')
      .on('items')
      .columns(['collection_id', 'status', 'published_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('comments').execute();
    await db.schema.dropTable('item_terms').execute();
  },
};

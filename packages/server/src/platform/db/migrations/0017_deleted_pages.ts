import type { Kysely, Migration } from 'kysely';
import { siteKey } from './columns.js';

// Deleted pages (issue 16): the page editor's "undo delete" kept the removed row in one process's
// memory, so undo failed whenever another process answered it. The removed row is kept here instead.
//
// - `deleted_pages`: one row per deleted page: the SHA-256 (hex) of the restore token the delete
//   answered, the page's row as JSON, and when it was deleted (undo works for `PAGE_TRASH_MS`, then
//   the retention job purges the row). The page itself leaves `collections`, so nothing public
//   (pages, navigation, sitemaps, search) can show it.

export const deletedPagesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('deleted_pages')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .$call(siteKey)
      .addColumn('page_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('deleted_pages_deleted_at').on('deleted_pages').column('deleted_at').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('deleted_pages').execute();
  },
};

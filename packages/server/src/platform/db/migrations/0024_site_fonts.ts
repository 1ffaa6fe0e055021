import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey } from './columns.js';

// Fonts of your own (issue 21, SPEC §2 "font-kit connection"): font files an owner uploaded,
// checked by parsing (`domains/fonts/font-parse.ts`). The file itself is in FileStorage under
// `storage_key` (disk or S3); `family`, `weight` and `italic` are read from the file.

export const siteFontsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_fonts')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('subfamily', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('italic', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('format', 'varchar(8)', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('site_fonts_site').on('site_fonts').column('site_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('site_fonts').execute();
  },
};

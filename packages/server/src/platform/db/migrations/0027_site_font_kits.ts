import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey } from './columns.js';

// Font kits (issue 21, SPEC §2 "a font-kit connection"): a stylesheet address an owner connected
// (`domains/fonts/kits.ts`). The stylesheet was read once when saved; `families` is the JSON list of
// the `@font-face` family names found in it. Pages of the site link `url`.

export const siteFontKitsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_font_kits')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('families', 'text', (c) => c.notNull())
      .$call(createdAt)
      .execute();
    await db.schema.createIndex('site_font_kits_site').on('site_font_kits').column('site_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('site_font_kits').execute();
  },
};

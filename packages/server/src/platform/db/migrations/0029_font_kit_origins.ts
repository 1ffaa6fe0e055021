import type { Kysely, Migration } from 'kysely';

// Font kits whose files live elsewhere (issue 21): `site_font_kits.font_origins` is the JSON list of
// the other https origins the kit's `@font-face` `src` addresses point at (the Google Fonts shape:
// stylesheet on one host, files on another), read when the kit was connected. Null for kits
// connected before: their pages allow the stylesheet's own origin for fonts, as before.

export const fontKitOriginsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('site_font_kits').addColumn('font_origins', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('site_font_kits').dropColumn('font_origins').execute();
  },
};

import type { Kysely, Migration } from 'kysely';

// Font kits whose stylesheet imports another stylesheet (issue 21): `site_font_kits.style_origins`
// is the JSON list of the other origins of the stylesheets the kit's stylesheet `@import`s, read
// when it is connected or re-read; the site's `style-src` allows them (not `font-src`: the font
// files those stylesheets name are in `font_origins`). Null for kits connected before.

export const fontKitStyleOriginsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('site_font_kits').addColumn('style_origins', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('site_font_kits').dropColumn('style_origins').execute();
  },
};

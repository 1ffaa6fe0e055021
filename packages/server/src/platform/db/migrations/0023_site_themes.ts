import type { Kysely, Migration } from 'kysely';
import { idKey, siteKey, timestamps } from './columns.js';

// The theme editor (issue 21, `domains/site-themes/`).
//
// - `site_theme_versions`: a site's own copies of theme files. `files` is JSON `{ path: source }` of
//   only the files the site changed (`templates/home.jsont`, `partials/blocks/form.block`,
//   `assets/theme.css`); the default theme on disk is never written. `kind` 'draft' (at most one
//   per site, edited in place) or 'saved' (numbered, never changed afterwards).
// - `sites.theme_version`: the saved version visitors see (null: the default theme). It sits on the
//   site row, which every page reads from the content cache anyway, so a site without its own theme
//   costs no extra query, and publishing (a write to `sites`) reaches every node's cache.

export const siteThemesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_theme_versions')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('files', 'text', (c) => c.notNull())
      .addColumn('created_by', 'varchar(32)')
      .$call(timestamps)
      .execute();
    await db.schema
      .createIndex('site_theme_versions_site')
      .on('site_theme_versions')
      .columns(['site_id', 'kind', 'number'])
      .execute();
    await db.schema.alterTable('sites').addColumn('theme_version', 'varchar(32)').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sites').dropColumn('theme_version').execute();
    await db.schema.dropTable('site_theme_versions').execute();
  },
};

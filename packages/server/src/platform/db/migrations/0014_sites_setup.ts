import type { Kysely, Migration } from 'kysely';
import { linkWindow, siteKey, tokenKey } from './columns.js';

// First run (issue 19): the one-time setup address `tessera start` prints while a site has no owner.
//
// - `setup_tokens`: each start prints a fresh token; only its SHA-256 hash is stored, so every
//   process of an install agrees on it. A token works once, until it expires, and only while the
//   site has no owner (creating the first administrator spends every token of the site).

export const sitesSetupMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('setup_tokens').$call(tokenKey).$call(siteKey).$call(linkWindow).execute();
    await db.schema.createIndex('setup_tokens_site').on('setup_tokens').columns(['site_id', 'created_at']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('setup_tokens').execute();
  },
};

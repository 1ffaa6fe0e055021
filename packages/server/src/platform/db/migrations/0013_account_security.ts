import type { Kysely, Migration } from 'kysely';
import { linkWindow, ownerKey, siteUserKey, tokenKey } from './columns.js';

// Security review (issue 15): reset tokens, owner sign-in delays, verified site-user emails, public URLs.
//
// - `sites.public_url`: the address every mailed link starts with (set in Settings or with
//   `tessera site set-url`), so no link is ever built from a request's Host header.
// - `owner_password_resets`: one-hour, single-use reset links for owners (stored as SHA-256 hashes).
// - `site_users.email_verified_at` and `email_verifications`: a site user's address is proven by a
//   mailed link before anything keyed by that address (restock sign-ups, orders) shows in the account.

export const accountSecurityMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sites').addColumn('public_url', 'varchar(300)').execute();
    await db.schema.alterTable('site_users').addColumn('email_verified_at', 'varchar(32)').execute();

    await db.schema.createTable('owner_password_resets').$call(tokenKey).$call(ownerKey).$call(linkWindow).execute();
    await db.schema
      .createIndex('owner_password_resets_owner')
      .on('owner_password_resets')
      .columns(['owner_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('email_verifications')
      .$call(tokenKey)
      .$call(siteUserKey)
      .addColumn('email', 'varchar(256)', (c) => c.notNull())
      .$call(linkWindow)
      .execute();
    await db.schema
      .createIndex('email_verifications_user')
      .on('email_verifications')
      .columns(['site_user_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('email_verifications').execute();
    await db.schema.dropTable('owner_password_resets').execute();
    await db.schema.alterTable('site_users').dropColumn('email_verified_at').execute();
    await db.schema.alterTable('sites').dropColumn('public_url').execute();
  },
};

import type { Kysely, Migration } from 'kysely';
import { linkWindow, ownerKey, tokenKey } from './columns.js';

// Owner invitations (issue 11): an invited owner sets a password through a one-time link. The row
// is stored under the SHA-256 of the link's token, so a copy of the table opens nothing.

export const adminMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('owner_invites').$call(tokenKey).$call(ownerKey).$call(linkWindow).execute();
    await db.schema.createIndex('owner_invites_owner').on('owner_invites').column('owner_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('owner_invites').execute();
  },
};

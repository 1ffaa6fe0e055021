import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): reset tokens, owner sign-in delays, verified site-user emails, public URLs.

export const accountSecurityMigration: Migration = {
  async up(_db: Kysely<any>) {},
  async down(_db: Kysely<any>) {},
};

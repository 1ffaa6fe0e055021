import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): image and file safety.

export const fileSafetyMigration: Migration = {
  async up(_db: Kysely<any>) {},
  async down(_db: Kysely<any>) {},
};

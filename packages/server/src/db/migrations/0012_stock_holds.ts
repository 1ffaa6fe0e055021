import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): stock held by unpaid orders, idempotency owners, store defaults.

export const stockHoldsMigration: Migration = {
  async up(_db: Kysely<any>) {},
  async down(_db: Kysely<any>) {},
};

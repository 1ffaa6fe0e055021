import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): gift cards, refunds, test mode and pay-later settings.

export const orderPaymentIntegrityMigration: Migration = {
  async up(_db: Kysely<any>) {},
  async down(_db: Kysely<any>) {},
};

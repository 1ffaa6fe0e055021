import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): visitor-sent commerce events kept as claims, retention.

export const trackingClaimsMigration: Migration = {
  async up(_db: Kysely<any>) {},
  async down(_db: Kysely<any>) {},
};

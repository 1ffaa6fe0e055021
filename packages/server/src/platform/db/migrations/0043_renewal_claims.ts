import { type Kysely, type Migration, sql } from 'kysely';

// A subscription renewal is claimed, charged and recorded in three steps (issue 20,
// domains/subscriptions/renewal-claim.ts): the claim writes on the cycle's row what the charge will
// be (`charge`, JSON: amount, order id, attempt) and since when it is `charging` (`claimed_at`), so
// that a crash between the provider's answer and its record is charged again with the same key and
// amount. A partial index holds only such cycles (none, nearly always) for the recovery's look-up.

export const renewalClaimsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('subscription_cycles').addColumn('charge', 'text').execute();
    await db.schema.alterTable('subscription_cycles').addColumn('claimed_at', 'varchar(32)').execute();
    await db.schema
      .createIndex('subscription_cycles_charging')
      .on('subscription_cycles')
      .column('claimed_at')
      .where(sql.ref('status'), '=', 'charging')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('subscription_cycles_charging').execute();
    await db.schema.alterTable('subscription_cycles').dropColumn('claimed_at').execute();
    await db.schema.alterTable('subscription_cycles').dropColumn('charge').execute();
  },
};

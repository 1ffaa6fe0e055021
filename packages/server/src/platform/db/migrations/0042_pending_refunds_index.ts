import { type Kysely, type Migration, sql } from 'kysely';

// Owner refunds are written down as `pending` refund rows before the provider is asked
// (domains/checkout/refund-journal.ts); the refund-recovery job looks for those a crash left, every
// minute on every node. A partial index holds only pending refunds (none, nearly always), so that
// look-up reads nothing however many payments the shop has taken. The same for a gift's renewal
// payment claimed and being charged, which a crash can leave `charging`.

export const pendingRefundsIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('payments_pending_refunds')
      .on('payments')
      .column('created_at')
      .where(sql.ref('kind'), '=', 'refund')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    // The same for refunds of a gift's renewal payments (domains/donations/refund-recovery.ts).
    await db.schema
      .createIndex('donation_refunds_pending')
      .on('donation_refunds')
      .column('updated_at')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    // A gift's renewal claimed and being charged (domains/donations/donation-payments.ts recovery).
    await db.schema
      .createIndex('donation_payments_charging')
      .on('donation_payments')
      .column('created_at')
      .where(sql.ref('status'), '=', 'charging')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('donation_payments_charging').execute();
    await db.schema.dropIndex('donation_refunds_pending').execute();
    await db.schema.dropIndex('payments_pending_refunds').execute();
  },
};

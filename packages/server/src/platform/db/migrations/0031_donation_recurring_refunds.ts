import type { Kysely, Migration } from 'kysely';
import { idKey, siteKey, timestamps } from './columns.js';

// PayPal recurring gifts and refunds of renewal payments (issue 23).
//
// - `donations.provider_subscription_id`: the provider's own subscription of a recurring gift the
//   provider schedules itself (PayPal `I-…`); null for one-time gifts and for Stripe gifts, which
//   Tessera charges off-session. Webhooks find the gift by it; the donor's cancel cancels it.
// - `donation_payments.refunded_cents`: what has been given back of a renewal payment (a first
//   payment is an order: its refunds stay on the order). The unique (donation_id, reference) makes a
//   payment the provider reports twice, or twice at once, one row.
// - `donation_refunds`: each refund of a renewal payment. An owner's refund is claimed first (a
//   `pending` row beside a conditional raise of `refunded_cents`), then sent to the provider; a
//   refund the provider reports (its webhook) is matched to that claim or recorded on its own. The
//   unique (provider, reference) records each of the provider's refunds once.

export const donationRecurringRefundsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('donations').addColumn('provider_subscription_id', 'varchar(64)').execute();
    await db.schema
      .createIndex('donations_provider_subscription')
      .unique()
      .on('donations')
      .columns(['provider', 'provider_subscription_id'])
      .execute();
    await db.schema
      .alterTable('donation_payments')
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('donation_payments_reference')
      .unique()
      .on('donation_payments')
      .columns(['donation_id', 'reference'])
      .execute();
    await db.schema
      .createTable('donation_refunds')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('donation_id', 'varchar(32)', (c) => c.notNull().references('donations.id').onDelete('cascade'))
      .addColumn('payment_id', 'varchar(32)', (c) => c.notNull().references('donation_payments.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reference', 'varchar(64)')
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .$call(timestamps)
      .addUniqueConstraint('donation_refunds_reference', ['provider', 'reference'])
      .execute();
    await db.schema.createIndex('donation_refunds_payment').on('donation_refunds').columns(['payment_id']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('donation_refunds').execute();
    await db.schema.dropIndex('donation_payments_reference').execute();
    await db.schema.alterTable('donation_payments').dropColumn('refunded_cents').execute();
    await db.schema.dropIndex('donations_provider_subscription').execute();
    await db.schema.alterTable('donations').dropColumn('provider_subscription_id').execute();
  },
};

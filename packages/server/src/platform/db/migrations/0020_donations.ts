import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey, timestamps } from './columns.js';

// Donations (issue 23).
//
// - `donations`: one per gift a donor starts from a donation block (block type 52). The first
//   payment is an order with one donation line, paid through the hosted flow (`domains/payments/`);
//   `order_id` names it. A recurring gift (`interval` 'month' or 'year') keeps the provider's saved
//   method (`saved_reference`, `<provider>:<reference>`) and is charged off-session when
//   `next_charge_at` comes; `cancel_secret` signs the cancel link in every receipt.
// - `donation_payments`: each payment of a donation, cycle 1 being the first order. The unique
//   (donation_id, cycle) is the claim: a cycle is recorded and charged once, however many
//   processes, webhooks and returns race for it.
// - `hosted_sessions.save_method`: 1 when a session without a subscription plan (a recurring
//   donation) must still keep the payment method for off-session charges.

export const donationsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('donations')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('block_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('interval', 'varchar(8)', (c) => c.notNull())
      .addColumn('donor_email', 'varchar(320)', (c) => c.notNull())
      .addColumn('donor_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('name_display', 'varchar(16)', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('saved_reference', 'text')
      .addColumn('next_cycle', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('next_charge_at', 'varchar(32)')
      .addColumn('message', 'text')
      .addColumn('cancel_secret', 'varchar(64)', (c) => c.notNull())
      .addColumn('cancelled_at', 'varchar(32)')
      .$call(timestamps)
      .execute();
    await db.schema.createIndex('donations_site_created').on('donations').columns(['site_id', 'created_at']).execute();
    await db.schema.createIndex('donations_due').on('donations').columns(['status', 'next_charge_at']).execute();
    await db.schema
      .createTable('donation_payments')
      .$call(idKey)
      .addColumn('donation_id', 'varchar(32)', (c) => c.notNull().references('donations.id').onDelete('cascade'))
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('cycle', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)')
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('message', 'text')
      .$call(createdAt)
      .addUniqueConstraint('donation_payments_cycle', ['donation_id', 'cycle'])
      .execute();
    await db.schema
      .createIndex('donation_payments_site')
      .on('donation_payments')
      .columns(['site_id', 'created_at'])
      .execute();
    await db.schema.alterTable('hosted_sessions').addColumn('save_method', 'integer').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('hosted_sessions').dropColumn('save_method').execute();
    await db.schema.dropTable('donation_payments').execute();
    await db.schema.dropTable('donations').execute();
  },
};

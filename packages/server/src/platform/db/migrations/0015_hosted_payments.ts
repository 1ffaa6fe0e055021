import type { Kysely, Migration } from 'kysely';
import { siteKey, timestamps } from './columns.js';

// Hosted payments (issue 17): orders paid on a provider's page (Stripe Checkout, PayPal approval).
//
// - `hosted_sessions`: one row per order sent to pay on a provider's page: the provider's session id
//   and the address the buyer is sent to, what the provider said last, the subscription plan the
//   order starts once paid, the reference to charge again (renewals), and the automatic refund of a
//   payment that arrived after the order's stock hold ended (`refund_status` is its claim).
// - `payment_events`: the provider event ids already processed, so a redelivered webhook is a no-op.

export const hostedPaymentsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('hosted_sessions')
      .addColumn('order_id', 'varchar(32)', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .$call(siteKey)
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('session_id', 'varchar(255)')
      .addColumn('redirect_url', 'text')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('subscription_plan', 'text')
      .addColumn('payment_reference', 'varchar(255)')
      .addColumn('saved_reference', 'varchar(255)')
      .addColumn('refund_status', 'varchar(16)')
      .addColumn('refund_reference', 'varchar(255)')
      .addColumn('message', 'text')
      .$call(timestamps)
      .execute();
    await db.schema
      .createIndex('hosted_sessions_session')
      .unique()
      .on('hosted_sessions')
      .columns(['provider', 'session_id'])
      .execute();
    await db.schema
      .createTable('payment_events')
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('payment_events').execute();
    await db.schema.dropTable('hosted_sessions').execute();
  },
};

import type { Kysely, Migration } from 'kysely';
import { idKey, siteKey, timestamps } from './columns.js';

// Payment provider connections and renewal retries (issue 17).
//
// - `payment_connections`: the keys an owner saved for Stripe or PayPal, one row per site and
//   provider. `config` is sealed with `platform/secrets.ts` (AES-256-GCM under TESSERA_SECRET_KEY);
//   `hints` holds only what the editor may show (`sk_test_…4242`), never a whole key.
// - `subscriptions.renewal_*`: a renewal a hosted provider could not charge off-session (the bank
//   wants the buyer, or declined) is retried on a schedule; these say how far it got and what the
//   provider said. `status` may now also be 'paused' (after the last retry).

export const paymentConnectionsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_connections')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('mode', 'varchar(8)', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .addColumn('hints', 'text', (c) => c.notNull().defaultTo('{}'))
      .$call(timestamps)
      .addUniqueConstraint('payment_connections_site_provider', ['site_id', 'provider'])
      .execute();
    await db.schema
      .alterTable('subscriptions')
      .addColumn('renewal_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('subscriptions').addColumn('renewal_retry_at', 'varchar(32)').execute();
    await db.schema.alterTable('subscriptions').addColumn('renewal_state', 'varchar(32)').execute();
    await db.schema.alterTable('subscriptions').addColumn('renewal_message', 'text').execute();
  },
  async down(db: Kysely<any>) {
    for (const column of ['renewal_message', 'renewal_state', 'renewal_retry_at', 'renewal_attempts']) {
      await db.schema.alterTable('subscriptions').dropColumn(column).execute();
    }
    await db.schema.dropTable('payment_connections').execute();
  },
};

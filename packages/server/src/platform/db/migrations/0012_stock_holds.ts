import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): stock held by unpaid orders, shipping countries, retention.
//
// - `orders.stock_held_until`: an order whose payment is pending holds its stock until then; the
//   stock-hold sweep (domains/checkout/stock-holds.ts) cancels it and puts the stock back once. Orders that
//   were already pending when this ran get a hold ending 30 minutes after the migration.
// - `shipping_options.countries`: JSON list of ISO 3166-1 alpha-2 codes an option ships to; `[]`
//   means everywhere (every option written before this migration).
// - Indexes for the sweeps: pending holds by end time, carts by last change.

export const stockHoldsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('stock_held_until', 'varchar(32)').execute();
    await db.schema
      .alterTable('shipping_options')
      .addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.createIndex('orders_stock_hold').on('orders').columns(['stock_held_until']).execute();
    await db.schema.createIndex('carts_updated').on('carts').columns(['updated_at']).execute();

    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    await db
      .updateTable('orders')
      .set({ stock_held_until: until })
      .where('payment_status', '=', 'pending')
      .where('status', '=', 'received')
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('carts_updated').execute();
    await db.schema.dropIndex('orders_stock_hold').execute();
    await db.schema.alterTable('shipping_options').dropColumn('countries').execute();
    await db.schema.alterTable('orders').dropColumn('stock_held_until').execute();
  },
};

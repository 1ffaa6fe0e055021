import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey, timestamps } from './columns.js';

// Checkout (issue 5): orders and their lines, payments, gift cards and their redemptions, the
// store's coupons, shipping options and tax rules, subscriptions with one row per billed cycle,
// and idempotency keys so a repeated "Place order" makes one order.

export const checkoutMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('shipping_options')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('free_over_cents', 'integer')
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('tax_rules')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('rate_basis_points', 'integer', (c) => c.notNull())
      .addColumn('tax_shipping', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('countries', 'text', (c) => c.notNull().defaultTo('[]'))
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('coupons')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('min_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .$call(createdAt)
      .addUniqueConstraint('coupons_site_code', ['site_id', 'code'])
      .execute();

    await db.schema
      .createTable('orders')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('order_number', 'integer', (c) => c.notNull())
      .addColumn('cart_id', 'varchar(32)')
      .addColumn('site_user_id', 'varchar(32)')
      .addColumn('customer_email', 'varchar(256)', (c) => c.notNull())
      .addColumn('customer_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('shipping_address', 'text')
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_cents', 'integer', (c) => c.notNull())
      .addColumn('shipping_cents', 'integer', (c) => c.notNull())
      .addColumn('tax_cents', 'integer', (c) => c.notNull())
      .addColumn('grand_total_cents', 'integer', (c) => c.notNull())
      .addColumn('gift_card_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('amount_due_cents', 'integer', (c) => c.notNull())
      .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('shipping_option', 'text')
      .addColumn('coupons', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('tax_lines', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('payment_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('fulfillment_status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('subscription_id', 'varchar(32)')
      .$call(timestamps)
      .addUniqueConstraint('orders_site_number', ['site_id', 'order_number'])
      .execute();

    await db.schema
      .createTable('order_lines')
      .$call(idKey)
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('product_type', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
      .addColumn('line_total_cents', 'integer', (c) => c.notNull())
      .addColumn('additional_fields', 'text')
      .execute();

    await db.schema
      .createTable('payments')
      .$call(idKey)
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('gift_cards')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('last4', 'varchar(4)', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('initial_cents', 'integer', (c) => c.notNull())
      .addColumn('balance_cents', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)')
      .addColumn('recipient_email', 'varchar(256)', (c) => c.notNull())
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable('gift_card_redemptions')
      .$call(idKey)
      .addColumn('gift_card_id', 'varchar(32)', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .$call(createdAt)
      .execute();

    await db.schema
      .createTable('subscriptions')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('site_user_id', 'varchar(32)')
      .addColumn('customer_email', 'varchar(256)', (c) => c.notNull())
      .addColumn('item_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('first_order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('payment_reference', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('cycles_total', 'integer', (c) => c.notNull())
      .addColumn('next_cycle', 'integer', (c) => c.notNull())
      .addColumn('next_billing_at', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .$call(timestamps)
      .execute();

    await db.schema
      .createTable('subscription_cycles')
      .$call(idKey)
      .addColumn('subscription_id', 'varchar(32)', (c) =>
        c.notNull().references('subscriptions.id').onDelete('cascade'),
      )
      .addColumn('cycle', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
      .$call(createdAt)
      .addUniqueConstraint('subscription_cycles_once', ['subscription_id', 'cycle'])
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .$call(siteKey)
      .addColumn('key', 'varchar(128)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .$call(createdAt)
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['site_id', 'key'])
      .execute();

    await db.schema
      .createTable('order_counters')
      .addColumn('site_id', 'varchar(32)', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    await db.schema.createIndex('orders_site_created').on('orders').columns(['site_id', 'created_at']).execute();
    await db.schema.createIndex('orders_site_user').on('orders').column('site_user_id').execute();
    await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
    await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();
    await db.schema
      .createIndex('subscriptions_due')
      .on('subscriptions')
      .columns(['status', 'next_billing_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    for (const table of [
      'order_counters',
      'idempotency_keys',
      'subscription_cycles',
      'subscriptions',
      'gift_card_redemptions',
      'gift_cards',
      'payments',
      'order_lines',
      'orders',
      'coupons',
      'tax_rules',
      'shipping_options',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey, siteKey } from './columns.js';

// Restock notifications (issue 7): one row per (product, variant, email) sign-up, with the state
// of its notification (pending → sending → sent) and the claim that moves it, plus one HMAC key
// per site that signs unsubscribe links.

export const restockMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('restock_signups')
      .$call(idKey)
      .$call(siteKey)
      .addColumn('product_id', 'varchar(32)', (c) => c.notNull().references('items.id').onDelete('cascade'))
      .addColumn('variant_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('sku', 'varchar(64)', (c) => c.notNull())
      .addColumn('email', 'varchar(256)', (c) => c.notNull())
      .addColumn('join_mailing_list', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('claim_id', 'varchar(32)')
      .addColumn('claimed_at', 'varchar(32)')
      .addColumn('sent_at', 'varchar(32)')
      .$call(createdAt)
      .addUniqueConstraint('restock_signups_variant_email', ['product_id', 'variant_id', 'email'])
      .execute();
    await db.schema
      .createIndex('restock_signups_site_created')
      .on('restock_signups')
      .columns(['site_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('restock_signups_variant_state')
      .on('restock_signups')
      .columns(['product_id', 'variant_id', 'state'])
      .execute();
    await db.schema.createIndex('restock_signups_claim').on('restock_signups').column('claim_id').execute();

    await db.schema
      .createTable('restock_keys')
      .addColumn('site_id', 'varchar(32)', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
      .addColumn('secret', 'varchar(128)', (c) => c.notNull())
      .$call(createdAt)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('restock_keys').execute();
    await db.schema.dropTable('restock_signups').execute();
  },
};

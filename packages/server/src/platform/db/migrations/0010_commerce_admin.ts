import type { Kysely, Migration } from 'kysely';

// Commerce admin (issue 11): an owner can disable a gift card (checkout then refuses its code) and
// an order remembers when it was marked fulfilled, for the order's history in the editor.

export const commerceAdminMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('gift_cards').addColumn('disabled_at', 'varchar(32)').execute();
    await db.schema.alterTable('gift_cards').addColumn('issued_by', 'varchar(256)').execute();
    await db.schema.alterTable('orders').addColumn('fulfilled_at', 'varchar(32)').execute();
    await db.schema
      .createIndex('gift_cards_site_created')
      .on('gift_cards')
      .columns(['site_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('gift_cards_site_created').execute();
    await db.schema.alterTable('orders').dropColumn('fulfilled_at').execute();
    await db.schema.alterTable('gift_cards').dropColumn('issued_by').execute();
    await db.schema.alterTable('gift_cards').dropColumn('disabled_at').execute();
  },
};

import type { Kysely, Migration } from 'kysely';
import { createdAt, idKey } from './columns.js';

// What each refund of an order took from the gift cards the order bought (issue 23), so a refund the
// provider later reports as failed gives back exactly that, once. One row per refund and card:
// `refund_id` is the refund's `payments` row (the owner's from Orders, or one made in the provider's
// dashboard); `drawn_cents` what a partial refund drew down (0 when the card was disabled);
// `disabled_at` the stamp a full refund disabled the card with (null when drawn down), so giving it
// back re-enables the card only if nobody disabled or re-enabled it since; `restored_at` set by the
// revert that gave it back (a conditional update: never twice). Cards bought before this migration
// have no rows: a failed refund of theirs leaves them as they are.

export const refundGiftCardsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('refund_gift_cards')
      .$call(idKey)
      .addColumn('refund_id', 'varchar(32)', (c) => c.notNull().references('payments.id').onDelete('cascade'))
      .addColumn('gift_card_id', 'varchar(32)', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
      .addColumn('drawn_cents', 'integer', (c) => c.notNull())
      .addColumn('disabled_at', 'varchar(32)')
      .addColumn('restored_at', 'varchar(32)')
      .$call(createdAt)
      .addUniqueConstraint('refund_gift_cards_refund_card', ['refund_id', 'gift_card_id'])
      .execute();
    await db.schema.createIndex('refund_gift_cards_card').on('refund_gift_cards').column('gift_card_id').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('refund_gift_cards').execute();
  },
};

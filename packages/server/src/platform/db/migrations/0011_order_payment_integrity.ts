import { randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

// Security review (issue 15): gift cards, refunds, test mode and pay-later settings.
//
// - An order remembers who receives the gift cards it buys: the cards are issued (and their codes
//   mailed) only once its payment has succeeded, which for "pay later" is when the owner marks it paid.
// - Gift cards minted by an order whose payment is still pending are disabled until it is paid
//   (issuing them then enables them again instead of minting new codes).
// - Subscriptions stored the test card number as the payment reference (`test-card:<digits>`): it is
//   replaced with an opaque token (`test-card:tok_…`), the kind of reference a real provider answers.

/** Disables the gift cards that orders still waiting for payment had minted (issued again when paid). */
export async function holdUnpaidOrderGiftCards(db: Kysely<any>, now = new Date().toISOString()): Promise<void> {
  const pending = db.selectFrom('orders').select('id').where('payment_status', '=', 'pending');
  await db
    .updateTable('gift_cards')
    .set({ disabled_at: now, updated_at: now })
    .where('order_id', 'in', pending)
    .where('issued_by', 'is', null)
    .where('disabled_at', 'is', null)
    .execute();
}

/** Replaces every stored test card number (`test-card:<digits>`) with an opaque token. */
export async function forgetStoredCardNumbers(db: Kysely<any>): Promise<void> {
  const stored = (await db
    .selectFrom('subscriptions')
    .select(['id', 'payment_reference'])
    .where('payment_reference', 'like', 'test-card:%')
    .execute()) as { id: string; payment_reference: string }[];
  for (const row of stored) {
    if (/^test-card:tok_[0-9a-f]{24}$/.test(row.payment_reference)) continue;
    await db
      .updateTable('subscriptions')
      .set({ payment_reference: `test-card:tok_${randomBytes(12).toString('hex')}` })
      .where('id', '=', row.id)
      .execute();
  }
}

export const orderPaymentIntegrityMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('orders').addColumn('gift_card_recipient', 'varchar(256)').execute();
    await holdUnpaidOrderGiftCards(db);
    await forgetStoredCardNumbers(db);
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('orders').dropColumn('gift_card_recipient').execute();
  },
};

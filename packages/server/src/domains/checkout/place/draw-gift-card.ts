import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/ids.js';
import { CheckoutError, type Priced } from '../checkout-types.js';

/**
 * Step 5: the gift card drawn down, only if its balance still covers the amount (no double spend),
 * and the redemption recorded against the order.
 */
export async function drawGiftCard(
  trx: Transaction<Database>,
  priced: Priced,
  orderId: string,
  now: string,
): Promise<void> {
  const amount = priced.totals.giftCardCents;
  if (!priced.giftCard || amount <= 0) return;
  const drawn = await trx
    .updateTable('gift_cards')
    .set((eb) => ({ balance_cents: eb('balance_cents', '-', amount), updated_at: now }))
    .where('id', '=', priced.giftCard.id)
    .where('balance_cents', '>=', amount)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(drawn.numUpdatedRows) !== 1) {
    throw new CheckoutError('gift-card-changed', 'The gift card balance changed. Please review your order.', 409);
  }
  await trx
    .insertInto('gift_card_redemptions')
    .values({ id: newId(), gift_card_id: priced.giftCard.id, order_id: orderId, amount_cents: amount, created_at: now })
    .execute();
}

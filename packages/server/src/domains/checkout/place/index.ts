import { CHECKOUT_MESSAGES, isValidEmail } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../../platform/db/schema.js';
import { newId, nowIso } from '../../../platform/ids.js';
import type { PaymentProviders } from '../../payments/index.js';
import { CheckoutError, type OrderMail, type PlaceOrderInput } from '../checkout-types.js';
import { priceCart } from '../pricing.js';
import { afterOrder, writesAfterOrder } from './after-order.js';
import { claimCart, reserveIdempotencyKey } from './claim.js';
import { drawGiftCard } from './draw-gift-card.js';
import { buildOrderRow } from './order-row.js';
import { checkPlaceable } from './refusals.js';
import { takeOrderStock } from './take-stock.js';
import { takePayment } from './take-payment.js';
import { writeOrder } from './write-order.js';

export { nextOrderNumber } from './order-number.js';

/**
 * Places one order in one transaction, one step per file: the idempotency key, the cart claimed,
 * priced and checked, stock taken, the gift card drawn, the payment taken, the order numbered and
 * written with its lines and events, then its gift cards and subscription. Any refusal throws a
 * `CheckoutError` and rolls every step back; nothing is half-written.
 */
export async function placeOrderOnce(
  db: Kysely<Database>,
  payments: PaymentProviders,
  siteId: string,
  input: PlaceOrderInput,
): Promise<{ row: OrderRow; mail: OrderMail[] }> {
  const email = input.email.trim();
  if (!isValidEmail(email)) throw new CheckoutError('invalid-email', CHECKOUT_MESSAGES.emailRequired);
  const recipient = input.giftCardRecipientEmail?.trim() || email;
  if (!isValidEmail(recipient)) throw new CheckoutError('invalid-email', CHECKOUT_MESSAGES.emailRequired);

  return db.transaction().execute(async (trx) => {
    const orderId = newId();
    const now = nowIso();
    await reserveIdempotencyKey(trx, siteId, input.idempotencyKey, orderId, now);
    const cart = await claimCart(trx, siteId, input.cartToken, now);
    const priced = await priceCart(trx, siteId, cart, input);
    const { requiresShipping, plan } = checkPlaceable(priced, cart, input);
    // Read with the prices (before the stock and order-number rows are locked, so the locks are held
    // for writes only).
    const webhookEndpoints = priced.webhookEndpoints;
    await takeOrderStock(trx, priced.entries);
    await drawGiftCard(trx, priced, orderId, now);
    const payment = await takePayment(trx, payments, siteId, input, priced, orderId, now);
    // A hosted payment's subscription starts when the payment settles.
    const subscriptionId = plan && !payment.hosted ? newId() : null;
    const row = await buildOrderRow(trx, {
      siteId,
      orderId,
      cart,
      input,
      email,
      recipient,
      priced,
      requiresShipping,
      payment,
      subscriptionId,
      now,
    });
    const last = !writesAfterOrder(row, payment, plan);
    await writeOrder(trx, row, priced.entries, payment, plan, webhookEndpoints, now, last);
    const mail = await afterOrder(trx, row, priced.entries, payment, plan, now);
    return { row, mail };
  });
}

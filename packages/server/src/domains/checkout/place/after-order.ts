import type { SubscriptionPlan } from '@tessera/core';
import type { Transaction } from 'kysely';
import type { CartEntry } from '../../cart/index.js';
import { issueOrderGiftCards } from '../../gift-cards/index.js';
import type { Database, OrderRow } from '../../../platform/db/schema.js';
import { startSubscription } from '../../subscriptions/index.js';
import type { OrderMail } from '../checkout-types.js';
import { confirmationMail } from '../order-mail.js';
import type { TakenPayment } from './take-payment.js';

/**
 * Gift cards bought in this order exist only once it is paid; a pending order issues them when the
 * owner marks it paid (`gift-card-issuance.ts`, `order-payment.ts`). An order without a gift card line
 * has none to issue: no query (issue 20).
 */
function issuesGiftCards(row: OrderRow, payment: TakenPayment): boolean {
  return payment.paymentStatus === 'paid' && row.gift_card_recipient !== null;
}

/** Whether `afterOrder` writes anything for this order (else the order's own writes are the last). */
export function writesAfterOrder(row: OrderRow, payment: TakenPayment, plan: SubscriptionPlan | undefined): boolean {
  return issuesGiftCards(row, payment) || Boolean(plan && row.subscription_id);
}

/**
 * Step 9, still in the order's transaction: the confirmation mail (a hosted payment's is mailed when
 * it settles), the gift cards a paid order bought, and the subscription a subscription cart starts.
 * Answers the mail to send once committed.
 */
export async function afterOrder(
  trx: Transaction<Database>,
  row: OrderRow,
  entries: readonly CartEntry[],
  payment: TakenPayment,
  plan: SubscriptionPlan | undefined,
  now: string,
): Promise<OrderMail[]> {
  const mail: OrderMail[] = payment.hosted ? [] : [confirmationMail(row, entries)];
  if (issuesGiftCards(row, payment)) mail.push(...(await issueOrderGiftCards(trx, row, now)).mail);
  if (plan && row.subscription_id) {
    const entry = entries[0]!;
    await startSubscription(trx, {
      subscriptionId: row.subscription_id,
      siteId: row.site_id,
      siteUserId: row.site_user_id,
      email: row.customer_email,
      itemId: entry.itemId,
      sku: entry.chosenVariant.sku,
      quantity: entry.quantity,
      plan,
      orderId: row.id,
      paymentReference: payment.savedReference,
      now,
    });
  }
  return mail;
}

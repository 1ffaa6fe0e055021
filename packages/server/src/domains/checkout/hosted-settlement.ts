import type { SubscriptionPlan } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { confirmationMail, type OrderMail } from './checkout-service.js';
import { settleRenewalPayment, startSubscription } from '../subscriptions/index.js';

/**
 * What follows once a hosted-payment order (Stripe, PayPal) has moved to paid (`moveToPaid`), in
 * the same transaction, whoever moved it: the provider's settlement (`domains/payments/flow/settle.ts`)
 * or the owner marking it paid by hand (`order-payment.ts`). The session row records the payment,
 * a first subscription order starts its subscription, a renewal paid through the mailed link ends
 * its retries, and the confirmation mail is composed. Answers undefined for an order with no
 * hosted session (pay later, test cards): nothing to do.
 */
export async function completeHostedPayment(
  trx: Kysely<Database>,
  input: {
    order: OrderRow;
    now: string;
    /** The provider's references; absent when the owner marked the order paid. */
    paymentReference?: string;
    savedReference?: string;
    /** Kept on the session row: who settled it when it was not the provider. */
    note?: string;
  },
): Promise<{ order: OrderRow; mail: OrderMail[] } | undefined> {
  const { now } = input;
  const session = await trx
    .selectFrom('hosted_sessions')
    .selectAll()
    .where('order_id', '=', input.order.id)
    .executeTakeFirst();
  if (!session) return undefined;
  await trx
    .updateTable('hosted_sessions')
    .set({
      status: 'paid',
      payment_reference: input.paymentReference ?? null,
      saved_reference: input.savedReference ?? null,
      message: input.note ?? null,
      updated_at: now,
    })
    .where('order_id', '=', session.order_id)
    .execute();
  const lines = await trx
    .selectFrom('order_lines')
    .select(['item_id', 'sku', 'title', 'quantity', 'line_total_cents'])
    .where('order_id', '=', session.order_id)
    .orderBy('id')
    .execute();
  let order = input.order;
  if (session.subscription_plan && lines.length === 1 && !order.subscription_id) {
    const subscriptionId = newId();
    await startSubscription(trx, {
      subscriptionId,
      siteId: order.site_id,
      siteUserId: order.site_user_id,
      email: order.customer_email,
      itemId: lines[0]!.item_id,
      sku: lines[0]!.sku,
      quantity: lines[0]!.quantity,
      plan: JSON.parse(session.subscription_plan) as SubscriptionPlan,
      orderId: order.id,
      paymentReference: `${session.provider}:${input.savedReference ?? ''}`,
      now,
    });
    await trx.updateTable('orders').set({ subscription_id: subscriptionId }).where('id', '=', order.id).execute();
    order = { ...order, subscription_id: subscriptionId };
  } else if (order.subscription_id) {
    await settleRenewalPayment(trx, order.subscription_id, order.id, now);
  }
  const entries = lines.map((l) => ({ quantity: l.quantity, title: l.title, subTotalCents: l.line_total_cents }));
  return { order, mail: [confirmationMail(order, entries)] };
}

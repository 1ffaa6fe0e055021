import type { SubscriptionPlan } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { addBillingPeriod } from './schedule.js';

export interface SubscriptionStart {
  subscriptionId: string;
  siteId: string;
  siteUserId: string | null;
  email: string;
  itemId: string;
  sku: string;
  quantity: number;
  plan: SubscriptionPlan;
  /** The order that paid the first cycle. */
  orderId: string;
  /** What the renewals charge: the provider's saved method (`savedReference`). */
  paymentReference: string;
  now: string;
}

/**
 * Starts a subscription once its first order is paid: the subscription row and its first cycle.
 * Called in the order's transaction at checkout (paid at once) or when a hosted payment settles.
 */
export async function startSubscription(trx: Kysely<Database>, start: SubscriptionStart): Promise<void> {
  const { plan, now } = start;
  const cyclesTotal = Math.max(0, Math.trunc(Number(plan.numBillingCycles) || 0));
  const next = cyclesTotal === 1 ? null : addBillingPeriod(now, plan.billingPeriod, 1);
  await trx
    .insertInto('subscriptions')
    .values({
      id: start.subscriptionId,
      site_id: start.siteId,
      site_user_id: start.siteUserId,
      customer_email: start.email,
      item_id: start.itemId,
      sku: start.sku,
      quantity: start.quantity,
      plan: JSON.stringify(plan),
      first_order_id: start.orderId,
      payment_reference: start.paymentReference,
      cycles_total: cyclesTotal,
      next_cycle: 2,
      next_billing_at: next,
      status: next ? 'active' : 'completed',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('subscription_cycles')
    .values({
      id: newId(),
      subscription_id: start.subscriptionId,
      cycle: 1,
      order_id: start.orderId,
      status: 'ordered',
      due_at: now,
      created_at: now,
    })
    .execute();
}

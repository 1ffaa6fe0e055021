import type { SubscriptionPlan } from '@tessera/core';
import type { CompiledQuery, Insertable, Kysely } from 'kysely';
import { stockHeldUntil } from '../../checkout/index.js';
import type { Database, OrderRow, PaymentsTable } from '../../../platform/db/schema.js';
import { newId } from '../../../platform/ids.js';
import type { HostedProviderId } from '../hosted.js';

/**
 * The parts of placing an order that pays on a provider's page, run inside the checkout's order
 * transaction (`domains/checkout/checkout-service.ts`): the order is received with its payment pending,
 * its stock taken and held until the provider's session expires, and a `hosted_sessions` row waits
 * for the session (created after commit, `start.ts`).
 */

/** Stripe refuses a session that expires sooner than 30 minutes; a minute more covers the trip there. */
export const HOSTED_HOLD_MINUTES = { min: 31, max: 24 * 60 } as const;

/** When a hosted-payment order placed at `now` stops holding its stock: the owner's hold, within the provider's limits. */
export async function hostedHoldUntil(db: Kysely<Database>, siteId: string, now: string): Promise<string> {
  const placed = new Date(now).getTime();
  const owner = new Date(await stockHeldUntil(db, siteId, now)).getTime();
  const until = Math.min(
    placed + HOSTED_HOLD_MINUTES.max * 60_000,
    Math.max(placed + HOSTED_HOLD_MINUTES.min * 60_000, owner),
  );
  return new Date(until).toISOString();
}

/** The order's charge while the buyer pays on the provider's page; its reference becomes the session id. */
export function pendingHostedCharge(
  orderId: string,
  provider: HostedProviderId,
  amountCents: number,
  now: string,
): Insertable<PaymentsTable> {
  return {
    id: newId(),
    order_id: orderId,
    provider,
    kind: 'charge',
    status: 'pending',
    amount_cents: amountCents,
    reference: '',
    created_at: now,
  };
}

/** The session row of a hosted-payment order; the subscription plan waits here until the payment settles. */
export async function recordHostedSession(
  trx: Kysely<Database>,
  order: OrderRow,
  provider: HostedProviderId,
  plan: SubscriptionPlan | null,
): Promise<void> {
  await trx.executeQuery(hostedSessionInsert(trx, order, provider, plan));
}

/** `recordHostedSession`'s write, compiled and not run, for a caller that sends it with others. */
export function hostedSessionInsert(
  trx: Kysely<Database>,
  order: OrderRow,
  provider: HostedProviderId,
  plan: SubscriptionPlan | null,
): CompiledQuery {
  return trx
    .insertInto('hosted_sessions')
    .values({
      order_id: order.id,
      site_id: order.site_id,
      provider,
      session_id: null,
      redirect_url: null,
      status: 'creating',
      amount_cents: order.amount_due_cents,
      currency: order.currency,
      expires_at: order.stock_held_until ?? order.created_at,
      subscription_plan: plan ? JSON.stringify(plan) : null,
      payment_reference: null,
      saved_reference: null,
      refund_status: null,
      refund_reference: null,
      message: null,
      created_at: order.created_at,
      updated_at: order.created_at,
    })
    .compile();
}

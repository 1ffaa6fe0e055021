import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrderRow, SubscriptionsTable } from '../../platform/db/schema.js';
import { stableId } from '../../platform/ids.js';
import {
  HOSTED_HOLD_MINUTES,
  pendingHostedCharge,
  recordHostedSession,
  type HostedPaymentProvider,
  type HostedProviderId,
  type HostedRegistry,
} from '../payments/index.js';
import { type OrderMail, releaseHeldOrder } from '../checkout/index.js';

/**
 * Renewals of subscriptions paid with a hosted provider (issue 17). The first payment saved the
 * buyer's method with the provider (`<provider>:<saved reference>` in `subscriptions.payment_reference`,
 * written by `domains/payments/flow/settle.ts`); each renewal charges it off-session. When the bank
 * wants the buyer (3-D Secure) or declines, the renewal order waits for payment on the provider's
 * page, the buyer is mailed a link to it, and the charge is tried again on the days below, counted
 * from the day the cycle fell due; after the last retry fails the subscription is paused.
 */

/** Days after the due date on which a failed renewal is tried again. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;

export type HostedLookup = Pick<HostedRegistry, 'providerFor'>;

/** A lookup of hosted providers among those read already (a renewal reads them before its transaction). */
export const lookupIn = (providers: readonly HostedPaymentProvider[]): HostedLookup => ({
  providerFor: async (_siteId, id) => providers.find((p) => p.id === id),
});

const HOSTED_PREFIX = /^(stripe|paypal):(.+)$/;

/** The provider and its saved reference when a subscription renews through a hosted provider. */
export function hostedSavedReference(
  paymentReference: string,
): { provider: HostedProviderId; savedReference: string } | undefined {
  // PayPal (Orders v2) keeps no method, so a plan paid with it is saved as `paypal:` alone: its
  // renewals still go to PayPal, which refuses off-session, so the buyer is mailed a link to pay.
  if (paymentReference === 'paypal:') return { provider: 'paypal', savedReference: '' };
  const match = HOSTED_PREFIX.exec(paymentReference);
  return match ? { provider: match[1] as HostedProviderId, savedReference: match[2]! } : undefined;
}

/** The idempotency key of one off-session attempt: a retried request never charges twice. */
export const renewalChargeKey = (subscriptionId: string, cycle: number, attempt: number) =>
  `tessera-renewal-${subscriptionId}-${cycle}-${attempt}`;

/**
 * The id of the order one attempt of a cycle writes, the same every time that attempt runs: a run
 * that died after the provider charged (its transaction rolled back) is run again with the same
 * key *and the same parameters* (the order id is in the charge's metadata), which Stripe requires
 * to answer with the payment it took instead of refusing the key. Derived from the first order's
 * id, which only its buyer holds, so the renewal's confirmation page stays as unguessable.
 */
export const renewalOrderId = (
  subscription: { id: string; first_order_id: string },
  cycle: number,
  attempt: number,
): string => stableId('renewal-order', subscription.first_order_id, subscription.id, String(cycle), String(attempt));

export type HostedRenewalCharge =
  | { status: 'succeeded'; provider: HostedProviderId; reference: string }
  | { status: 'awaiting'; provider: HostedProviderId; state: 'requires-action' | 'declined'; message: string };

export const RENEWAL_MESSAGES = {
  notConnected: 'The payment provider that saved this payment method is no longer connected.',
} as const;

/** Charges the saved method off-session; a provider that is gone counts as a decline (the buyer can still pay). */
export async function chargeHostedRenewal(
  hosted: HostedLookup | undefined,
  input: {
    siteId: string;
    paymentReference: string;
    amountCents: number;
    currency: string;
    orderId: string;
    idempotencyKey: string;
    /** The recovery asking again after a crash (`OffSessionChargeRequest`). */
    askedBefore?: boolean;
  },
): Promise<HostedRenewalCharge | undefined> {
  const saved = hostedSavedReference(input.paymentReference);
  if (!saved) return undefined;
  const provider = await hosted?.providerFor(input.siteId, saved.provider);
  if (!provider) {
    return { status: 'awaiting', provider: saved.provider, state: 'declined', message: RENEWAL_MESSAGES.notConnected };
  }
  const charged = await provider.chargeOffSession({
    savedReference: saved.savedReference,
    amountCents: input.amountCents,
    currency: input.currency,
    orderId: input.orderId,
    idempotencyKey: input.idempotencyKey,
    askedBefore: input.askedBefore === true,
  });
  if (charged.status === 'succeeded') {
    return { status: 'succeeded', provider: saved.provider, reference: charged.paymentReference };
  }
  const state = charged.status === 'requires_action' ? 'requires-action' : 'declined';
  return { status: 'awaiting', provider: saved.provider, state, message: charged.message };
}

/**
 * After `attempts` failed attempts of the cycle due at `dueAt`: when to try again, or `paused`
 * once every retry has been used.
 */
export function nextRenewalRetry(attempts: number, dueAt: string): { retryAt: string } | { paused: true } {
  const days = RENEWAL_RETRY_DAYS[attempts - 1];
  if (days === undefined) return { paused: true };
  return { retryAt: new Date(new Date(dueAt).getTime() + days * 86_400_000).toISOString() };
}

/**
 * Leaves the renewal order waiting for the buyer on the provider's page (the session opens when
 * they follow the mailed link) and records on the subscription what happened and what comes next.
 */
export async function awaitRenewalPayment(
  trx: Transaction<Database>,
  input: {
    order: OrderRow;
    provider: HostedProviderId;
    subscriptionId: string;
    attempts: number;
    dueAt: string;
    state: 'requires-action' | 'declined';
    message: string;
    now: string;
  },
): Promise<{ paused: boolean }> {
  await trx
    .insertInto('payments')
    .values(pendingHostedCharge(input.order.id, input.provider, input.order.amount_due_cents, input.now))
    .execute();
  await recordHostedSession(trx, input.order, input.provider, null);
  const next = nextRenewalRetry(input.attempts, input.dueAt);
  const paused = 'paused' in next;
  await trx
    .updateTable('subscriptions')
    .set({
      renewal_attempts: input.attempts,
      renewal_retry_at: paused ? null : next.retryAt,
      renewal_state: input.state,
      renewal_message: input.message,
      ...(paused ? { status: 'paused' } : {}),
      updated_at: input.now,
    })
    .where('id', '=', input.subscriptionId)
    .execute();
  return { paused };
}

/**
 * When a renewal order waiting for the buyer stops holding its stock: the longest a provider's
 * session may stay open (a day), since the buyer opens the mailed link later, not at once. Each
 * retry mails a new link, so one is always open until the last retry.
 */
export function renewalHoldUntil(now: string): string {
  return new Date(new Date(now).getTime() + HOSTED_HOLD_MINUTES.max * 60_000).toISOString();
}

/** Clears the retry state once a renewal of the subscription is paid. */
export async function clearRenewalRetry(trx: Kysely<Database>, subscriptionId: string, now: string): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({ renewal_attempts: 0, renewal_retry_at: null, renewal_state: null, renewal_message: null, updated_at: now })
    .where('id', '=', subscriptionId)
    .execute();
}

/**
 * The buyer paid a waiting renewal order through the mailed link (settled by the hosted flow):
 * its cycle is done, the retries stop at once and a subscription paused after the last retry runs
 * again. Nothing happens for an order that no longer is its cycle's waiting one (released by a retry).
 */
export async function settleRenewalPayment(
  trx: Kysely<Database>,
  subscriptionId: string,
  orderId: string,
  now: string,
): Promise<void> {
  const cycle = await trx
    .updateTable('subscription_cycles')
    .set({ status: 'ordered' })
    .where('subscription_id', '=', subscriptionId)
    .where('order_id', '=', orderId)
    .where('status', 'in', ['awaiting-payment', 'paused'])
    .executeTakeFirst();
  if (Number(cycle.numUpdatedRows) !== 1) return;
  await clearRenewalRetry(trx, subscriptionId, now);
  await trx
    .updateTable('subscriptions')
    .set({ status: 'active', updated_at: now })
    .where('id', '=', subscriptionId)
    .where('status', '=', 'paused')
    .execute();
}

/** The mail asking the buyer to pay a renewal on the provider's page. */
export function renewalPaymentMail(
  order: { customer_email: string; order_number: number; grand_total_cents: number; currency: string },
  input: { payUrl: string; state: string; message: string; paused: boolean; amount: string },
): OrderMail {
  const why =
    input.state === 'requires-action'
      ? 'Your bank asks you to confirm this payment yourself.'
      : `The payment did not go through (${input.message}).`;
  const next = input.paused
    ? 'This was the last automatic attempt: your subscription is paused until the payment is made.'
    : 'We will try again in a few days; paying now stops the retries.';
  return {
    to: order.customer_email,
    subject: `Your subscription renewal needs you: order #${order.order_number}`,
    text: [
      `We could not charge your saved payment method for order #${order.order_number} (${input.amount}).`,
      why,
      `Pay here: ${input.payUrl}`,
      next,
    ].join('\n\n'),
  };
}

/**
 * Claims a due retry by moving its retry time (of two processes, one moves it). A buyer who paid
 * the waiting order meanwhile has renewed: the cycle is done and nothing is charged again.
 */
export async function claimRenewalRetry(
  trx: Transaction<Database>,
  sub: Selectable<SubscriptionsTable>,
  now: string,
): Promise<
  | { kind: 'none' }
  | {
      kind: 'paid';
      outcome: { subscriptionId: string; cycle: number; status: 'paid-by-buyer'; orderId: string | null };
    }
  | { kind: 'charge'; cycle: number; dueAt: string }
> {
  if (!sub.renewal_retry_at || sub.renewal_retry_at > now) return { kind: 'none' };
  const claimed = await trx
    .updateTable('subscriptions')
    .set({ renewal_retry_at: null, updated_at: now })
    .where('id', '=', sub.id)
    .where('renewal_retry_at', '=', sub.renewal_retry_at)
    .where('renewal_attempts', '=', sub.renewal_attempts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'none' };
  const waiting = await waitingCycle(trx, sub.id);
  if (!waiting) return { kind: 'none' };
  const earlier = waiting.order_id
    ? await trx.selectFrom('orders').select('payment_status').where('id', '=', waiting.order_id).executeTakeFirst()
    : undefined;
  if (earlier?.payment_status === 'paid') {
    await clearRenewalRetry(trx, sub.id, now);
    await trx.updateTable('subscription_cycles').set({ status: 'ordered' }).where('id', '=', waiting.id).execute();
    return {
      kind: 'paid',
      outcome: { subscriptionId: sub.id, cycle: waiting.cycle, status: 'paid-by-buyer', orderId: waiting.order_id },
    };
  }
  return { kind: 'charge', cycle: waiting.cycle, dueAt: waiting.due_at };
}

function waitingCycle(db: Kysely<Database>, subscriptionId: string) {
  return db
    .selectFrom('subscription_cycles')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'awaiting-payment')
    .orderBy('cycle', 'desc')
    .executeTakeFirst();
}

/**
 * Before a retry: the order still waiting from the last attempt stops waiting (its stock goes
 * back, its payment page closes), so the buyer cannot pay one renewal twice. A payment that still
 * reaches the provider's page is refunded by the hosted flow as any late payment.
 */
export async function releaseWaitingRenewal(db: Kysely<Database>, subscriptionId: string, at: Date): Promise<void> {
  const waiting = await waitingCycle(db, subscriptionId);
  if (!waiting?.order_id) return;
  await releaseHeldOrder(db, waiting.order_id, { paymentStatus: 'expired' }, at);
  await db
    .updateTable('hosted_sessions')
    .set({ status: 'expired', updated_at: at.toISOString() })
    .where('order_id', '=', waiting.order_id)
    .where('status', 'in', ['creating', 'open'])
    .execute();
}

/** What the owner sees of a subscription on its orders: its status and where its renewal stands. */
export async function subscriptionRenewalState(db: Kysely<Database>, subscriptionId: string | null) {
  if (!subscriptionId) return null;
  const sub = await db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();
  if (!sub) return null;
  return {
    id: sub.id,
    status: sub.status,
    nextBillingAt: sub.next_billing_at,
    renewalState: sub.renewal_state,
    renewalMessage: sub.renewal_message,
    renewalAttempts: sub.renewal_attempts,
    renewalRetryAt: sub.renewal_retry_at,
  };
}

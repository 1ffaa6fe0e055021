import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { expectClaimed, isClaimConflict } from '../../platform/db/claims.js';
import { paymentRefusal, returnStockFor, stockHeldUntil } from '../checkout/index.js';
import type { HostedPaymentProvider, PaymentProviders } from '../payments/index.js';
import { orderEventData, recordWebhookEvent } from '../webhooks/index.js';
import {
  awaitRenewalPayment,
  chargeHostedRenewal,
  clearRenewalRetry,
  type HostedRenewalCharge,
  lookupIn,
  renewalChargeKey,
  renewalHoldUntil,
} from './hosted-renewal.js';
import type { ClaimedCycle, SubscriptionRow } from './renewal-claim.js';
import type { RenewalOutcome } from './schedule.js';

/**
 * The second and third steps of a renewal (issue 20): the provider is asked with no transaction
 * open (`chargeClaimedCycle`), then its answer is written in one transaction that only the claim's
 * holder can open (`recordClaimedCycle`: a conditional update of the cycle's `claimed_at`).
 */

/** What the provider answered for a claimed cycle. */
export interface CycleChargeResult {
  /** The off-session answer of a hosted provider (Stripe, PayPal), when the method was saved there. */
  hosted?: HostedRenewalCharge;
  /** A built-in method's answer (a saved test card), with its provider. */
  builtIn?: { provider: string; status: 'succeeded' | 'pending'; reference: string };
}

export interface RecordDeps {
  payments: PaymentProviders;
  nextOrderNumber: (trx: Transaction<Database>, siteId: string) => Promise<number>;
}

/** Asks the provider for the claimed cycle's amount, under the key of its attempt. */
export async function chargeClaimedCycle(
  db: Kysely<Database>,
  deps: RecordDeps,
  sub: SubscriptionRow,
  claim: ClaimedCycle,
  hosted: readonly HostedPaymentProvider[],
): Promise<CycleChargeResult> {
  const { charge } = claim;
  // A method saved with a hosted provider (Stripe, PayPal) is charged off-session there.
  const hostedCharge = await chargeHostedRenewal(lookupIn(hosted), {
    siteId: sub.site_id,
    paymentReference: sub.payment_reference,
    amountCents: charge.totals.grandTotalCents,
    currency: charge.currency,
    orderId: charge.orderId,
    idempotencyKey: renewalChargeKey(sub.id, claim.cycle, charge.attempts),
    askedBefore: claim.recovered === true,
  });
  if (hostedCharge) return { hosted: hostedCharge };
  const method = { kind: 'saved' as const, reference: sub.payment_reference };
  const found = deps.payments.forMethod(method);
  // Test cards renew only in test mode, which a hosted provider connected with live keys ends
  // (as it does at checkout); pay later only while the store offers it.
  const liveHosted = hosted.some((p) => p.mode === 'live');
  const refused = found && (await paymentRefusal(db, sub.site_id, deps.payments, found, { liveHosted }));
  if (!found || refused) return {};
  const result = await found.charge({
    amountCents: charge.totals.grandTotalCents,
    currency: charge.currency,
    orderId: charge.orderId,
    method,
  });
  return result.status === 'succeeded' || result.status === 'pending'
    ? { builtIn: { provider: found.id, status: result.status, reference: result.reference } }
    : {};
}

/**
 * Writes the provider's answer for a claimed cycle: the renewal order (paid, pending, or waiting for
 * the buyer), or the stock back and `payment-failed`. Undefined when the claim is no longer this
 * caller's (the recovery took it over, or recorded it already).
 */
export async function recordClaimedCycle(
  db: Kysely<Database>,
  deps: RecordDeps,
  claim: ClaimedCycle,
  result: CycleChargeResult,
  now: string,
): Promise<RenewalOutcome | undefined> {
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('subscription_cycles')
        .set({ claimed_at: null })
        .where('subscription_id', '=', claim.subscriptionId)
        .where('cycle', '=', claim.cycle)
        .where('status', '=', 'charging')
        .where('claimed_at', '=', claim.claimedAt)
        .executeTakeFirst();
      expectClaimed(taken);
      const sub = await trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', claim.subscriptionId)
        .executeTakeFirstOrThrow();
      return await writeOutcome(trx, deps, sub, claim, result, now);
    });
  } catch (error) {
    if (isClaimConflict(error)) return undefined;
    throw error;
  }
}

async function writeOutcome(
  trx: Transaction<Database>,
  deps: RecordDeps,
  sub: SubscriptionRow,
  claim: ClaimedCycle,
  result: CycleChargeResult,
  now: string,
): Promise<RenewalOutcome> {
  const { cycle, charge } = claim;
  const finish = async (
    status: RenewalOutcome['status'],
    orderId: string | null,
    extra: Pick<RenewalOutcome, 'renewalState' | 'message'> = {},
  ): Promise<RenewalOutcome> => {
    await trx
      .updateTable('subscription_cycles')
      .set({ status, order_id: orderId })
      .where('subscription_id', '=', sub.id)
      .where('cycle', '=', cycle)
      .execute();
    return { subscriptionId: sub.id, cycle, status, orderId, ...extra };
  };
  const hostedCharge = result.hosted;
  const awaiting = hostedCharge?.status === 'awaiting' ? hostedCharge : undefined;
  const charged =
    hostedCharge?.status === 'succeeded'
      ? { provider: hostedCharge.provider as string, status: 'succeeded' as const, reference: hostedCharge.reference }
      : result.builtIn;
  if (!awaiting && !charged) {
    // Put the stock back: no order this cycle.
    await returnStockFor(trx, charge.stockType, { itemId: sub.item_id, sku: sub.sku, quantity: sub.quantity });
    const failed = { subscription: { id: sub.id }, cycle, reason: 'payment-failed', message: null, order: null };
    await recordWebhookEvent(trx, { siteId: sub.site_id, type: 'subscription.failed', data: failed, now });
    return finish('payment-failed', null);
  }
  // Read at the claim too; orders are never deleted.
  const first = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', sub.first_order_id)
    .executeTakeFirstOrThrow();
  const pending = awaiting !== undefined || charged?.status === 'pending';
  const { totals, orderId } = charge;
  await trx
    .insertInto('orders')
    .values({
      id: orderId,
      site_id: sub.site_id,
      order_number: await deps.nextOrderNumber(trx, sub.site_id),
      cart_id: null,
      site_user_id: sub.site_user_id,
      customer_email: sub.customer_email,
      customer_name: first.customer_name,
      shipping_address: first.shipping_address,
      currency: charge.currency,
      subtotal_cents: totals.subtotalCents,
      discount_cents: totals.discountCents,
      shipping_cents: totals.shippingCostCents,
      tax_cents: totals.taxCents,
      grand_total_cents: totals.grandTotalCents,
      gift_card_cents: 0,
      amount_due_cents: totals.amountDueCents,
      refunded_cents: 0,
      shipping_option: first.shipping_option,
      coupons: '[]',
      tax_lines: JSON.stringify(totals.taxLines),
      status: pending ? 'received' : 'confirmed',
      payment_status: pending ? 'pending' : 'paid',
      fulfillment_status: 'pending',
      subscription_id: sub.id,
      // An unpaid renewal holds its stock only as long as any unpaid order (finding 5).
      // One waiting for the buyer on the provider's page holds it as long as a hosted payment's session.
      stock_held_until: awaiting ? renewalHoldUntil(now) : pending ? await stockHeldUntil(trx, sub.site_id, now) : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('order_lines')
    .values({
      id: newId(),
      order_id: orderId,
      item_id: sub.item_id,
      sku: sub.sku,
      title: charge.line.title,
      attributes: charge.line.attributes,
      product_type: charge.line.productType,
      quantity: sub.quantity,
      unit_price_cents: charge.unitCents,
      line_total_cents: charge.unitCents * sub.quantity,
      additional_fields: null,
    })
    .execute();
  // Outgoing webhooks (issue 21): the renewal's order, written with it.
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const renewal = { subscription: { id: sub.id }, ...orderEventData(order) };
  await recordWebhookEvent(trx, { siteId: sub.site_id, type: 'subscription.renewed', data: renewal, now });
  if (awaiting) {
    const { paused } = await awaitRenewalPayment(trx, {
      order,
      provider: awaiting.provider,
      subscriptionId: sub.id,
      attempts: charge.attempts + 1,
      dueAt: claim.dueAt,
      state: awaiting.state,
      message: awaiting.message,
      now,
    });
    const extra = { renewalState: awaiting.state, message: awaiting.message };
    // The off-session charge did not go through (issue 21): the buyer was mailed a link to pay.
    const failed = { subscription: { id: sub.id }, cycle, reason: awaiting.state, message: awaiting.message, paused };
    await recordWebhookEvent(trx, {
      siteId: sub.site_id,
      type: 'subscription.failed',
      data: { ...failed, ...orderEventData(order) },
      now,
    });
    return finish(paused ? 'paused' : 'awaiting-payment', orderId, extra);
  }
  await trx
    .insertInto('payments')
    .values({
      id: newId(),
      order_id: orderId,
      provider: charged!.provider,
      kind: 'charge',
      status: charged!.status,
      amount_cents: totals.grandTotalCents,
      reference: charged!.reference,
      created_at: now,
    })
    .execute();
  if (hostedCharge && charge.attempts > 0) await clearRenewalRetry(trx, sub.id, now);
  return finish('ordered', orderId);
}

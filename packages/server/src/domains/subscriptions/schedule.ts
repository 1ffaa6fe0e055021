import {
  type BillingPeriod,
  computeCheckoutTotals,
  productTypeOf,
  type ShippingOption,
  type TaxRule,
} from '@tessera/core';
import type { Kysely } from 'kysely';
import { loadProducts } from '../content/index.js';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import {
  awaitRenewalPayment,
  chargeHostedRenewal,
  claimRenewalRetry,
  clearRenewalRetry,
  lookupIn,
  releaseWaitingRenewal,
  renewalChargeKey,
  renewalOrderId,
  renewalHoldUntil,
} from './hosted-renewal.js';
import { paymentRefusal, stockHeldUntil, returnStockFor, takeStockFor } from '../checkout/index.js';
import type { HostedPaymentProvider, HostedRegistry, PaymentProviders } from '../payments/index.js';
import { orderEventData, recordWebhookEvent } from '../webhooks/index.js';
import { expectClaimed, isClaimConflict } from '../../platform/db/claims.js';

/**
 * `iso` moved forward by `count` billing periods, in UTC. Months keep the day of the month when it
 * exists and otherwise end on the last day (31 January + 1 month = 28/29 February).
 */
export function addBillingPeriod(iso: string, period: BillingPeriod, count = 1): string {
  const date = new Date(iso);
  const value = Math.max(1, Math.trunc(Number(period.value) || 1)) * count;
  if (period.unit === 'WEEK') return new Date(date.getTime() + value * 7 * 86_400_000).toISOString();
  const months = period.unit === 'YEAR' ? value * 12 : value;
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

export interface RenewalOutcome {
  subscriptionId: string;
  cycle: number;
  /**
   * `awaiting-payment`: a hosted provider could not charge off-session; the order waits for the
   * buyer and the charge is retried (`hosted-renewal.ts`); `paused`: that was the last retry;
   * `paid-by-buyer`: the buyer paid the waiting order before the retry.
   */
  status: 'ordered' | 'out-of-stock' | 'payment-failed' | 'awaiting-payment' | 'paused' | 'paid-by-buyer';
  orderId: string | null;
  /** Why an off-session charge did not go through: `requires-action` or `declined`, and the provider's words. */
  renewalState?: 'requires-action' | 'declined';
  message?: string;
}

export interface RenewalScheduler {
  /** Creates every renewal due at `now` (catching up missed cycles one by one); answers what it did. */
  runDue(now?: Date): Promise<RenewalOutcome[]>;
  /** Waits for the run under way, if any (the server closing). */
  stop(): Promise<void>;
}

export interface RenewalSchedulerOptions {
  payments: PaymentProviders;
  nextOrderNumber: (trx: import('kysely').Transaction<Database>, siteId: string) => Promise<number>;
  /** Called after each renewal order is committed (the plugin mails the customer). */
  onOrdered?: (outcome: RenewalOutcome) => Promise<void> | void;
  /** The site's hosted providers (issue 17), asked when a renewal runs; they register after checkout. */
  hosted?: () => Pick<HostedRegistry, 'connected'> | undefined;
  /** Called when a renewal order waits for the buyer to pay (the plugin mails them the link). */
  onAwaitingPayment?: (outcome: RenewalOutcome) => Promise<void> | void;
}

/**
 * Subscription renewals. `runDue` is called by the `renewals` job (jobs.ts: once per slot
 * across nodes). Each cycle of a subscription is claimed by inserting its (subscription_id, cycle)
 * row, which is unique: two processes, or a restart halfway, can never bill a cycle twice; cycles
 * that fell due while the server was down are created at the next run, one by one.
 */
export function createRenewalScheduler(db: Kysely<Database>, options: RenewalSchedulerOptions): RenewalScheduler {
  let running: Promise<unknown> = Promise.resolve();

  /** Bills the cycle now due, or (`retry`) tries again the cycle whose hosted charge failed. */
  async function renewOne(subscriptionId: string, now: string, retry = false): Promise<RenewalOutcome | undefined> {
    const hosted = await hostedProvidersOf(subscriptionId);
    try {
      return await db.transaction().execute(async (trx) => {
        const sub = await rowWhere(trx, 'subscriptions', { id: subscriptionId, status: 'active' });
        if (retry) return sub ? retryCycle(trx, sub, now, hosted) : undefined;
        if (!sub?.next_billing_at || sub.next_billing_at > now) return undefined;
        const cycle = sub.next_cycle;
        const dueAt = sub.next_billing_at;
        await trx
          .insertInto('subscription_cycles')
          .values({
            id: newId(),
            subscription_id: sub.id,
            cycle,
            order_id: null,
            status: 'pending',
            due_at: dueAt,
            created_at: now,
          })
          .execute();
        const plan = JSON.parse(sub.plan) as { billingPeriod: BillingPeriod };
        const finished = sub.cycles_total > 0 && cycle >= sub.cycles_total;
        const advanced = await trx
          .updateTable('subscriptions')
          .set({
            next_cycle: cycle + 1,
            next_billing_at: finished ? null : addBillingPeriod(dueAt, plan.billingPeriod, 1),
            status: finished ? 'completed' : 'active',
            updated_at: now,
          })
          .where('id', '=', sub.id)
          .where('next_cycle', '=', cycle)
          .executeTakeFirst();
        expectClaimed(advanced);
        return placeCycle(trx, sub, cycle, dueAt, 0, now, hosted);
      });
    } catch (error) {
      // Another process claimed this cycle first (unique cycle row or moved counter): not ours.
      if (isClaimConflict(error)) return undefined;
      throw error;
    }
  }

  /**
   * The hosted providers of the subscription's site, read before its renewal's transaction: a stored
   * connection is read from the database, and on SQLite a read beside an open transaction waits for it.
   */
  async function hostedProvidersOf(subscriptionId: string): Promise<readonly HostedPaymentProvider[]> {
    const registry = options.hosted?.();
    if (!registry) return [];
    const row = await db
      .selectFrom('subscriptions')
      .select('site_id')
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    return row ? registry.connected(row.site_id) : [];
  }

  type SubscriptionRow = import('kysely').Selectable<Database['subscriptions']>;
  type Trx = import('kysely').Transaction<Database>;

  /** A retry of a hosted renewal (`claimRenewalRetry` says whether there is one to charge). */
  async function retryCycle(
    trx: Trx,
    sub: SubscriptionRow,
    now: string,
    hosted: readonly HostedPaymentProvider[],
  ): Promise<RenewalOutcome | undefined> {
    const claim = await claimRenewalRetry(trx, sub, now);
    if (claim.kind !== 'charge') return claim.kind === 'paid' ? claim.outcome : undefined;
    return placeCycle(trx, sub, claim.cycle, claim.dueAt, sub.renewal_attempts, now, hosted);
  }

  /** Creates the order of a claimed cycle and charges it; `attempts`: failed hosted attempts before this one. */
  async function placeCycle(
    trx: Trx,
    sub: SubscriptionRow,
    cycle: number,
    dueAt: string,
    attempts: number,
    now: string,
    /** The site's connected hosted providers (`hostedProvidersOf`). */
    hosted: readonly HostedPaymentProvider[],
  ): Promise<RenewalOutcome> {
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

    const first = await trx.selectFrom('orders').selectAll().where('id', '=', sub.first_order_id).executeTakeFirst();
    const product = (await loadProducts(trx, sub.site_id, [sub.item_id], first?.currency ?? 'USD')).get(sub.item_id);
    const variant = product?.structuredContent.variants.find((v) => v.sku === sub.sku);
    if (!first || !product || !variant) return finish('out-of-stock', null);
    const stockLine = { itemId: sub.item_id, sku: sub.sku, quantity: sub.quantity };
    const productType = productTypeOf(product);
    if (!(await takeStockFor(trx, productType, stockLine))) return finish('out-of-stock', null);

    const unit = variant.onSale ? variant.salePrice : variant.price;
    const shipping = first.shipping_option ? (JSON.parse(first.shipping_option) as ShippingOption) : null;
    const taxRules = (
      JSON.parse(first.tax_lines) as { id: string; name: string; rateBasisPoints: number; taxShipping?: boolean }[]
    ).map((t): TaxRule => ({ ...t, taxShipping: t.taxShipping ?? true }));
    const totals = computeCheckoutTotals({
      lines: [{ quantity: sub.quantity, unitPriceCents: unit }],
      shipping,
      taxRules,
    });
    // The same id whenever this attempt runs (hosted-renewal.ts): a retry after a crash sends the same charge.
    const orderId = renewalOrderId(sub, cycle, attempts);
    // A method saved with a hosted provider (Stripe, PayPal) is charged off-session there.
    const hostedCharge = await chargeHostedRenewal(lookupIn(hosted), {
      siteId: sub.site_id,
      paymentReference: sub.payment_reference,
      amountCents: totals.grandTotalCents,
      currency: first.currency,
      orderId,
      idempotencyKey: renewalChargeKey(sub.id, cycle, attempts),
    });
    const awaiting = hostedCharge?.status === 'awaiting' ? hostedCharge : undefined;
    let charged: { status: 'succeeded' | 'pending'; reference: string } | undefined;
    let providerId = hostedCharge?.provider as string | undefined;
    if (hostedCharge?.status === 'succeeded') charged = { status: 'succeeded', reference: hostedCharge.reference };
    if (!hostedCharge) {
      const method = { kind: 'saved' as const, reference: sub.payment_reference };
      const found = options.payments.forMethod(method);
      // Test cards renew only in test mode, which a hosted provider connected with live keys ends
      // (as it does at checkout); pay later only while the store offers it.
      const liveHosted = hosted.some((p) => p.mode === 'live');
      const refused = found && (await paymentRefusal(trx, sub.site_id, options.payments, found, { liveHosted }));
      const provider = found && !refused ? found : undefined;
      const result = provider
        ? await provider.charge({ amountCents: totals.grandTotalCents, currency: first.currency, orderId, method })
        : undefined;
      providerId = provider?.id;
      if (result?.status === 'succeeded' || result?.status === 'pending') charged = result;
    }
    if (!awaiting && (!providerId || !charged)) {
      // Put the stock back: no order this cycle.
      await returnStockFor(trx, productType, stockLine);
      const failed = { subscription: { id: sub.id }, cycle, reason: 'payment-failed', message: null, order: null };
      await recordWebhookEvent(trx, { siteId: sub.site_id, type: 'subscription.failed', data: failed, now });
      return finish('payment-failed', null);
    }
    const pending = awaiting !== undefined || charged?.status === 'pending';
    await trx
      .insertInto('orders')
      .values({
        id: orderId,
        site_id: sub.site_id,
        order_number: await options.nextOrderNumber(trx, sub.site_id),
        cart_id: null,
        site_user_id: sub.site_user_id,
        customer_email: sub.customer_email,
        customer_name: first.customer_name,
        shipping_address: first.shipping_address,
        currency: first.currency,
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
        stock_held_until: awaiting
          ? renewalHoldUntil(now)
          : pending
            ? await stockHeldUntil(trx, sub.site_id, now)
            : null,
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
        title: product.title,
        attributes: JSON.stringify(variant.attributes),
        product_type: product.structuredContent.productType,
        quantity: sub.quantity,
        unit_price_cents: unit,
        line_total_cents: unit * sub.quantity,
        additional_fields: null,
      })
      .execute();
    // Outgoing webhooks (issue 21): the renewal's order, written with it.
    const renewed = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const renewal = { subscription: { id: sub.id }, ...orderEventData(renewed) };
    await recordWebhookEvent(trx, { siteId: sub.site_id, type: 'subscription.renewed', data: renewal, now });
    if (awaiting) {
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
      const { paused } = await awaitRenewalPayment(trx, {
        order,
        provider: awaiting.provider,
        subscriptionId: sub.id,
        attempts: attempts + 1,
        dueAt,
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
        provider: providerId ?? '',
        kind: 'charge',
        status: charged?.status ?? 'pending',
        amount_cents: totals.grandTotalCents,
        reference: charged?.reference ?? '',
        created_at: now,
      })
      .execute();
    if (hostedCharge && attempts > 0) await clearRenewalRetry(trx, sub.id, now);
    return finish('ordered', orderId);
  }

  /** The ids of active subscriptions whose `column` time has come by `now`, soonest first. */
  const activeDue = (column: 'next_billing_at' | 'renewal_retry_at', now: string, limit: number) =>
    db
      .selectFrom('subscriptions')
      .select('id')
      .where('status', '=', 'active')
      .where(column, '<=', now)
      .orderBy(column)
      .limit(limit)
      .execute();

  async function runDue(at = new Date()): Promise<RenewalOutcome[]> {
    const now = at.toISOString();
    const outcomes: RenewalOutcome[] = [];
    for (let round = 0; round < 1000; round++) {
      const due = await activeDue('next_billing_at', now, 50);
      if (due.length === 0) break;
      let progressed = false;
      for (const { id } of due) {
        const outcome = await renewOne(id, now);
        if (outcome) {
          outcomes.push(outcome);
          progressed = true;
          await notify(outcome);
        }
      }
      if (!progressed) break;
    }
    // Hosted renewals that failed off-session, due for another try.
    const retries = await activeDue('renewal_retry_at', now, 200);
    for (const { id } of retries) {
      await releaseWaitingRenewal(db, id, at);
      const outcome = await renewOne(id, now, true);
      if (outcome) {
        outcomes.push(outcome);
        await notify(outcome);
      }
    }
    return outcomes;
  }

  async function notify(outcome: RenewalOutcome): Promise<void> {
    if (outcome.status === 'ordered') await options.onOrdered?.(outcome);
    if (outcome.status === 'awaiting-payment' || outcome.status === 'paused')
      await options.onAwaitingPayment?.(outcome);
  }

  return {
    runDue: (now) => {
      const result = running.then(() => runDue(now));
      running = result.catch(() => {});
      return result;
    },
    async stop() {
      await running.catch(() => {});
    },
  };
}

import { createHash } from 'node:crypto';
import {
  ApplicationContextUserAction,
  ExperienceContextShippingPreference,
  IntervalUnit,
  SetupFeeFailureAction,
  type Subscription,
  type SubscriptionsController,
  TenureType,
} from '@paypal/paypal-server-sdk';
import type {
  CreateSessionRequest,
  CreateSessionResult,
  ProviderSubscriptionPayment,
  ProviderSubscriptionState,
  ProviderSubscriptions,
  RecurringTerms,
  SessionState,
} from '../hosted.js';
import { fromPaypalAmount, toPaypalAmount } from './amounts.js';
import { isPaypalAnswer, paypalIssue, paypalMessage } from './errors.js';

/**
 * Recurring payments PayPal schedules itself (Subscriptions API, `/v1/billing`): PayPal keeps no
 * payment method Tessera could charge off-session, so a monthly or yearly gift is a PayPal
 * subscription. One catalog product per site and kind of payment ("Donations"), one billing plan per
 * currency and interval under it (one REGULAR cycle, endless), and each subscription overrides the
 * plan's price with the payer's own amount. A renewal that fails suspends the subscription at once
 * (`payment_failure_threshold` 1), as a refused off-session renewal stops a Stripe gift.
 *
 * PayPal names subscriptions `I-…`; an order's session id of that shape is a subscription, read back
 * as a session (`sessionOf`) so the hosted flow settles its first payment like any other.
 */

/** A subscription id (an Orders v2 id never has this shape). */
export const isSubscriptionId = (id: string) => /^I-[A-Z0-9]+$/.test(id);

export interface SubscriptionDeps {
  apiBase: string;
  /** A bearer token of the adapter's SDK client (`fresh` after a 401). */
  token(fresh: boolean): Promise<string>;
  /** Runs one call of the SDK's subscriptions controller (the adapter's client, renewed after token trouble). */
  call<T>(work: (subscriptions: SubscriptionsController) => Promise<T>): Promise<T>;
}

const PAYMENT_PREFERENCES = {
  autoBillOutstanding: false,
  setupFeeFailureAction: SetupFeeFailureAction.Cancel,
  paymentFailureThreshold: 1,
};

/** PayPal's product id for a site's kind of payment: stable, so a restart finds the same product. */
function productIdOf(siteId: string, productName: string): string {
  return `TESSERA-${createHash('sha256').update(`${siteId}\n${productName}`).digest('hex').slice(0, 24).toUpperCase()}`;
}

const planNameOf = (terms: RecurringTerms, currency: string) => `${terms.planName} (${currency})`.slice(0, 127);

/** The catalog product (Catalog Products API: the SDK has no call for it, so it is posted with the SDK's token). */
async function ensureProduct(deps: SubscriptionDeps, id: string, name: string): Promise<void> {
  const send = async (fresh: boolean, method: 'GET' | 'POST') =>
    fetch(method === 'GET' ? `${deps.apiBase}/v1/catalogs/products/${id}` : `${deps.apiBase}/v1/catalogs/products`, {
      method,
      headers: {
        authorization: `Bearer ${await deps.token(fresh)}`,
        'content-type': 'application/json',
        ...(method === 'POST' ? { 'paypal-request-id': `tessera-product-${id}` } : {}),
      },
      body: method === 'POST' ? JSON.stringify({ id, name: name.slice(0, 127), type: 'SERVICE' }) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
  const attempt = async (method: 'GET' | 'POST') => {
    let response = await send(false, method);
    if (response.status === 401) response = await send(true, method);
    return response;
  };
  const found = await attempt('GET');
  if (found.ok) return;
  const created = await attempt('POST');
  if (created.ok) return;
  const body = (await created.json().catch(() => ({}))) as { details?: { issue?: string }[]; message?: string };
  // Created meanwhile by a second payer at once: it is there now.
  if (body.details?.[0]?.issue === 'DUPLICATE_RESOURCE_IDENTIFIER') return;
  throw new Error(`PayPal: ${body.message ?? `the product could not be created (HTTP ${created.status})`}`);
}

function sessionStateOfSubscription(state: ProviderSubscriptionState): SessionState {
  const first = state.payments[0];
  const session: SessionState = {
    sessionId: state.subscriptionId,
    status: first
      ? 'paid'
      : state.status === 'pending' || state.status === 'active'
        ? 'open'
        : state.status === 'suspended'
          ? 'failed'
          : 'expired',
    orderId: state.orderId,
    amountCents: first?.amountCents ?? 0,
    currency: first?.currency ?? '',
  };
  if (first) {
    session.paymentReference = first.reference;
    session.savedReference = state.subscriptionId;
  }
  return session;
}

const STATUS: Record<string, ProviderSubscriptionState['status']> = {
  APPROVAL_PENDING: 'pending',
  APPROVED: 'pending',
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

const PAID = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

export function createPaypalSubscriptions(deps: SubscriptionDeps) {
  /** Plan ids by product, currency and interval, found or created once per process. */
  const plans = new Map<string, Promise<string>>();

  async function findOrCreatePlan(
    productId: string,
    terms: RecurringTerms,
    price: { currencyCode: string; value: string },
  ) {
    const name = planNameOf(terms, price.currencyCode);
    for (let page = 1; page <= 10; page++) {
      const { result } = await deps.call((s) => s.listBillingPlans({ productId, pageSize: 20, page }));
      const found = result.plans?.find((p) => p.name === name && p.status === 'ACTIVE');
      if (found?.id) return found.id;
      if ((result.plans?.length ?? 0) < 20) break;
    }
    const unit = terms.interval === 'year' ? IntervalUnit.Year : IntervalUnit.Month;
    const { result } = await deps.call((s) =>
      s.createBillingPlan({
        paypalRequestId: `tessera-plan-${productId}-${price.currencyCode}-${terms.interval}`,
        prefer: 'return=representation',
        body: {
          productId,
          name,
          billingCycles: [
            {
              tenureType: TenureType.Regular,
              sequence: 1,
              totalCycles: 0,
              frequency: { intervalUnit: unit, intervalCount: 1 },
              pricingScheme: { fixedPrice: price },
            },
          ],
          paymentPreferences: PAYMENT_PREFERENCES,
        },
      }),
    );
    if (!result.id) throw new Error('PayPal did not answer with a plan id.');
    return result.id;
  }

  function planFor(siteId: string, terms: RecurringTerms, price: { currencyCode: string; value: string }) {
    const productId = productIdOf(siteId, terms.productName);
    const key = `${productId}|${price.currencyCode}|${terms.interval}`;
    let plan = plans.get(key);
    if (!plan) {
      plan = ensureProduct(deps, productId, terms.productName).then(() => findOrCreatePlan(productId, terms, price));
      plans.set(key, plan);
      plan.catch(() => plans.delete(key));
    }
    return plan;
  }

  /** The completed payments of a subscription, oldest first (the transactions list of its whole life). */
  async function paymentsOf(subscription: Subscription): Promise<ProviderSubscriptionPayment[]> {
    if (!subscription.id || !subscription.billingInfo) return [];
    const from = new Date(
      new Date(subscription.createTime ?? subscription.startTime ?? Date.now()).getTime() - 86_400_000,
    );
    const { result } = await deps.call((s) =>
      s.listSubscriptionTransactions({
        id: subscription.id!,
        startTime: from.toISOString(),
        endTime: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const payments: ProviderSubscriptionPayment[] = [];
    for (const t of result.transactions ?? []) {
      const cents = fromPaypalAmount(t.amountWithBreakdown.grossAmount);
      if (!PAID.has(t.status ?? '') || cents === undefined) continue;
      payments.push({
        reference: t.id,
        amountCents: cents,
        currency: t.amountWithBreakdown.grossAmount.currencyCode,
        paidAt: t.time,
      });
    }
    return payments.sort((a, b) => (a.paidAt < b.paidAt ? -1 : a.paidAt > b.paidAt ? 1 : 0));
  }

  async function get(subscriptionId: string): Promise<ProviderSubscriptionState | undefined> {
    let subscription: Subscription;
    try {
      subscription = (await deps.call((s) => s.getSubscription({ id: subscriptionId }))).result;
    } catch (error) {
      if (isPaypalAnswer(error) && error.statusCode === 404) return undefined;
      throw error;
    }
    return {
      subscriptionId,
      status: STATUS[subscription.status ?? ''] ?? 'pending',
      orderId: subscription.customId,
      payments: await paymentsOf(subscription),
      ...(subscription.statusChangeNote ? { note: subscription.statusChangeNote } : {}),
    };
  }

  const api: ProviderSubscriptions = {
    get,
    async cancel(subscriptionId, reason) {
      try {
        await deps.call((s) => s.cancelSubscription({ id: subscriptionId, body: { reason: reason.slice(0, 128) } }));
        return { ok: true };
      } catch (error) {
        // Cancelled already, or never approved (nothing is ever charged then): nothing left to stop.
        if (paypalIssue(error) === 'SUBSCRIPTION_STATUS_INVALID') {
          const now = await get(subscriptionId).catch(() => undefined);
          if (now && now.status !== 'active' && now.status !== 'suspended') return { ok: true };
        }
        return { ok: false, message: paypalMessage(error) };
      }
    },
  };

  return {
    api,
    /** Opens a subscription for `request` (its amount is the price of every cycle); the payer approves it on PayPal. */
    async start(request: CreateSessionRequest & { recurring: RecurringTerms }): Promise<CreateSessionResult> {
      const amount = toPaypalAmount(request.amountCents, request.currency);
      if (!amount.ok) return amount;
      try {
        const planId = await planFor(request.siteId, request.recurring, amount.money);
        const { result } = await deps.call((s) =>
          s.createSubscription({
            paypalRequestId: request.idempotencyKey,
            prefer: 'return=representation',
            body: {
              planId,
              customId: request.orderId.slice(0, 127),
              plan: { billingCycles: [{ sequence: 1, pricingScheme: { fixedPrice: amount.money } }] },
              applicationContext: {
                shippingPreference: ExperienceContextShippingPreference.NoShipping,
                userAction: ApplicationContextUserAction.SubscribeNow,
                returnUrl: request.returnUrl,
                cancelUrl: request.cancelUrl,
              },
            },
          }),
        );
        const link = result.links?.find((l) => l.rel === 'approve');
        if (!result.id || !link) return { ok: false, message: 'PayPal did not answer with a page for the payer.' };
        return { ok: true, sessionId: result.id, redirectUrl: link.href };
      } catch (error) {
        return { ok: false, message: paypalMessage(error) };
      }
    },
    /** A subscription read as the session of the order it was opened for: paid once its first payment completed. */
    async session(subscriptionId: string): Promise<SessionState | undefined> {
      const state = await get(subscriptionId);
      return state ? sessionStateOfSubscription(state) : undefined;
    },
  };
}

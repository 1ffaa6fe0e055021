import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerClicks, type PaypalFake, startPaypalFake, paypalKeysOf } from '../../../../test/fakes/paypal-fake.js';
import type { CreateSessionRequest, HostedPaymentProvider } from '../hosted.js';
import { createPaypalProvider } from './provider.js';
import { hostedEventOf } from './webhook.js';

// Issue 23: PayPal renews recurring gifts itself (Subscriptions API). The adapter against the local
// fake: a product and a plan made once, a subscription per payer with its own price, read back as the
// order's session once its first payment completed, renewals in the transactions list, cancel.

let fake: PaypalFake;
let paypal: HostedPaymentProvider;

function monthly(amountCents: number, extra: Partial<CreateSessionRequest> = {}): CreateSessionRequest {
  const orderId = randomUUID().replaceAll('-', '').slice(0, 24);
  return {
    orderId,
    orderNumber: 1001,
    siteId: 'site-subscriptions',
    amountCents,
    currency: 'USD',
    customerEmail: 'donor@example.com',
    lineItems: [{ name: 'Monthly donation', quantity: 1, unitAmountCents: amountCents }],
    returnUrl: `https://shop.example/checkout/payments/paypal/return?order=${orderId}`,
    cancelUrl: `https://shop.example/checkout/payments/paypal/cancel?order=${orderId}`,
    expiresAt: new Date(Date.now() + 60 * 60_000),
    idempotencyKey: `tessera-order-${orderId}`,
    saveMethod: true,
    recurring: { interval: 'month', productName: 'Donations', planName: 'Monthly donation' },
    ...extra,
  };
}

beforeAll(async () => {
  fake = await startPaypalFake();
  paypal = createPaypalProvider(paypalKeysOf(fake));
});

afterAll(async () => {
  await fake.close();
});

describe('PayPal subscriptions', () => {
  it('makes the product and the plan once; each subscription carries its own price and the order id', async () => {
    const first = await paypal.createSession(monthly(1250));
    const second = await paypal.createSession(monthly(4000));
    if (!first.ok || !second.ok) throw new Error('not created');
    expect(first.sessionId).toMatch(/^I-[A-Z0-9]+$/);
    expect(first.redirectUrl).toMatch(new RegExp(`^${fake.url}/webapps/billing/subscriptions\\?ba_token=BA-`));
    expect(fake.requestsTo('POST', '/v1/catalogs/products')).toHaveLength(1);
    const plans = fake.requestsTo('POST', '/v1/billing/plans');
    expect(plans).toHaveLength(1);
    expect(plans[0]!.body).toMatchObject({
      name: 'Monthly donation (USD)',
      billing_cycles: [{ tenure_type: 'REGULAR', sequence: 1, total_cycles: 0, frequency: { interval_unit: 'MONTH' } }],
      payment_preferences: { payment_failure_threshold: 1, auto_bill_outstanding: false },
    });
    const created = fake.requestsTo('POST', '/v1/billing/subscriptions');
    expect(created.map((r) => r.body.plan.billing_cycles[0].pricing_scheme.fixed_price)).toEqual([
      { currency_code: 'USD', value: '12.50' },
      { currency_code: 'USD', value: '40.00' },
    ]);
    expect(created[0]!.requestId).toMatch(/^tessera-order-/);
    expect(created[0]!.body.application_context).toMatchObject({ shipping_preference: 'NO_SHIPPING' });
    // A yearly gift gets its own plan; a new adapter (a restart) finds the plans PayPal keeps.
    const again = createPaypalProvider(paypalKeysOf(fake));
    const yearly = await again.createSession(
      monthly(9900, { recurring: { interval: 'year', productName: 'Donations', planName: 'Yearly donation' } }),
    );
    const third = await again.createSession(monthly(700));
    expect(yearly.ok && third.ok).toBe(true);
    expect(fake.requestsTo('POST', '/v1/billing/plans').map((r) => r.body.name)).toEqual([
      'Monthly donation (USD)',
      'Yearly donation (USD)',
    ]);
  });

  it('reads a subscription as the session: open until approved, paid with its first sale, renewals listed', async () => {
    const request = monthly(1250);
    const created = await paypal.createSession(request);
    if (!created.ok) throw new Error(created.message);
    expect(await paypal.getSession(created.sessionId)).toMatchObject({ status: 'open', orderId: request.orderId });
    const back = await buyerClicks(created.redirectUrl, 'Approve');
    expect(back.searchParams.get('subscription_id')).toBe(created.sessionId);
    const paid = await paypal.getSession(created.sessionId);
    const firstSale = fake.subscriptions.find(created.sessionId).sales[0]!;
    expect(paid).toMatchObject({
      status: 'paid',
      orderId: request.orderId,
      amountCents: 1250,
      currency: 'USD',
      paymentReference: firstSale.id,
      savedReference: created.sessionId,
    });
    fake.bill(created.sessionId);
    const state = await paypal.subscriptions!.get(created.sessionId);
    expect(state).toMatchObject({ status: 'active', orderId: request.orderId });
    expect(state!.payments.map((p) => p.amountCents)).toEqual([1250, 1250]);
    expect(state!.payments[0]!.reference).toBe(firstSale.id);
    // The events PayPal sends, as the flow sees them.
    const events = fake.webhooks.sent.map((e) => hostedEventOf(JSON.parse(e.body)));
    expect(events.filter((e) => e.subscriptionId === created.sessionId).map((e) => e.type)).toEqual([
      'session.paid',
      'subscription.payment',
      'subscription.payment',
    ]);
  });

  it('a sale refunds through the captures API and is reported as a sale refund; cancel stops it once', async () => {
    const created = await paypal.createSession(monthly(2000));
    if (!created.ok) throw new Error(created.message);
    await buyerClicks(created.redirectUrl, 'Approve');
    const sale = fake.subscriptions.find(created.sessionId).sales[0]!;
    const refunded = await paypal.refund({
      paymentReference: sale.id,
      amountCents: 500,
      currency: 'USD',
      idempotencyKey: 'r-1',
    });
    expect(refunded.ok).toBe(true);
    const event = hostedEventOf(JSON.parse(fake.webhooks.sent.at(-1)!.body));
    expect(event).toMatchObject({
      type: 'refund.updated',
      refunds: [
        {
          reference: refunded.ok ? refunded.reference : '',
          paymentReference: sale.id,
          amountCents: 500,
          currency: 'USD',
        },
      ],
    });
    expect(await paypal.subscriptions!.cancel(created.sessionId, 'Cancelled by the donor.')).toEqual({ ok: true });
    // Again: PayPal refuses (already cancelled); the adapter reads it back and says it is stopped.
    expect(await paypal.subscriptions!.cancel(created.sessionId, 'Cancelled by the donor.')).toEqual({ ok: true });
    expect(fake.subscriptions.find(created.sessionId).status).toBe('CANCELLED');
    fake.failNextSubscriptionCancel = true;
    const other = await paypal.createSession(monthly(800));
    if (!other.ok) throw new Error(other.message);
    await buyerClicks(other.redirectUrl, 'Approve');
    const refused = await paypal.subscriptions!.cancel(other.sessionId, 'Cancelled by the donor.');
    expect(refused.ok).toBe(false);
    expect(fake.subscriptions.find(other.sessionId).status).toBe('ACTIVE');
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerClicks, type PaypalFake, startPaypalFake, paypalKeysOf } from '../../../../test/fakes/paypal-fake.js';
import type { CreateSessionRequest, HostedPaymentProvider } from '../hosted.js';
import { BAD_CREDENTIALS } from './errors.js';
import { createPaypalProvider, PAYPAL_RENEWALS_UNSUPPORTED } from './provider.js';

// Issue 17: the PayPal adapter against a local fake of PayPal's REST API (Orders v2, Payments, OAuth).

let fake: PaypalFake;
let paypal: HostedPaymentProvider;

function session(extra: Partial<CreateSessionRequest> = {}): CreateSessionRequest {
  const orderId = randomUUID();
  return {
    orderId,
    orderNumber: 1042,
    siteId: 'site-1',
    amountCents: 3000,
    currency: 'USD',
    customerEmail: 'buyer@example.com',
    lineItems: [
      { name: 'Sticker pack', quantity: 2, unitAmountCents: 1250 },
      { name: 'Postcard', quantity: 1, unitAmountCents: 500 },
    ],
    returnUrl: `https://shop.example/checkout/return?order=${orderId}`,
    cancelUrl: `https://shop.example/checkout/cancel?order=${orderId}`,
    expiresAt: new Date(Date.now() + 30 * 60_000),
    idempotencyKey: `order-${orderId}`,
    saveMethod: false,
    ...extra,
  };
}

function providerFor(overrides: { clientSecret?: string; webhookId?: string } = {}) {
  return createPaypalProvider(paypalKeysOf(fake, overrides));
}

beforeAll(async () => {
  fake = await startPaypalFake();
  paypal = providerFor();
});

afterAll(async () => {
  await fake.close();
});

describe('PayPal provider', () => {
  it('creates an order, the buyer approves it on PayPal, Tessera captures it and refunds part of it', async () => {
    const request = session();
    const created = await paypal.createSession(request);
    if (!created.ok) throw new Error(created.message);
    expect(created.redirectUrl).toBe(`${fake.url}/checkoutnow?token=${created.sessionId}`);

    const [sent] = fake.requestsTo('POST', '/v2/checkout/orders');
    expect(sent.requestId).toBe(request.idempotencyKey);
    expect(sent.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent.body.intent).toBe('CAPTURE');
    const unit = sent.body.purchase_units[0];
    expect(unit.custom_id).toBe(request.orderId);
    expect(unit.amount).toEqual({
      currency_code: 'USD',
      value: '30.00',
      breakdown: { item_total: { currency_code: 'USD', value: '30.00' } },
    });
    expect(unit.items[0]).toEqual({
      name: 'Sticker pack',
      quantity: '2',
      unit_amount: { currency_code: 'USD', value: '12.50' },
    });
    expect(sent.body.payment_source.paypal.experience_context.return_url).toBe(request.returnUrl);

    expect(await paypal.getSession(created.sessionId)).toMatchObject({
      status: 'open',
      orderId: request.orderId,
      amountCents: 3000,
      currency: 'USD',
    });

    const back = await buyerClicks(created.redirectUrl, 'Approve');
    expect(back.origin + back.pathname).toBe('https://shop.example/checkout/return');
    expect(back.searchParams.get('token')).toBe(created.sessionId);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]+$/);
    expect((await paypal.getSession(created.sessionId))?.status).toBe('approved');

    const captured = await paypal.capture(created.sessionId, `capture-${request.orderId}`);
    if (!captured.ok) throw new Error(captured.message);
    expect(captured.state).toMatchObject({ status: 'paid', orderId: request.orderId, amountCents: 3000 });
    const captureId = captured.state.paymentReference;
    expect(captureId).toBeTruthy();
    expect(fake.requestsTo('POST', `/v2/checkout/orders/${created.sessionId}/capture`)[0].requestId).toBe(
      `capture-${request.orderId}`,
    );

    // Capturing again (the return page and the webhook both asked) changes nothing and answers the same capture.
    const again = await paypal.capture(created.sessionId, `capture-${request.orderId}-retry`);
    expect(again.ok && again.state.paymentReference).toBe(captureId);
    expect(fake.orders.get(created.sessionId)?.capture?.id).toBe(captureId);

    const partial = await paypal.refund({
      paymentReference: captureId!,
      amountCents: 1000,
      currency: 'USD',
      idempotencyKey: 'refund-1',
    });
    expect(partial.ok).toBe(true);
    const refundCall = fake.requestsTo('POST', `/v2/payments/captures/${captureId}/refund`)[0];
    expect(refundCall.body).toEqual({ amount: { currency_code: 'USD', value: '10.00' } });
    expect(refundCall.requestId).toBe('refund-1');
    const replay = await paypal.refund({
      paymentReference: captureId!,
      amountCents: 1000,
      currency: 'USD',
      idempotencyKey: 'refund-1',
    });
    expect(replay).toEqual(partial);

    const tooMuch = await paypal.refund({
      paymentReference: captureId!,
      amountCents: 2500,
      currency: 'USD',
      idempotencyKey: 'refund-2',
    });
    expect(tooMuch).toEqual({ ok: false, message: expect.stringContaining('REFUND_AMOUNT_EXCEEDED') });
    const rest = await paypal.refund({
      paymentReference: captureId!,
      amountCents: 2000,
      currency: 'USD',
      idempotencyKey: 'refund-3',
    });
    expect(rest.ok).toBe(true);
    expect(fake.orders.get(created.sessionId)?.capture).toMatchObject({ status: 'REFUNDED', refundedMinor: 3000 });
    expect((await paypal.getSession(created.sessionId))?.status).toBe('paid');
  });

  it('sends the buyer back to the cancel URL and refuses to capture an order nobody approved', async () => {
    const request = session();
    const created = await paypal.createSession(request);
    if (!created.ok) throw new Error(created.message);
    const back = await buyerClicks(created.redirectUrl, 'Cancel');
    expect(back.origin + back.pathname).toBe('https://shop.example/checkout/cancel');
    const captured = await paypal.capture(created.sessionId, `capture-${request.orderId}`);
    expect(captured).toEqual({ ok: false, message: expect.stringContaining('ORDER_NOT_APPROVED') });
    expect(await paypal.getSession('NO-SUCH-ORDER')).toBeUndefined();
  });

  it('answers a declined capture with PayPal\u2019s reason', async () => {
    const created = await paypal.createSession(session());
    if (!created.ok) throw new Error(created.message);
    await buyerClicks(created.redirectUrl, 'Approve');
    fake.declineNextCapture = true;
    const captured = await paypal.capture(created.sessionId, randomUUID());
    expect(captured).toEqual({ ok: false, message: expect.stringContaining('INSTRUMENT_DECLINED') });
  });

  it('opens one PayPal order for a retried create with the same request id', async () => {
    const request = session();
    const before = fake.orders.size;
    const first = await paypal.createSession(request);
    const second = await paypal.createSession(request);
    expect(first.ok && second.ok).toBe(true);
    expect(first).toEqual(second);
    expect(fake.orders.size).toBe(before + 1);
    const calls = fake.requestsTo('POST', '/v2/checkout/orders').filter((r) => r.requestId === request.idempotencyKey);
    expect(calls).toHaveLength(2);
  });

  it('sends yen without decimals and leaves items out when they do not add up to the total', async () => {
    const yen = session({
      currency: 'JPY',
      amountCents: 1500,
      lineItems: [{ name: 'Tenugui', quantity: 3, unitAmountCents: 500 }],
    });
    const created = await paypal.createSession(yen);
    expect(created.ok).toBe(true);
    const yenCall = fake.requestsTo('POST', '/v2/checkout/orders').find((r) => r.requestId === yen.idempotencyKey)!;
    expect(yenCall.body.purchase_units[0].amount.value).toBe('1500');
    expect(yenCall.body.purchase_units[0].items[0].unit_amount).toEqual({ currency_code: 'JPY', value: '500' });
    if (created.ok)
      expect(await paypal.getSession(created.sessionId)).toMatchObject({ amountCents: 1500, currency: 'JPY' });

    const withShipping = session({ amountCents: 3599 }); // items 30.00 + shipping and tax the contract does not itemise
    expect((await paypal.createSession(withShipping)).ok).toBe(true);
    const call = fake
      .requestsTo('POST', '/v2/checkout/orders')
      .find((r) => r.requestId === withShipping.idempotencyKey)!;
    expect(call.body.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '35.99' });
    expect(call.body.purchase_units[0].items).toBeUndefined();
  });

  it('says clearly when PayPal refuses the client ID and secret', async () => {
    const wrong = providerFor({ clientSecret: 'not-the-secret' });
    expect(await wrong.checkCredentials()).toEqual({ ok: false, message: BAD_CREDENTIALS });
    expect(await wrong.createSession(session())).toEqual({ ok: false, message: BAD_CREDENTIALS });
    expect(await paypal.checkCredentials()).toEqual({ ok: true, mode: 'test' });
  });

  it('recovers after a failed token request instead of failing every later call', async () => {
    const fresh = providerFor();
    fake.failNextToken = true;
    const during = await fresh.createSession(session());
    expect(during.ok).toBe(false);
    expect((await fresh.createSession(session())).ok).toBe(true);
  });

  it('declines renewals, which need vaulting PayPal is not set up for', async () => {
    const charge = await paypal.chargeOffSession({
      savedReference: 'x',
      amountCents: 100,
      currency: 'USD',
      orderId: 'o',
      idempotencyKey: 'k',
    });
    expect(charge).toEqual({ status: 'declined', message: PAYPAL_RENEWALS_UNSUPPORTED });
  });
});

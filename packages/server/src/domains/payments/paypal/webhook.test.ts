import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerClicks, type PaypalFake, startPaypalFake, paypalKeysOf } from '../../../../test/fakes/paypal-fake.js';
import type { HostedPaymentProvider } from '../hosted.js';
import { createPaypalProvider } from './provider.js';
import { hostedEventOf } from './webhook.js';

// Issue 17: PayPal webhooks are trusted only after PayPal's verify-webhook-signature API says SUCCESS.

let fake: PaypalFake;
let paypal: HostedPaymentProvider;
let sessionId: string;

beforeAll(async () => {
  fake = await startPaypalFake();
  paypal = createPaypalProvider(paypalKeysOf(fake));
  const orderId = randomUUID();
  const created = await paypal.createSession({
    orderId,
    orderNumber: 7,
    siteId: 'site-1',
    amountCents: 1999,
    currency: 'EUR',
    customerEmail: 'buyer@example.com',
    lineItems: [{ name: 'Mug', quantity: 1, unitAmountCents: 1999 }],
    returnUrl: 'https://shop.example/return',
    cancelUrl: 'https://shop.example/cancel',
    expiresAt: new Date(Date.now() + 30 * 60_000),
    idempotencyKey: orderId,
    saveMethod: false,
  });
  if (!created.ok) throw new Error(created.message);
  sessionId = created.sessionId;
  await buyerClicks(created.redirectUrl, 'Approve');
  const captured = await paypal.capture(sessionId, `capture-${orderId}`);
  if (!captured.ok) throw new Error(captured.message);
});

afterAll(async () => {
  await fake.close();
});

function sentEvent(type: string) {
  const event = fake.webhooks.sent.find((e) => e.eventType === type);
  if (!event) throw new Error(`The fake sent no ${type}`);
  return event;
}

describe('PayPal webhook verification', () => {
  it('accepts the approval and capture events PayPal sent, and names their order', async () => {
    const approved = sentEvent('CHECKOUT.ORDER.APPROVED');
    expect(await paypal.verifyWebhook(Buffer.from(approved.body), approved.headers)).toEqual({
      ok: true,
      event: { eventId: approved.eventId, type: 'session.approved', sessionId },
    });
    const captured = sentEvent('PAYMENT.CAPTURE.COMPLETED');
    expect(await paypal.verifyWebhook(Buffer.from(captured.body), captured.headers)).toEqual({
      ok: true,
      event: { eventId: captured.eventId, type: 'session.paid', sessionId },
    });
    const [call] = fake.requestsTo('POST', '/v1/notifications/verify-webhook-signature');
    expect(call.body).toMatchObject({ webhook_id: fake.webhookId, transmission_id: approved.transmissionId });
    expect(call.headers.authorization).toMatch(/^Bearer /);
  });

  it('rejects a forged event that reuses a genuine event\u2019s signature headers', async () => {
    const captured = sentEvent('PAYMENT.CAPTURE.COMPLETED');
    const forged = captured.body.replace('"19.99"', '"0.01"');
    expect(forged).not.toBe(captured.body);
    const answer = await paypal.verifyWebhook(Buffer.from(forged), captured.headers);
    expect(answer).toEqual({ ok: false, message: 'The PayPal webhook signature is not valid.' });
  });

  it('rejects an event with made-up signature headers, missing headers, or for another webhook', async () => {
    const captured = sentEvent('PAYMENT.CAPTURE.COMPLETED');
    const madeUp = { ...captured.headers, 'paypal-transmission-id': randomUUID() };
    expect((await paypal.verifyWebhook(Buffer.from(captured.body), madeUp)).ok).toBe(false);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = captured.headers;
    expect(await paypal.verifyWebhook(Buffer.from(captured.body), unsigned)).toEqual({
      ok: false,
      message: 'The PayPal signature headers are missing.',
    });
    expect((await paypal.verifyWebhook(Buffer.from('not json'), captured.headers)).ok).toBe(false);
    const other = createPaypalProvider(paypalKeysOf(fake, { webhookId: 'WH-SOMEONE-ELSE' }));
    expect((await other.verifyWebhook(Buffer.from(captured.body), captured.headers)).ok).toBe(false);
  });

  it('maps PayPal event types to the flow\u2019s events', () => {
    const capture = (type: string) =>
      hostedEventOf({
        id: 'WH-1',
        event_type: type,
        resource: { id: 'CAP', supplementary_data: { related_ids: { order_id: 'ORD' } } },
      });
    expect(capture('PAYMENT.CAPTURE.DENIED')).toEqual({ eventId: 'WH-1', type: 'payment.failed', sessionId: 'ORD' });
    expect(capture('PAYMENT.CAPTURE.REFUNDED').type).toBe('refund.updated');
    expect(hostedEventOf({ id: 'WH-2', event_type: 'CHECKOUT.ORDER.VOIDED', resource: { id: 'ORD' } })).toEqual({
      eventId: 'WH-2',
      type: 'session.expired',
      sessionId: 'ORD',
    });
    expect(capture('BILLING.SUBSCRIPTION.CREATED').type).toBe('other');
  });
});

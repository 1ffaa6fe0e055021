import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireStockHolds } from '../../checkout/stock-holds.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { buyerClicks, type PaypalFake, startPaypalFake, paypalKeysOf } from '../../../../test/fakes/paypal-fake.js';
import {
  followBack,
  mailTo,
  orderRow,
  SKU,
  sessionRow,
  setStock,
  stockOf,
} from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { MANY_ORDERS } from '../../../../test/checkout-helpers.js';

// Issue 17: an order paid with PayPal (Orders v2). The buyer approves on PayPal's page, Tessera
// captures once — whether the buyer's return or the CHECKOUT.ORDER.APPROVED webhook comes first —
// and duplicated webhooks change nothing.

const ADDRESS = { line1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };

async function startWithPaypal(dialect: (typeof DIALECTS)[number]) {
  const fake = await startPaypalFake();
  const server = await startTestServer({
    dialect,
    config: {
      ...MANY_ORDERS,
      paypal: paypalKeysOf(fake),
    },
  });
  fake.webhooks.url = `${server.url}/api/payments/paypal/webhook`;
  return { server, fake };
}

async function placePaypalOrder(server: TestServer, fake: PaypalFake, quantity: number, email: string) {
  const visitor = Visitor.of(server);
  expect((await addToCart(server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity })).status).toBe(200);
  const placed = await visitor.post('/api/checkout/orders', {
    idempotencyKey: randomUUID(),
    email,
    name: 'PayPal Buyer',
    ...ADDRESS,
    paymentMethod: 'paypal',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.order).toMatchObject({ status: 'received', paymentStatus: 'pending' });
  const redirect = new URL(String(placed.body.redirect));
  expect(redirect.origin + redirect.pathname).toBe(`${fake.url}/checkoutnow`);
  return {
    visitor,
    orderId: String(placed.body.order.id),
    orderNumber: Number(placed.body.order.orderNumber),
    paypalOrderId: redirect.searchParams.get('token')!,
    redirect: redirect.toString(),
  };
}

for (const dialect of DIALECTS) {
  describe(`PayPal hosted payments (${dialect})`, () => {
    let server: TestServer;
    let fake: PaypalFake;

    beforeAll(async () => {
      ({ server, fake } = await startWithPaypal(dialect));
      await setStock(server, 50);
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('creates one PayPal order with the amount as a decimal string, the currency and the order id', async () => {
      const placed = await placePaypalOrder(server, fake, 2, 'amounts@example.com');
      const order = await orderRow(server, placed.orderId);
      const created = fake
        .requestsTo('POST', '/v2/checkout/orders')
        .filter((r) => r.body.purchase_units[0].custom_id === placed.orderId);
      expect(created).toHaveLength(1);
      expect(created[0].requestId).toBe(`tessera-order-${placed.orderId}`);
      const cents = order.amount_due_cents;
      expect(created[0].body.purchase_units[0].amount).toMatchObject({
        currency_code: 'USD',
        value: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      });
      expect((await sessionRow(server, placed.orderId)).session_id).toBe(placed.paypalOrderId);
      expect(await mailTo(server, 'amounts@example.com')).toEqual([]);
    });

    it('approve, return: captured once, confirmed; the webhooks that follow and their duplicates change nothing', async () => {
      const placed = await placePaypalOrder(server, fake, 1, 'return-first@example.com');
      const back = await buyerClicks(placed.redirect, 'Approve');
      expect(back.searchParams.get('token')).toBe(placed.paypalOrderId);
      const returned = await followBack(placed.visitor, back.toString());
      expect(returned.status).toBe(303);
      expect(returned.headers.get('location')).toBe(`/checkout/order-confirmed/${placed.orderId}`);
      const paid = await orderRow(server, placed.orderId);
      expect(paid).toMatchObject({ status: 'confirmed', payment_status: 'paid', stock_held_until: null });
      const captureId = fake.orders.get(placed.paypalOrderId)?.capture?.id;
      expect(captureId).toBeTruthy();
      const payments = await server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', placed.orderId)
        .execute();
      expect(payments).toMatchObject([
        { provider: 'paypal', kind: 'charge', status: 'succeeded', reference: captureId },
      ]);

      // PayPal's CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED arrive after the return, then again.
      expect(await fake.webhooks.deliverPending()).toEqual([200, 200]);
      const events = fake.webhooks.sent.filter((e) => e.body.includes(placed.paypalOrderId));
      expect(await Promise.all(events.map((e) => fake.webhooks.deliver(e)))).toEqual(events.map(() => 200));
      expect(await orderRow(server, placed.orderId)).toEqual(paid);
      const captures = fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`);
      expect(captures).toHaveLength(1);
      const stored = await server.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('provider', '=', 'paypal')
        .where(
          'event_id',
          'in',
          events.map((e) => e.eventId),
        )
        .execute();
      expect(stored).toHaveLength(events.length);
      expect((await mailTo(server, 'return-first@example.com')).map((m) => m.subject)).toEqual([
        `Order confirmed: #${placed.orderNumber}`,
      ]);
    });

    it('webhook and return at once: the approval webhook and the return both capture with one request id; one payment', async () => {
      const placed = await placePaypalOrder(server, fake, 1, 'racing@example.com');
      const back = await buyerClicks(placed.redirect, 'Approve');
      const approved = fake.webhooks.sent.find(
        (e) => e.eventType === 'CHECKOUT.ORDER.APPROVED' && e.body.includes(placed.paypalOrderId),
      )!;
      const [status, returned] = await Promise.all([
        fake.webhooks.deliver(approved),
        followBack(placed.visitor, back.toString()),
      ]);
      expect([status, returned.status]).toEqual([200, 303]);
      expect(await orderRow(server, placed.orderId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      const captures = fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`);
      expect(new Set(captures.map((c) => c.requestId))).toEqual(new Set([`tessera-capture-${placed.orderId}`]));
      expect(
        fake.webhooks.sent.filter(
          (e) => e.eventType === 'PAYMENT.CAPTURE.COMPLETED' && e.body.includes(placed.paypalOrderId),
        ),
      ).toHaveLength(1);
      await fake.webhooks.deliverPending();
      expect((await mailTo(server, 'racing@example.com')).map((m) => m.subject)).toEqual([
        `Order confirmed: #${placed.orderNumber}`,
      ]);
    });

    it('the approval webhook alone captures and confirms an order whose buyer never came back', async () => {
      const placed = await placePaypalOrder(server, fake, 1, 'tab-closed@example.com');
      await buyerClicks(placed.redirect, 'Approve');
      await fake.webhooks.deliverPending();
      expect(await orderRow(server, placed.orderId)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      await fake.webhooks.deliverPending(); // the capture event the capture caused
      expect(fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`)).toHaveLength(1);
    });

    it('a forged or unsigned webhook answers 400 and changes nothing', async () => {
      const placed = await placePaypalOrder(server, fake, 1, 'forged@example.com');
      await buyerClicks(placed.redirect, 'Approve');
      const approved = fake.webhooks.sent.find(
        (e) => e.eventType === 'CHECKOUT.ORDER.APPROVED' && e.body.includes(placed.paypalOrderId),
      )!;
      const forgedBody = approved.body.replace(approved.eventId, 'WH-FORGED-1');
      const visitor = new Visitor(server.url, null);
      for (const headers of [approved.headers, {}]) {
        const answer = await visitor.post('/api/payments/paypal/webhook', forgedBody, {
          contentType: 'application/json',
          crumb: false,
          headers: { ...headers },
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: 'bad-signature' });
      }
      expect(await orderRow(server, placed.orderId)).toMatchObject({ payment_status: 'pending' });
      expect(fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`)).toHaveLength(0);
      const events = await server.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', '=', 'WH-FORGED-1')
        .execute();
      expect(events).toEqual([]);
      fake.webhooks.sent.splice(fake.webhooks.sent.indexOf(approved), 1); // not delivered by later tests
    });

    it('refunds part, then the rest, from the Orders panel through PayPal against the capture', async () => {
      const placed = await placePaypalOrder(server, fake, 2, 'refund@example.com');
      await followBack(placed.visitor, (await buyerClicks(placed.redirect, 'Approve')).toString());
      const due = (await orderRow(server, placed.orderId)).amount_due_cents;
      const captureId = fake.orders.get(placed.paypalOrderId)?.capture?.id;
      const manager = await ownerSession(server, OWNERS.storeManager);
      const part = await manager.post(`/api/config/orders/${placed.orderId}/refund`, { amountCents: 150 });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(part.body).toMatchObject({ ok: true, provider: 'paypal', amountCents: 150, refundedCents: 150 });
      const [call] = fake.requestsTo('POST', `/v2/payments/captures/${captureId}/refund`);
      expect(call.body).toEqual({ amount: { currency_code: 'USD', value: '1.50' } });
      expect(call.requestId).toBeTruthy();
      const rest = await manager.post(`/api/config/orders/${placed.orderId}/refund`, {});
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.amountCents).toBe(due - 150);
      expect(fake.orders.get(placed.paypalOrderId)?.capture).toMatchObject({ status: 'REFUNDED', refundedMinor: due });
      const refunds = await server.db
        .selectFrom('payments')
        .select(['provider', 'reference', 'amount_cents'])
        .where('order_id', '=', placed.orderId)
        .where('kind', '=', 'refund')
        .orderBy('created_at')
        .execute();
      expect(refunds.map((r) => [r.provider, r.amount_cents])).toEqual([
        ['paypal', 150],
        ['paypal', due - 150],
      ]);
      expect(refunds.every((r) => /^[A-Z0-9]{17}$/.test(r.reference))).toBe(true);
    });

    it('an approval that comes after the hold expired is never captured: nothing to refund', async () => {
      await setStock(server, 1);
      const placed = await placePaypalOrder(server, fake, 1, 'late-paypal@example.com');
      const order = await orderRow(server, placed.orderId);
      await expireStockHolds(server.db, new Date(new Date(order.stock_held_until!).getTime() + 60_000));
      await setStock(server, 1); // (the sweep also released earlier tests' unpaid orders)
      await placePaypalOrder(server, fake, 1, 'someone-else@example.com'); // the last unit goes to another buyer
      expect(await stockOf(server)).toBe(0);
      const back = await buyerClicks(placed.redirect, 'Approve');
      const answers = await Promise.all([
        followBack(placed.visitor, back.toString()).then((a) => a.status),
        fake.webhooks.deliverPending(),
      ]);
      expect(answers[0]).toBe(303);
      await fake.webhooks.deliverPending();
      expect(fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`)).toHaveLength(0);
      expect(fake.orders.get(placed.paypalOrderId)).toMatchObject({ status: 'APPROVED' });
      expect(fake.orders.get(placed.paypalOrderId)?.capture).toBeUndefined();
      expect(await orderRow(server, placed.orderId)).toMatchObject({
        status: 'cancelled',
        payment_status: 'expired',
        refunded_cents: 0,
      });
      expect(await stockOf(server)).toBe(0);
      const mail = await mailTo(server, 'late-paypal@example.com');
      expect(mail).toEqual([]); // no refund and no confirmation (the sweep job, not run here, mails the expiry)
      const page = await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`);
      expect(String(page.body)).toContain('because its payment did not arrive in time');
    });

    it('a capture PayPal denies releases the order and its stock once, and the buyer is told', async () => {
      await setStock(server, 4);
      const placed = await placePaypalOrder(server, fake, 2, 'denied@example.com');
      expect(await stockOf(server)).toBe(2);
      fake.denyNextCapture = true;
      const back = await buyerClicks(placed.redirect, 'Approve');
      // The return captures (denied); the approval webhook and PAYMENT.CAPTURE.DENIED follow, twice.
      expect((await followBack(placed.visitor, back.toString())).status).toBe(303);
      await fake.webhooks.deliverPending();
      const events = fake.webhooks.sent.filter((e) => e.body.includes(placed.paypalOrderId));
      expect(events.map((e) => e.eventType)).toContain('PAYMENT.CAPTURE.DENIED');
      await Promise.all(events.map((e) => fake.webhooks.deliver(e)));
      expect(await orderRow(server, placed.orderId)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
      expect((await sessionRow(server, placed.orderId)).status).toBe('failed');
      expect(await stockOf(server)).toBe(4);
      expect(fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`)).toHaveLength(1);
      const mail = await mailTo(server, 'denied@example.com');
      expect(mail.map((m) => m.subject)).toEqual([`Payment failed: order #${placed.orderNumber}`]);
      const page = await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`);
      expect(String(page.body)).toContain('This order was cancelled because its payment did not go through.');
    });

    it('cancel on PayPal releases the stock once and never captures', async () => {
      await setStock(server, 5);
      const placed = await placePaypalOrder(server, fake, 2, 'cancel@example.com');
      expect(await stockOf(server)).toBe(3);
      const back = await buyerClicks(placed.redirect, 'Cancel');
      const answer = await followBack(placed.visitor, back.toString());
      expect(answer.headers.get('location')).toMatch(/^\/checkout\?error=Payment%20was%20cancelled/);
      await followBack(placed.visitor, back.toString());
      expect(await stockOf(server)).toBe(5);
      expect(await orderRow(server, placed.orderId)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
      expect(fake.requestsTo('POST', `/v2/checkout/orders/${placed.paypalOrderId}/capture`)).toHaveLength(0);
      const page = await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`);
      expect(String(page.body)).toContain('This order was cancelled because you cancelled the payment.');
      expect(String(page.body)).not.toContain('did not arrive in time');
    });
  });
}

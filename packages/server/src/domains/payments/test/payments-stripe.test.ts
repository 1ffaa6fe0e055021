import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import {
  followBack,
  mailTo,
  orderRow,
  placeStripeOrder,
  sessionRow,
  setStock,
  stockOf,
  stripeOrderBody,
  stripeSuite,
} from '../../../../test/payments-stripe-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 17: an order paid on Stripe's hosted page. The fake records what Tessera asked of Stripe;
// the webhook and the buyer's return both settle the order, once, whichever comes first.

for (const dialect of DIALECTS) {
  describe(`Stripe hosted payments (${dialect})`, () => {
    const suite = stripeSuite(dialect);

    it('opens one Checkout Session per order with the amount in minor units, the currency, the order id and a key from it', async () => {
      await setStock(suite.server, 20);
      const placed = await placeStripeOrder(suite.server, suite.fake, 2);
      const order = await orderRow(suite.server, placed.orderId);
      expect(order).toMatchObject({ status: 'received', payment_status: 'pending', subscription_id: null });
      expect(await stockOf(suite.server)).toBe(18);
      const created = suite.fake
        .requestsTo('/v1/checkout/sessions')
        .filter((r) => r.body.metadata?.order_id === placed.orderId);
      expect(created).toHaveLength(1);
      const [request] = created;
      expect(request!.idempotencyKey).toBe(`tessera-order-${placed.orderId}`);
      expect(request!.body.line_items[0].price_data).toMatchObject({
        currency: 'usd',
        unit_amount: String(order.amount_due_cents),
      });
      expect(request!.body.client_reference_id).toBe(placed.orderId);
      // The session ends with the stock hold (at least Stripe's 30 minutes).
      const heldUntil = new Date(order.stock_held_until!).getTime();
      expect(Number(request!.body.expires_at)).toBe(Math.floor(heldUntil / 1000));
      expect(heldUntil - new Date(order.created_at).getTime()).toBeGreaterThanOrEqual(30 * 60_000);
      expect((await sessionRow(suite.server, placed.orderId)).session_id).toBe(placed.sessionId);
      // No confirmation, gift card or anything else before the money arrives.
      expect(await mailTo(suite.server, 'card-buyer@example.com')).toEqual([]);
    });

    it('webhook before return: the webhook settles the order; the return shows it confirmed; the mail goes once', async () => {
      const placed = await placeStripeOrder(suite.server, suite.fake, 1, { email: 'webhook-first@example.com' });
      suite.fake.webhookTiming = 'before-redirect';
      await suite.fake.pay(placed.sessionId);
      expect(suite.fake.delivered.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
      const paid = await orderRow(suite.server, placed.orderId);
      expect(paid).toMatchObject({ status: 'confirmed', payment_status: 'paid', stock_held_until: null });
      const back = await followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.success_url);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`/checkout/order-confirmed/${placed.orderId}`);
      const page = await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`);
      expect(String(page.body)).toContain('Order confirmed');
      const mail = await mailTo(suite.server, 'webhook-first@example.com');
      expect(mail.map((m) => m.subject)).toEqual([`Order confirmed: #${placed.orderNumber}`]);
      const payments = await suite.server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', placed.orderId)
        .execute();
      expect(payments).toMatchObject([{ provider: 'stripe', kind: 'charge', status: 'succeeded' }]);
      expect(payments[0]!.reference).toMatch(/^pi_/);
    });

    it('return before webhook: the return asks Stripe and settles; the late webhook changes nothing', async () => {
      const placed = await placeStripeOrder(suite.server, suite.fake, 1, { email: 'return-first@example.com' });
      suite.fake.webhookTiming = 'held';
      await suite.fake.pay(placed.sessionId);
      expect((await orderRow(suite.server, placed.orderId)).payment_status).toBe('pending');
      await followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.success_url);
      const settled = await orderRow(suite.server, placed.orderId);
      expect(settled).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      await suite.fake.flushWebhooks();
      suite.fake.webhookTiming = 'before-redirect';
      expect(suite.fake.delivered.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
      expect(await orderRow(suite.server, placed.orderId)).toEqual(settled);
      expect((await mailTo(suite.server, 'return-first@example.com')).map((m) => m.subject)).toEqual([
        `Order confirmed: #${placed.orderNumber}`,
      ]);
    });

    it('a bad signature answers 400 and changes nothing', async () => {
      const placed = await placeStripeOrder(suite.server, suite.fake, 1);
      const session = suite.fake.sessions.get(placed.sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      const payload = JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: session },
      });
      const visitor = new Visitor(suite.server.url, null);
      for (const signature of [
        undefined,
        't=1,v1=deadbeef',
        `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      ]) {
        const answer = await visitor.post('/api/payments/stripe/webhook', payload, {
          contentType: 'application/json',
          crumb: false,
          headers: signature ? { 'stripe-signature': signature } : {},
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ error: 'bad-signature' });
      }
      expect((await orderRow(suite.server, placed.orderId)).payment_status).toBe('pending');
      const events = await suite.server.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', '=', 'evt_forged')
        .execute();
      expect(events).toEqual([]);
      Object.assign(session, { status: 'open', payment_status: 'unpaid' });
    });

    it('duplicated and reordered events give the same final state, each event processed once', async () => {
      const placed = await placeStripeOrder(suite.server, suite.fake, 1, { email: 'reordered@example.com' });
      suite.fake.webhookTiming = 'held';
      await suite.fake.pay(placed.sessionId);
      // An "expired" event for the same session arrives first (out of order): Stripe says paid, so nothing is released.
      expect(await suite.fake.sendEvent('checkout.session.expired', placed.sessionId, 'evt_reorder_1')).toBe(200);
      await suite.fake.flushWebhooks();
      suite.fake.webhookTiming = 'before-redirect';
      const first = await orderRow(suite.server, placed.orderId);
      expect(first).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      const answers = await Promise.all([
        suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_dup_1'),
        suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_dup_1'),
        suite.fake.sendEvent('checkout.session.expired', placed.sessionId, 'evt_reorder_1'),
        followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.success_url).then((a) => a.status),
      ]);
      expect(answers).toEqual([200, 200, 200, 303]);
      expect(await orderRow(suite.server, placed.orderId)).toEqual(first);
      const events = await suite.server.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', 'in', ['evt_dup_1', 'evt_reorder_1'])
        .execute();
      expect(events).toHaveLength(2);
      expect((await mailTo(suite.server, 'reordered@example.com')).map((m) => m.subject)).toEqual([
        `Order confirmed: #${placed.orderNumber}`,
      ]);
    });

    it('cancel on the hosted page stops the session, releases the stock once and gives the cart back', async () => {
      await setStock(suite.server, 5);
      const placed = await placeStripeOrder(suite.server, suite.fake, 2);
      expect(await stockOf(suite.server)).toBe(3);
      const back = await followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.cancel_url);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toMatch(/^\/checkout\?error=Payment%20was%20cancelled/);
      expect(suite.fake.sessions.get(placed.sessionId)!.status).toBe('expired');
      expect(await stockOf(suite.server)).toBe(5);
      expect(await orderRow(suite.server, placed.orderId)).toMatchObject({
        status: 'cancelled',
        payment_status: 'expired',
      });
      // Again (a reload) and Stripe's expiry event: nothing more comes back.
      await followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.cancel_url);
      expect(await suite.fake.sendEvent('checkout.session.expired', placed.sessionId)).toBe(200);
      expect(await stockOf(suite.server)).toBe(5);
      // The cart can be bought again.
      const again = await placed.visitor.post('/api/checkout/orders', stripeOrderBody());
      expect(again.status).toBe(201);
      expect(await stockOf(suite.server)).toBe(3);
    });

    it('a session Stripe refuses to open cancels the order and returns its stock exactly once', async () => {
      await setStock(suite.server, 4);
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 3 });
      suite.fake.failSessions = 'Stripe is having a bad day.';
      const body = stripeOrderBody();
      const [one, two] = await Promise.all([
        visitor.post('/api/checkout/orders', body),
        visitor.post('/api/checkout/orders', body),
      ]);
      suite.fake.failSessions = undefined;
      for (const answer of [one, two]) {
        expect([402, 200]).toContain(answer.status);
      }
      expect([one, two].some((a) => a.status === 402 && a.body.error === 'payment-unavailable')).toBe(true);
      expect(await stockOf(suite.server)).toBe(4);
      const orders = await suite.server.db
        .selectFrom('orders')
        .selectAll()
        .where('cart_id', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .execute();
      expect(orders[0]).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    });

    it('refuses Stripe when it is not connected, and test cards while the Stripe key is live', async () => {
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
      const paypal = await visitor.post('/api/checkout/orders', stripeOrderBody({ paymentMethod: 'paypal' }));
      expect(paypal.status).toBe(402);
      expect(paypal.body.message).toContain('not available');
      // Test cards still work beside a test-mode Stripe key.
      const card = await visitor.post(
        '/api/checkout/orders',
        stripeOrderBody({ paymentMethod: 'card', cardNumber: '4242424242424242' }),
      );
      expect(card.status).toBe(201);
    });
  });
}

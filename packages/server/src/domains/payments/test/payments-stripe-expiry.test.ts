import { CHECKOUT_MESSAGES } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { expireStockHolds } from '../../checkout/stock-holds.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { addToCart, itemIdOf } from '../../../../test/cart-helpers.js';
import {
  followBack,
  MINUTE,
  mailTo,
  orderRow,
  placeStripeOrder,
  SKU,
  sessionRow,
  setStock,
  stockOf,
  stripeOrderBody,
  stripeSuite,
} from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 17: stock held while the buyer pays on Stripe's page. No oversell when many race for few
// units; expiry (the sweep, Stripe's expiry event) releases once; money that arrives after the
// release goes back automatically; gift cards and subscriptions start only once paid.

for (const dialect of DIALECTS) {
  describe(`Stripe payments and held stock (${dialect})`, { timeout: 120_000 }, () => {
    const suite = stripeSuite(dialect);

    it('200 buyers racing for 10 units: at most 10 Stripe sessions, the other 190 told it is sold out first', async () => {
      await setStock(suite.server, 10);
      const buyers = Array.from({ length: 200 }, () => Visitor.of(suite.server));
      for (let i = 0; i < buyers.length; i += 25) {
        const added = await Promise.all(
          buyers
            .slice(i, i + 25)
            .map((v) => addToCart(suite.server, v, { urlId: 'sticker-pack', sku: SKU, quantity: 1 })),
        );
        for (const answer of added) expect(answer.status).toBe(200);
      }
      await setStock(suite.server, 10);
      const sessionsBefore = suite.fake.requestsTo('/v1/checkout/sessions').length;
      const answers = await Promise.all(buyers.map((v) => v.post('/api/checkout/orders', stripeOrderBody())));
      const sent = answers.filter((a) => a.status === 201);
      const soldOut = answers.filter((a) => a.status === 409);
      expect(sent).toHaveLength(10);
      expect(soldOut).toHaveLength(190);
      for (const answer of soldOut) {
        expect(answer.body.error).toBe('not-enough-stock');
        expect(answer.body.message).toContain(CHECKOUT_MESSAGES.outOfStock);
      }
      for (const answer of sent)
        expect(String(answer.body.redirect)).toMatch(new RegExp(`^${suite.fake.url}/pay/cs_test_`));
      const created = suite.fake.requestsTo('/v1/checkout/sessions').slice(sessionsBefore);
      expect(created).toHaveLength(10);
      expect(new Set(created.map((r) => r.body.metadata.order_id))).toEqual(new Set(sent.map((a) => a.body.order.id)));
      expect(await stockOf(suite.server)).toBe(0);
    });

    it("expiry releases the stock exactly once and mails once: sweeps and Stripe's expiry events at once", async () => {
      // The race's orders are released first, so only this test's orders are left holding stock.
      await expireStockHolds(suite.server.db, new Date(Date.now() + 25 * 60 * MINUTE));
      await setStock(suite.server, 3);
      const orders = [
        await placeStripeOrder(suite.server, suite.fake, 1, { email: 'expiry@example.com' }),
        await placeStripeOrder(suite.server, suite.fake, 2, { email: 'expiry@example.com' }),
      ];
      expect(await stockOf(suite.server)).toBe(0);
      const after = new Date(Date.now() + 24 * 60 * MINUTE + MINUTE);
      // Stripe expired the sessions at their expires_at and tells us, while our sweeps run.
      for (const order of orders) suite.fake.sessions.get(order.sessionId)!.status = 'expired';
      const jobs = suite.server.app.services.jobs!;
      // Two nodes' scheduled sweeps (each mails the orders it cancelled) and the webhooks, twice each.
      const [a, b] = await Promise.all([
        jobs.run(JOBS.stockHolds, after) as Promise<{ orderId: string }[]>,
        jobs.run(JOBS.stockHolds, after) as Promise<{ orderId: string }[]>,
        ...orders.map((o) => suite.fake.sendEvent('checkout.session.expired', o.sessionId)),
        ...orders.map((o) => suite.fake.sendEvent('checkout.session.expired', o.sessionId)),
      ]);
      await suite.fake.idle();
      const swept = [a, b].flat().map((hold) => hold.orderId);
      for (const order of orders) expect(swept.filter((id) => id === order.orderId).length).toBeLessThanOrEqual(1);
      expect(await stockOf(suite.server)).toBe(3);
      for (const order of orders) {
        expect(await orderRow(suite.server, order.orderId)).toMatchObject({
          status: 'cancelled',
          payment_status: 'expired',
        });
        expect((await sessionRow(suite.server, order.orderId)).status).toBe('expired');
      }
      const cancelledMail = (await mailTo(suite.server, 'expiry@example.com')).filter((m) =>
        m.subject.startsWith('Order cancelled'),
      );
      expect(cancelledMail.map((m) => m.subject).sort()).toEqual(
        orders.map((o) => `Order cancelled: #${o.orderNumber}`).sort(),
      );
    });

    it('the sweep also expires the Stripe session, so the buyer can no longer pay it', async () => {
      await setStock(suite.server, 1);
      const placed = await placeStripeOrder(suite.server, suite.fake, 1);
      const after = new Date(
        new Date((await orderRow(suite.server, placed.orderId)).stock_held_until!).getTime() + MINUTE,
      );
      await suite.server.app.services.jobs!.run(JOBS.stockHolds, after);
      expect(suite.fake.sessions.get(placed.sessionId)!.status).toBe('expired');
      expect(suite.fake.requestsTo(`/v1/checkout/sessions/${placed.sessionId}/expire`)).toHaveLength(1);
      expect(await stockOf(suite.server)).toBe(1);
    });

    it('a payment that succeeds after the hold expired is refunded once, recorded on the order and mailed', async () => {
      await setStock(suite.server, 1);
      const owner = await ownerSession(suite.server, OWNERS.storeManager);
      const placed = await placeStripeOrder(suite.server, suite.fake, 1, { email: 'late@example.com' });
      const order = await orderRow(suite.server, placed.orderId);
      const after = new Date(new Date(order.stock_held_until!).getTime() + MINUTE);
      // The buyer pressed Pay at Stripe just as our sweep ran; someone else bought the last unit.
      await expireStockHolds(suite.server.db, after);
      expect(await stockOf(suite.server)).toBe(1);
      await placeStripeOrder(suite.server, suite.fake, 1);
      expect(await stockOf(suite.server)).toBe(0);
      suite.fake.webhookTiming = 'held';
      await suite.fake.pay(placed.sessionId);
      suite.fake.webhookTiming = 'before-redirect';
      suite.fake.refuseRefunds = 'The charge is being disputed.';
      expect(await suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_late_1')).toBe(200);
      expect(await sessionRow(suite.server, placed.orderId)).toMatchObject({
        refund_status: 'failed',
        message: 'The charge is being disputed.',
      });
      suite.fake.refuseRefunds = undefined;
      // Redeliveries, the buyer's return and a new event at once: one refund.
      const answers = await Promise.all([
        suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_late_2'),
        suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_late_2'),
        suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_late_3'),
        followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.success_url).then((a) => a.status),
      ]);
      expect(answers).toEqual([200, 200, 200, 303]);
      const refunds = suite.fake
        .requestsTo('/v1/refunds')
        .filter((r) => r.idempotencyKey?.startsWith(`tessera-late-refund-${placed.orderId}`));
      // The refused one, then exactly one more.
      expect(refunds).toHaveLength(2);
      expect(refunds[0]!.idempotencyKey).toBe(`tessera-late-refund-${placed.orderId}`);
      const intent = suite.fake.sessions.get(placed.sessionId)!.payment_intent!;
      expect(suite.fake.intents.get(intent)!.refunded).toBe(order.amount_due_cents);
      for (const refund of refunds)
        expect(refund.body).toMatchObject({ payment_intent: intent, amount: String(order.amount_due_cents) });
      expect(await orderRow(suite.server, placed.orderId)).toMatchObject({
        status: 'cancelled',
        payment_status: 'refunded',
        refunded_cents: order.amount_due_cents,
      });
      expect(await stockOf(suite.server)).toBe(0);
      const mail = await mailTo(suite.server, 'late@example.com');
      expect(mail.filter((m) => m.subject === `Payment refunded: order #${placed.orderNumber}`)).toHaveLength(1);
      expect(mail.some((m) => m.subject.startsWith('Order confirmed'))).toBe(false);
      const orderPage = String((await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`)).body);
      expect(orderPage).toContain('Order cancelled');
      expect(orderPage).toContain('was refunded in full');
      const seen = await owner.get(`/api/config/orders/${placed.orderId}`);
      expect(seen.status).toBe(200);
      expect(seen.body.order.payments).toMatchObject([
        { provider: 'stripe', kind: 'charge', status: 'succeeded', reference: intent },
        { provider: 'stripe', kind: 'refund', status: 'succeeded', amountCents: order.amount_due_cents },
      ]);
    });

    it('a late payment whose refund got no answer is refunded once, by a delivery after the wait, under its key', async () => {
      await setStock(suite.server, 5);
      const placed = await placeStripeOrder(suite.server, suite.fake, 1, { email: 'late-lost@example.com' });
      const order = await orderRow(suite.server, placed.orderId);
      await expireStockHolds(suite.server.db, new Date(new Date(order.stock_held_until!).getTime() + MINUTE));
      suite.fake.webhookTiming = 'held';
      await suite.fake.pay(placed.sessionId);
      suite.fake.webhookTiming = 'before-redirect';
      // Stripe makes the refund, but neither the request's answer nor the SDK's retry's comes back.
      suite.fake.lostAnswers.set('/v1/refunds', 2);
      // The webhook answers 503 (refund in progress, not recorded as seen), so Stripe delivers it again.
      expect(await suite.fake.sendEvent('checkout.session.completed', placed.sessionId, 'evt_lost_1')).toBe(503);
      const intent = suite.fake.sessions.get(placed.sessionId)!.payment_intent!;
      expect(suite.fake.intents.get(intent)!.refunded).toBe(order.amount_due_cents);
      // Kept as on its way, not failed: a failed one would be asked again under a new key.
      expect(await sessionRow(suite.server, placed.orderId)).toMatchObject({ refund_status: 'refunding' });
      const keyed = () =>
        suite.fake
          .requestsTo('/v1/refunds')
          .filter((r) => r.idempotencyKey?.startsWith(`tessera-late-refund-${placed.orderId}`));
      expect(keyed()).toHaveLength(2);

      // Within the wait a delivery asks nothing (the refund may still be on its way), and waits again.
      expect(await suite.fake.redeliver('evt_lost_1')).toBe(503);
      expect(keyed()).toHaveLength(2);
      // After it, the next delivery looks among the payment's refunds for the one tagged with its key
      // (Stripe may have forgotten the key by then, as here) and records the refund Stripe made.
      await suite.server.db
        .updateTable('hosted_sessions')
        .set({ updated_at: new Date(Date.now() - 11 * MINUTE).toISOString() })
        .where('order_id', '=', placed.orderId)
        .execute();
      suite.fake.forgetIdempotencyKeys();
      expect(await suite.fake.redeliver('evt_lost_1')).toBe(200);
      expect(keyed().map((r) => r.idempotencyKey)).toEqual(Array(2).fill(`tessera-late-refund-${placed.orderId}`));
      expect(suite.fake.requestsTo('/v1/refunds', 'GET').length).toBeGreaterThan(0);
      expect(suite.fake.intents.get(intent)!.refunded).toBe(order.amount_due_cents);
      expect(await sessionRow(suite.server, placed.orderId)).toMatchObject({ refund_status: 'refunded' });
      expect(await orderRow(suite.server, placed.orderId)).toMatchObject({
        payment_status: 'refunded',
        refunded_cents: order.amount_due_cents,
      });
    });

    it('a gift card bought with Stripe is issued, and a subscription started, only once the payment settles', async () => {
      const visitor = Visitor.of(suite.server);
      await addToCart(suite.server, visitor, { urlId: 'gift-card', sku: 'GIFT-25', quantity: 1 });
      const placed = await visitor.post('/api/checkout/orders', stripeOrderBody({ email: 'gifts@example.com' }));
      expect(placed.status).toBe(201);
      const orderId = placed.body.order.id as string;
      const cards = () =>
        suite.server.db.selectFrom('gift_cards').selectAll().where('order_id', '=', orderId).execute();
      expect(await cards()).toEqual([]);
      const sessionId = String(placed.body.redirect).split('/pay/')[1]!;
      await suite.fake.pay(sessionId);
      expect(await cards()).toHaveLength(1);

      const subscriber = Visitor.of(suite.server);
      const started = await subscriber.post('/api/3/commerce/cart/subscription', {
        itemId: await itemIdOf(suite.server, 'coffee-subscription'),
        sku: 'COFFEE-WHOLE',
        qty: 1,
      });
      expect(started.status).toBe(200);
      const sub = await subscriber.post(
        '/api/checkout/orders',
        stripeOrderBody({ cartToken: started.body.cartToken, email: 'subscriber@example.com' }),
      );
      expect(sub.status).toBe(201);
      expect(sub.body.order.subscriptionId).toBeNull();
      const subSession = String(sub.body.redirect).split('/pay/')[1]!;
      expect(suite.fake.sessions.get(subSession)!.customer).toMatch(/^cus_/);
      const request = suite.fake
        .requestsTo('/v1/checkout/sessions')
        .find((r) => r.body.metadata?.order_id === sub.body.order.id);
      expect(request!.body.payment_intent_data).toMatchObject({ setup_future_usage: 'off_session' });
      expect(
        await suite.server.db
          .selectFrom('subscriptions')
          .selectAll()
          .where('first_order_id', '=', sub.body.order.id)
          .execute(),
      ).toEqual([]);
      await suite.fake.pay(subSession);
      const row = await orderRow(suite.server, sub.body.order.id);
      expect(row.subscription_id).not.toBeNull();
      const subscription = await suite.server.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', row.subscription_id!)
        .executeTakeFirstOrThrow();
      expect(subscription).toMatchObject({ status: 'active', first_order_id: sub.body.order.id });
      expect(subscription.payment_reference).toMatch(/^stripe:cus_[0-9a-f]+:pm_[0-9a-f]+$/);
    });
  });
}

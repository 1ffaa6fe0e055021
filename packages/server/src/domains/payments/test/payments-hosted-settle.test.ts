import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { itemIdOf } from '../../../../test/cart-helpers.js';
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
import { Visitor } from '../../../../test/visitor.js';

// Issue 17, loose ends of the hosted flow: a bank debit that fails later releases the order at
// once; the owner marking a hosted order paid closes the provider's page and completes the order
// as the provider's settlement would (racing it: once); the order page says where payment stands.

for (const dialect of DIALECTS) {
  describe(`hosted payments: failures, marked paid, order page (${dialect})`, () => {
    let manager: Awaited<ReturnType<typeof ownerSession>>;

    const suite = stripeSuite(dialect);
    beforeAll(async () => {
      manager = await ownerSession(suite.server, OWNERS.storeManager);
    });

    const confirmations = async (email: string, orderNumber: number) =>
      (await mailTo(suite.server, email)).filter((m) => m.subject === `Order confirmed: #${orderNumber}`);

    async function placeSubscription(email: string) {
      const visitor = Visitor.of(suite.server);
      const started = await visitor.post('/api/3/commerce/cart/subscription', {
        itemId: await itemIdOf(suite.server, 'coffee-subscription'),
        sku: 'COFFEE-WHOLE',
        qty: 1,
      });
      expect(started.status).toBe(200);
      const placed = await visitor.post(
        '/api/checkout/orders',
        stripeOrderBody({ cartToken: started.body.cartToken, email }),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return {
        orderId: String(placed.body.order.id),
        orderNumber: Number(placed.body.order.orderNumber),
        sessionId: String(placed.body.redirect).split('/pay/')[1]!,
      };
    }

    const subscriptionsOf = (orderId: string) =>
      suite.server.db.selectFrom('subscriptions').selectAll().where('first_order_id', '=', orderId).execute();

    it('async_payment_failed releases the order and its stock once, and mails the buyer', async () => {
      await setStock(suite.server, 6);
      const placed = await placeStripeOrder(suite.server, suite.fake, 2, { email: 'bounced@example.com' });
      expect(await stockOf(suite.server)).toBe(4);
      const eventId = `evt_failed_${placed.orderId}`;
      expect(await suite.fake.failAsync(placed.sessionId)).toBe(200);
      // The same event again, another delivery of the type, and the sweep: nothing more comes back.
      expect(await suite.fake.sendEvent('checkout.session.async_payment_failed', placed.sessionId, eventId)).toBe(200);
      expect(await suite.fake.sendEvent('checkout.session.async_payment_failed', placed.sessionId, eventId)).toBe(200);
      expect(await stockOf(suite.server)).toBe(6);
      expect(await orderRow(suite.server, placed.orderId)).toMatchObject({
        status: 'cancelled',
        payment_status: 'failed',
      });
      expect((await sessionRow(suite.server, placed.orderId)).status).toBe('failed');
      const charge = await suite.server.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', placed.orderId)
        .executeTakeFirstOrThrow();
      expect(charge.status).toBe('failed');
      expect((await mailTo(suite.server, 'bounced@example.com')).map((m) => m.subject)).toEqual([
        `Payment failed: order #${placed.orderNumber}`,
      ]);
      const page = await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`);
      expect(String(page.body)).toContain('This order was cancelled because its payment did not go through.');
    });

    it('the order page says a hosted payment is being confirmed, and that a cancelled payment was cancelled', async () => {
      await setStock(suite.server, 5);
      const placed = await placeStripeOrder(suite.server, suite.fake, 1, { email: 'page@example.com' });
      const waiting = String((await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`)).body);
      expect(waiting).toContain('Your payment is being confirmed; a confirmation will be sent to page@example.com');
      expect(waiting).not.toContain('we will contact you');
      await followBack(placed.visitor, suite.fake.sessions.get(placed.sessionId)!.cancel_url);
      expect((await sessionRow(suite.server, placed.orderId)).status).toBe('cancelled');
      const cancelled = String((await placed.visitor.get(`/checkout/order-confirmed/${placed.orderId}`)).body);
      expect(cancelled).toContain('This order was cancelled because you cancelled the payment.');
      expect(cancelled).not.toContain('did not arrive in time');
    });

    it('an owner marking a hosted subscription order paid closes the Stripe page and starts the subscription', async () => {
      const placed = await placeSubscription('by-hand@example.com');
      const marked = await manager.post(`/api/config/orders/${placed.orderId}/mark-paid`, {});
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(suite.fake.sessions.get(placed.sessionId)!.status).toBe('expired');
      const order = await orderRow(suite.server, placed.orderId);
      expect(order).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
      const subs = await subscriptionsOf(placed.orderId);
      expect(subs).toHaveLength(1);
      expect(subs[0]).toMatchObject({ id: order.subscription_id, status: 'active' });
      expect(await sessionRow(suite.server, placed.orderId)).toMatchObject({
        status: 'paid',
        message: 'Marked paid by the owner.',
      });
      expect(await confirmations('by-hand@example.com', placed.orderNumber)).toHaveLength(1);
      // The buyer's page can no longer take money.
      expect(suite.fake.sessions.get(placed.sessionId)!.payment_status).toBe('unpaid');
    });

    it('owner marks paid while the webhook settles: one paid move, one subscription, one confirmation', async () => {
      suite.fake.webhookTiming = 'held';
      try {
        for (let round = 0; round < 4; round++) {
          const email = `race-${round}@example.com`;
          const placed = await placeSubscription(email);
          await suite.fake.pay(placed.sessionId); // paid on Stripe; its webhook is held
          const [marked] = await Promise.all([
            manager.post(`/api/config/orders/${placed.orderId}/mark-paid`, {}),
            suite.fake.flushWebhooks(),
          ]);
          expect([200, 409]).toContain(marked.status);
          await suite.fake.idle();
          expect(await orderRow(suite.server, placed.orderId)).toMatchObject({
            status: 'confirmed',
            payment_status: 'paid',
          });
          const subs = await subscriptionsOf(placed.orderId);
          expect(subs).toHaveLength(1);
          expect((await orderRow(suite.server, placed.orderId)).subscription_id).toBe(subs[0]!.id);
          const charges = await suite.server.db
            .selectFrom('payments')
            .select(['kind', 'status'])
            .where('order_id', '=', placed.orderId)
            .execute();
          expect(charges).toEqual([{ kind: 'charge', status: 'succeeded' }]);
          // Whoever won, the order keeps Stripe's references (refunds and renewals go through Stripe).
          const intent = suite.fake.sessions.get(placed.sessionId)!.payment_intent;
          const charge = await suite.server.db
            .selectFrom('payments')
            .select('reference')
            .where('order_id', '=', placed.orderId)
            .executeTakeFirstOrThrow();
          expect(charge.reference).toBe(intent);
          expect(subs[0]!.payment_reference).toMatch(/^stripe:cus_[0-9a-f]+:pm_[0-9a-f]+$/);
          expect(await confirmations(email, placed.orderNumber)).toHaveLength(1);
        }
      } finally {
        suite.fake.webhookTiming = 'before-redirect';
      }
    });
  });
}

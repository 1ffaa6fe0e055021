import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../../platform/errors/index.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import type { StripeFake } from '../../../../test/fakes/stripe-fake.js';
import { orderRow, placeStripeOrder, startWithStripe } from '../../../../test/payments-stripe-helpers.js';
import { addSecondSite } from '../../../../test/visitor.js';

// Issue 23: a refund made in Stripe's dashboard reaches Tessera only by webhook (`refund.created`,
// `charge.refunded`, later `refund.updated`). Each is verified by its signature, the payment intent's
// refunds are read back from Stripe, and each succeeded refund is recorded once by its id: against
// the order it paid (as the owner's refund from Orders records it), whatever the number of
// deliveries, their order or their timing. Forged, stale and other sites' events record nothing.

for (const dialect of DIALECTS) {
  describe(`refunds made in Stripe's dashboard (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;

    beforeAll(async () => {
      ({ server, fake } = await startWithStripe(dialect));
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    /** A sticker order paid on Stripe's page: answers the order id, its payment intent and what was paid. */
    async function paidOrder(quantity = 2) {
      const placed = await placeStripeOrder(server, fake, quantity);
      await fake.pay(placed.sessionId);
      const order = await orderRow(server, placed.orderId);
      expect(order.payment_status).toBe('paid');
      const intent = fake.sessions.get(placed.sessionId)!.payment_intent!;
      return { orderId: placed.orderId, intent, due: order.amount_due_cents };
    }

    /** The store manager, signed in once for the file's tests. */
    let signedIn: ReturnType<typeof ownerSession> | undefined;
    const storeManager = () => (signedIn ??= ownerSession(server, OWNERS.storeManager));

    const refundRows = (orderId: string) =>
      server.db
        .selectFrom('payments')
        .select(['provider', 'kind', 'status', 'amount_cents', 'reference'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'refund')
        .orderBy('created_at')
        .orderBy('reference')
        .execute();

    it('records a partial refund, then the rest, once each; the order ends refunded', async () => {
      const { orderId, intent, due } = await paidOrder();
      const part = await fake.refundFromDashboard(intent, { amount: 250 });
      expect(part.events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
      expect(part.statuses).toEqual([200, 200]);
      expect(await refundRows(orderId)).toEqual([
        { provider: 'stripe', kind: 'refund', status: 'succeeded', amount_cents: 250, reference: part.refund.id },
      ]);
      expect(await orderRow(server, orderId)).toMatchObject({ refunded_cents: 250, payment_status: 'paid' });

      const rest = await fake.refundFromDashboard(intent);
      expect(rest.statuses).toEqual([200, 200]);
      expect((await refundRows(orderId)).map((r) => [r.reference, r.amount_cents]).sort()).toEqual(
        [
          [part.refund.id, 250],
          [rest.refund.id, due - 250],
        ].sort(),
      );
      expect(await orderRow(server, orderId)).toMatchObject({ refunded_cents: due, payment_status: 'refunded' });
      // Stripe's redelivery of either event, later, changes nothing.
      expect(await fake.redeliver(part.events[1]!.id)).toBe(200);
      expect(await refundRows(orderId)).toHaveLength(2);
    });

    it('six deliveries at once of both events of one refund record it once', async () => {
      const { orderId, intent } = await paidOrder();
      const made = await fake.refundFromDashboard(intent, { amount: 400, hold: true });
      const ids = made.events.map((e) => e.id);
      const statuses = await Promise.all([...ids, ...ids, ...ids].map((id) => fake.redeliver(id)));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      expect(await refundRows(orderId)).toMatchObject([{ reference: made.refund.id, amount_cents: 400 }]);
      expect((await orderRow(server, orderId)).refunded_cents).toBe(400);
      const events = await server.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('event_id', 'in', ids)
        .execute();
      expect(events).toHaveLength(2);
    });

    it('a refund still pending is recorded when Stripe reports it succeeded, not before; a failed one never', async () => {
      const { orderId, intent } = await paidOrder();
      const pending = await fake.refundFromDashboard(intent, { amount: 100, pending: true });
      expect(pending.statuses).toEqual([200, 200]);
      expect(await refundRows(orderId)).toEqual([]);
      const settled = await fake.settleRefund(pending.refund.id, 'succeeded');
      expect(settled.event.type).toBe('refund.updated');
      expect(settled.status).toBe(200);
      expect(await refundRows(orderId)).toMatchObject([{ reference: pending.refund.id, amount_cents: 100 }]);

      const failing = await fake.refundFromDashboard(intent, { amount: 50, pending: true });
      expect((await fake.settleRefund(failing.refund.id, 'failed')).status).toBe(200);
      expect(await refundRows(orderId)).toHaveLength(1);
      expect((await orderRow(server, orderId)).refunded_cents).toBe(100);
    });

    it('a refund that fails after it succeeded stops counting once, whatever arrives at once; the order is paid again', async () => {
      const { orderId, intent, due } = await paidOrder();
      const part = await fake.refundFromDashboard(intent, { amount: 200 });
      const rest = await fake.refundFromDashboard(intent);
      expect(await orderRow(server, orderId)).toMatchObject({ refunded_cents: due, payment_status: 'refunded' });
      const failed = await fake.failRefund(rest.refund.id, { hold: true });
      expect(failed.event.type).toBe('refund.failed');
      // refund.failed three times and the refund's older events, all at once: each reads the refund failed.
      const ids = [failed.event.id, failed.event.id, failed.event.id, ...rest.events.map((e) => e.id)];
      expect(await Promise.all(ids.map((id) => fake.redeliver(id)))).toEqual(ids.map(() => 200));
      const rows = async () => (await refundRows(orderId)).map((r) => [r.reference, r.status, r.amount_cents]).sort();
      const expected = [
        [part.refund.id, 'succeeded', 200],
        [rest.refund.id, 'failed', due - 200],
      ].sort();
      expect(await rows()).toEqual(expected);
      expect(await orderRow(server, orderId)).toMatchObject({ refunded_cents: 200, payment_status: 'paid' });
      // Later deliveries change nothing; what the failure gave back can be refunded again from Orders.
      expect(await fake.redeliver(failed.event.id)).toBe(200);
      expect(await fake.redeliver(part.events[0]!.id)).toBe(200);
      expect(await rows()).toEqual(expected);
      const owner = await storeManager();
      const again = await owner.post(`/api/config/orders/${orderId}/refund`, {});
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.amountCents).toBe(due - 200);
      expect(await orderRow(server, orderId)).toMatchObject({ refunded_cents: due, payment_status: 'refunded' });
    });

    it("while an owner's refund of the order is on its way, refund events answer 503 with Retry-After and change nothing", async () => {
      const { orderId, intent, due } = await paidOrder();
      const made = await fake.refundFromDashboard(intent, { amount: 300, hold: true });
      const send = (payload: string) =>
        fetch(fake.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': new Stripe(fake.secretKey).webhooks.generateTestHeaderString({
              payload,
              secret: fake.webhookSecret,
            }),
          },
          body: payload,
        });
      // An owner's refund claimed on the order (refunded_cents raised), its payments row not written yet.
      const claim = (cents: number) =>
        server.db.updateTable('orders').set({ refunded_cents: cents }).where('id', '=', orderId).execute();
      await claim(500);
      const busy = await send(made.events[0]!.payload);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
      expect(await busy.json()).toEqual({
        error: 'refund-in-progress',
        message: ERROR_CATALOGUE['refund-in-progress'].message,
      });
      expect(await refundRows(orderId)).toEqual([]);
      await claim(0);
      // The provider's next delivery of the same event is processed (it was not remembered as seen).
      expect((await send(made.events[0]!.payload)).status).toBe(200);
      expect(await refundRows(orderId)).toMatchObject([{ reference: made.refund.id, amount_cents: 300 }]);
      // A failed refund's event waits the same way.
      const failed = await fake.failRefund(made.refund.id, { hold: true });
      await claim(300 + 100);
      const waiting = await send(failed.event.payload);
      expect(waiting.status).toBe(503);
      expect(waiting.headers.get('retry-after')).not.toBeNull();
      expect(await refundRows(orderId)).toMatchObject([{ status: 'succeeded' }]);
      await claim(300);
      expect((await send(failed.event.payload)).status).toBe(200);
      expect(await refundRows(orderId)).toMatchObject([{ status: 'failed' }]);
      expect(await orderRow(server, orderId)).toMatchObject({ refunded_cents: 0, payment_status: 'paid' });
      expect(due).toBeGreaterThan(400);
    });

    it("the owner's refund from Orders and its own events record it once", async () => {
      const { orderId, intent } = await paidOrder();
      const owner = await storeManager();
      const refund = await owner.post(`/api/config/orders/${orderId}/refund`, { amountCents: 300 });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      await fake.idle();
      // Its events may have arrived while the owner's answer was being written (then they failed
      // with 500 and Stripe sends them again): send each once more, as Stripe would.
      const own = fake.events.filter((e) => e.payload.includes(intent) && e.type !== 'checkout.session.completed');
      expect(own.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
      for (const event of own) expect(await fake.redeliver(event.id)).toBe(200);
      expect(await refundRows(orderId)).toMatchObject([{ reference: refund.body.reference, amount_cents: 300 }]);
      expect((await orderRow(server, orderId)).refunded_cents).toBe(300);
    });

    it('refuses forged, altered and stale events, and records nothing from them', async () => {
      const { orderId, intent } = await paidOrder();
      const made = await fake.refundFromDashboard(intent, { amount: 150, hold: true });
      const payload = made.events[0]!.payload;
      const signer = new Stripe(fake.secretKey);
      const send = (body: string, header: string) =>
        fetch(fake.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body,
        });
      const forged = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_sites' });
      expect((await send(payload, forged)).status).toBe(400);
      const genuine = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
      const altered = payload.replace('"amount":150', '"amount":15000');
      expect(altered).not.toBe(payload);
      expect((await send(altered, genuine)).status).toBe(400);
      // Signed ten minutes ago: past Stripe's tolerance of five, a captured event cannot be replayed.
      const stale = signer.webhooks.generateTestHeaderString({
        payload,
        secret: fake.webhookSecret,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      expect((await send(payload, stale)).status).toBe(400);
      expect((await send(payload, '')).status).toBe(400);
      expect(await refundRows(orderId)).toEqual([]);
      // The genuine one, now, is recorded.
      expect((await send(payload, genuine)).status).toBe(200);
      expect(await refundRows(orderId)).toMatchObject([{ reference: made.refund.id, amount_cents: 150 }]);
    });

    it('an event delivered to another site of the install records nothing there; its own site records it', async () => {
      const { orderId, intent } = await paidOrder();
      await addSecondSite(server);
      const made = await fake.refundFromDashboard(intent, { amount: 120, hold: true });
      const event = made.events[0]!;
      const header = new Stripe(fake.secretKey).webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: fake.webhookSecret,
      });
      const elsewhere = await server.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { host: 'other.test', 'content-type': 'application/json', 'stripe-signature': header },
        payload: event.payload,
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      expect(await refundRows(orderId)).toEqual([]);
      // Stripe sends the same event, same id, to every address of the account: the other site having
      // seen it does not make the order's own site drop it as a redelivery.
      expect(await fake.redeliver(event.id)).toBe(200);
      expect(await refundRows(orderId)).toMatchObject([{ reference: made.refund.id, amount_cents: 120 }]);
    });
  });
}

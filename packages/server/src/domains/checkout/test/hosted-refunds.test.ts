import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from '../../../../test/fakes/stripe-fake.js';
import type { Visitor } from '../../../../test/visitor.js';
import { stripePaidOrder } from '../../../../test/checkout-helpers.js';

const ORDERS = '/api/config/orders';

for (const dialect of DIALECTS) {
  describe(`refunds through the hosted provider (${dialect})`, () => {
    let stripe: StripeFake;
    let server: TestServer;
    let manager: Visitor;

    beforeAll(async () => {
      stripe = await startStripeFake();
      server = await startTestServer({
        dialect,
        config: { stripe: stripeKeysOf(stripe) },
      });
      manager = await ownerSession(server, OWNERS.storeManager);
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
    });

    const refundRows = (orderId: string) =>
      server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', 'refund')
        .execute();

    it('refunds part, then the rest, through Stripe with an idempotency key, recording its reference', async () => {
      const order = await stripePaidOrder(server, stripe);
      const part = await manager.request('POST', `${ORDERS}/${order.id}/refund`, { body: { amountCents: 300 } });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(part.body).toMatchObject({ ok: true, provider: 'stripe', amountCents: 300, refundedCents: 300 });
      expect(part.body.reference).toMatch(/^re_/);

      const rest = await manager.request('POST', `${ORDERS}/${order.id}/refund`, { body: {} });
      expect(rest.status).toBe(200);
      expect(rest.body.amountCents).toBe(order.amountDueCents - 300);

      const sent = stripe.requestsTo('/v1/refunds').filter((r) => r.body.payment_intent === order.intentId);
      expect(sent.map((r) => Number(r.body.amount))).toEqual([300, order.amountDueCents - 300]);
      expect(sent.every((r) => /^tessera-refund-\w+$/.test(r.idempotencyKey ?? ''))).toBe(true);
      expect(new Set(sent.map((r) => r.idempotencyKey)).size).toBe(2);
      expect(stripe.intents.get(order.intentId)?.refunded).toBe(order.amountDueCents);

      const rows = await refundRows(order.id);
      expect(rows.map((r) => r.reference).sort()).toEqual([part.body.reference, rest.body.reference].sort());
      expect(rows.every((r) => r.provider === 'stripe' && r.status === 'succeeded')).toBe(true);
      // The key sent is the refund row's own id, so a retried request refunds once.
      expect(sent.map((r) => r.idempotencyKey).sort()).toEqual(rows.map((r) => `tessera-refund-${r.id}`).sort());
      const after = await server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ refunded_cents: order.amountDueCents, payment_status: 'refunded' });
    });

    it("shows a refund Stripe refuses with Stripe's message, and records nothing", async () => {
      const order = await stripePaidOrder(server, stripe);
      stripe.refuseRefunds = 'This charge is disputed and cannot be refunded.';
      try {
        const refused = await manager.request('POST', `${ORDERS}/${order.id}/refund`, { body: { amountCents: 200 } });
        expect(refused.status).toBe(402);
        expect(refused.body).toMatchObject({
          error: 'refund-failed',
          message: 'This charge is disputed and cannot be refunded.',
        });
      } finally {
        stripe.refuseRefunds = undefined;
      }
      expect(await refundRows(order.id)).toEqual([]);
      const after = await server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(after.refunded_cents).toBe(0);
      // Once Stripe accepts again, the same refund goes through.
      expect(
        (await manager.request('POST', `${ORDERS}/${order.id}/refund`, { body: { amountCents: 200 } })).status,
      ).toBe(200);
    });

    it('refunds once when two owners refund the whole order at the same moment', async () => {
      const order = await stripePaidOrder(server, stripe);
      const before = stripe.requestsTo('/v1/refunds').length;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => manager.request('POST', `${ORDERS}/${order.id}/refund`, { body: {} })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 400)).toBe(true);
      expect(stripe.requestsTo('/v1/refunds').length - before).toBe(1);
      expect(stripe.intents.get(order.intentId)?.refunded).toBe(order.amountDueCents);
      expect(await refundRows(order.id)).toHaveLength(1);
    });
  });
}

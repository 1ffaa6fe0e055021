import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { stripePaidOrder } from '../../../../test/checkout-helpers.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from '../../../../test/fakes/stripe-fake.js';
import type { Visitor } from '../../../../test/visitor.js';
import { claimRefund, REFUND_RECOVERY_AFTER_MS } from '../refund-journal.js';
import { recoverPendingRefunds } from '../refunds.js';

// An owner's refund is written down (claimed, a `pending` refund row) before Stripe is asked; a
// process that dies before it writes Stripe's answer leaves that row, and the refund-recovery job
// asks Stripe again with the same idempotency key, so the buyer is refunded exactly once and the
// order ends refunded, never claimed forever nor refunded twice.

const ORDERS = '/api/config/orders';

for (const dialect of DIALECTS) {
  describe(`refunds a crash left half way (${dialect})`, () => {
    let stripe: StripeFake;
    let server: TestServer;
    let manager: Visitor;

    beforeAll(async () => {
      stripe = await startStripeFake();
      server = await startTestServer({ dialect, config: { stripe: stripeKeysOf(stripe) } });
      manager = await ownerSession(server, OWNERS.storeManager);
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
    });

    /** An order paid through the fake Stripe, and its row as the owner's refund reads it. */
    async function paidOrder() {
      const order = await stripePaidOrder(server, stripe, {
        email: 'crash@buyers.test',
        name: 'Crash',
        line1: '1 Lost Lane',
      });
      const row = await server.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
      return { row, intentId: order.intentId };
    }

    const refundRows = (orderId: string) =>
      server.db
        .selectFrom('payments')
        .select(['id', 'status', 'amount_cents', 'reference'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'refund')
        .execute();
    const orderRow = (id: string) =>
      server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const recover = (now: Date) =>
      recoverPendingRefunds(
        server.db,
        server.app.services.checkout!.payments,
        server.app.services.hostedPayments?.registry,
        now,
      );
    const later = () => new Date(Date.now() + REFUND_RECOVERY_AFTER_MS + 60_000);
    const refundsAtStripe = (intentId: string) =>
      stripe.requestsTo('/v1/refunds').filter((r) => r.body.payment_intent === intentId);

    it('claims before asking: a crash after the claim leaves a pending refund that the job makes once', async () => {
      const { row, intentId } = await paidOrder();
      // The process dies right after the claim's transaction: Stripe was never asked.
      const claim = await claimRefund(server.db, row, {
        amountCents: row.amount_due_cents,
        provider: 'stripe',
        now: new Date().toISOString(),
      });
      expect(claim).toBeDefined();
      expect(await refundRows(row.id)).toEqual([
        { id: claim!.refundId, status: 'pending', amount_cents: row.amount_due_cents, reference: '' },
      ]);
      // Meanwhile the owner sees it on its way and cannot refund the same money again.
      const detail = await manager.get(`${ORDERS}/${row.id}`);
      expect(detail.body.order.refundableCents).toBe(0);
      expect(detail.body.order.history.map((e: { kind: string }) => e.kind)).toContain('refund-pending');
      const again = await manager.request('POST', `${ORDERS}/${row.id}/refund`, { body: {} });
      expect(again.status).toBe(400);

      // Not yet: an owner's refund in progress takes seconds, the job waits minutes.
      expect(await recover(new Date())).toEqual([]);
      expect(refundsAtStripe(intentId)).toHaveLength(0);

      expect(await recover(later())).toEqual([{ refundId: claim!.refundId, outcome: 'refunded' }]);
      const sent = refundsAtStripe(intentId);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.idempotencyKey).toBe(`tessera-refund-${claim!.refundId}`);
      expect(stripe.intents.get(intentId)?.refunded).toBe(row.amount_due_cents);
      const [settled] = await refundRows(row.id);
      expect(settled).toMatchObject({ status: 'succeeded', amount_cents: row.amount_due_cents });
      expect(settled!.reference).toMatch(/^re_/);
      expect(await orderRow(row.id)).toMatchObject({
        refunded_cents: row.amount_due_cents,
        payment_status: 'refunded',
      });
      // Once: a later run finds nothing.
      expect(await recover(later())).toEqual([]);
      expect(refundsAtStripe(intentId)).toHaveLength(1);
    });

    it('a crash after Stripe refunded: the retry with the same key is answered with that refund, not a second', async () => {
      const { row, intentId } = await paidOrder();
      const part = 250;
      const claim = await claimRefund(server.db, row, {
        amountCents: part,
        provider: 'stripe',
        now: new Date().toISOString(),
      });
      // What the dead process sent before it died.
      const first = await fetch(`${stripe.url}/v1/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${stripe.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `tessera-refund-${claim!.refundId}`,
        },
        body: new URLSearchParams({ payment_intent: intentId, amount: String(part) }),
      }).then((r) => r.json() as Promise<{ id: string }>);

      expect(await recover(later())).toEqual([{ refundId: claim!.refundId, outcome: 'refunded' }]);
      expect(stripe.intents.get(intentId)?.refunded).toBe(part);
      expect(await refundRows(row.id)).toEqual([
        { id: claim!.refundId, status: 'succeeded', amount_cents: part, reference: first.id },
      ]);
      expect(await orderRow(row.id)).toMatchObject({ refunded_cents: part, payment_status: 'paid' });
    });

    it('Stripe refunds but its answers are lost: the owner is told it is on its way, and it is recorded once', async () => {
      const { row, intentId } = await paidOrder();
      // The request and the SDK's one retry with the same key both reach Stripe; neither answer comes back.
      stripe.lostAnswers.set('/v1/refunds', 2);
      const answer = await manager.request('POST', `${ORDERS}/${row.id}/refund`, { body: { amountCents: 400 } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(504);
      expect(answer.body).toMatchObject({ error: 'refund-unconfirmed', provider: 'stripe' });
      expect(answer.body.message).toContain('do not refund it again');
      expect(stripe.intents.get(intentId)?.refunded).toBe(400);
      // Kept as on its way: not refundable again, not taken back.
      const [pending] = await refundRows(row.id);
      expect(pending).toMatchObject({ status: 'pending', amount_cents: 400, reference: '' });
      const detail = await manager.get(`${ORDERS}/${row.id}`);
      expect(detail.body.order.refundableCents).toBe(row.amount_due_cents - 400);

      // The job first reads the payment's refunds, finds the one tagged with its key, and asks nothing more.
      const reads = stripe.requestsTo('/v1/refunds', 'GET').length;
      expect(await recover(later())).toEqual([{ refundId: pending!.id, outcome: 'refunded' }]);
      expect(stripe.requestsTo('/v1/refunds', 'GET').length).toBeGreaterThan(reads);
      const sent = refundsAtStripe(intentId);
      expect(sent).toHaveLength(2);
      expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(new Set([`tessera-refund-${pending!.id}`]));
      expect(sent[0]!.body.metadata).toEqual({ tessera_key: `tessera-refund-${pending!.id}` });
      expect(stripe.intents.get(intentId)?.refunded).toBe(400);
      expect((await refundRows(row.id))[0]).toMatchObject({ status: 'succeeded', amount_cents: 400 });
      expect(await orderRow(row.id)).toMatchObject({ refunded_cents: 400, payment_status: 'paid' });
    });

    it('recovered more than a day later, when Stripe has forgotten the key: refunded once', async () => {
      const { row, intentId } = await paidOrder();
      stripe.lostAnswers.set('/v1/refunds', 2);
      const answer = await manager.request('POST', `${ORDERS}/${row.id}/refund`, { body: { amountCents: 300 } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(504);
      const [pending] = await refundRows(row.id);
      // The shop was down for two days: Stripe no longer knows the key, so a refund asked again
      // under it would be a second refund.
      stripe.forgetIdempotencyKeys();
      expect(await recover(new Date(Date.now() + 2 * 86_400_000))).toEqual([
        { refundId: pending!.id, outcome: 'refunded' },
      ]);
      expect(stripe.intents.get(intentId)?.refunded).toBe(300);
      const made = [...stripe.book.refunds.values()].filter((r) => r.payment_intent === intentId);
      expect(made).toHaveLength(1);
      expect((await refundRows(row.id))[0]).toMatchObject({ status: 'succeeded', reference: made[0]!.id });
      expect(await orderRow(row.id)).toMatchObject({ refunded_cents: 300 });
    });

    it('two jobs at once (two nodes) ask Stripe once', async () => {
      const { row, intentId } = await paidOrder();
      const claim = await claimRefund(server.db, row, {
        amountCents: 100,
        provider: 'stripe',
        now: new Date().toISOString(),
      });
      const at = later();
      const runs = await Promise.all([recover(at), recover(at), recover(at)]);
      expect(runs.flat()).toEqual([{ refundId: claim!.refundId, outcome: 'refunded' }]);
      expect(refundsAtStripe(intentId)).toHaveLength(1);
      expect(stripe.intents.get(intentId)?.refunded).toBe(100);
    });

    it('a refund Stripe refuses on recovery is taken back: the order and its refundable amount as before', async () => {
      const { row, intentId } = await paidOrder();
      const claim = await claimRefund(server.db, row, {
        amountCents: row.amount_due_cents,
        provider: 'stripe',
        now: new Date().toISOString(),
      });
      // The whole payment was refunded at Stripe in the meantime (its dashboard), so Stripe refuses this one.
      await fetch(`${stripe.url}/v1/refunds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_intent: intentId }),
      });
      expect(await recover(later())).toEqual([{ refundId: claim!.refundId, outcome: 'refused' }]);
      expect(await refundRows(row.id)).toEqual([]);
      expect(await orderRow(row.id)).toMatchObject({ refunded_cents: 0, payment_status: 'paid' });
    });
  });
}

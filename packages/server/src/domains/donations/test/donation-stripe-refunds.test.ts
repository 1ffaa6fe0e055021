import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { DONATION_BLOCK, donationOf, paymentsOf, startDonationServer } from '../../../../test/donations-helpers.js';
import type { StripeFake } from '../../../../test/fakes/stripe-fake.js';
import { type Received, startSmtp, stopSmtp } from '../../../../test/smtp-capture.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 23: gifts paid with Stripe and refunded in Stripe's dashboard. A renewal (charged
// off-session, no order) is recorded in the gift's own refunds; the first payment is the gift's
// order, recorded as an order refund. Each event delivered three times at once records once, and
// the totals are net of both.

const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`gifts refunded in Stripe's dashboard (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;
    let smtp: SMTPServer | undefined;
    let owner: Visitor;
    const received: Received[] = [];

    beforeAll(async () => {
      const started = await startSmtp(received);
      smtp = started.smtp;
      ({ server, fake } = await startDonationServer(dialect, started.port));
      owner = await ownerSession(server, OWNERS.storeManager);
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
      await stopSmtp(smtp);
    });

    const totals = async () => (await owner.get('/api/config/donations/totals')).body.totals[0].totalCents as number;

    /** A monthly Stripe gift with its first renewal charged; answers the gift, its payments and its intent. */
    async function giftWithRenewal(email: string, amountCents: number) {
      const placed = await Visitor.of(server).post('/donate', {
        block: DONATION_BLOCK.id,
        name: 'Failing Refund',
        email,
        amountCents,
        interval: 'month',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = String(placed.body.redirect).slice(`${fake.url}/pay/`.length);
      await fake.pay(sessionId);
      const donation = await donationOf(server, placed.body.orderId);
      await server.app.services.donations!.renewDue(new Date(new Date(donation.next_charge_at!).getTime() + DAY));
      const [first, renewal] = await paymentsOf(server, donation.id);
      expect(renewal).toMatchObject({ cycle: 2, status: 'succeeded', order_id: null });
      const intent = fake.sessions.get(sessionId)!.payment_intent!;
      return { donation, first: first!, renewal: renewal!, orderId: String(placed.body.orderId), intent };
    }
    const refundRows = (paymentId: string) =>
      server.db
        .selectFrom('donation_refunds')
        .select(['reference', 'status', 'amount_cents'])
        .where('payment_id', '=', paymentId)
        .orderBy('reference')
        .execute();
    /** Every delivery at once; answers their statuses. */
    const allAtOnce = (ids: string[]) => Promise.all(ids.map((id) => fake.redeliver(id)));

    it('a renewal and the first payment refunded in the dashboard, each event three times at once: recorded once each', async () => {
      const placed = await Visitor.of(server).post('/donate', {
        block: DONATION_BLOCK.id,
        name: 'Stripe Refund',
        email: 'stripe-refund@example.com',
        amountCents: 2500,
        interval: 'month',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      await fake.pay(String(placed.body.redirect).slice(`${fake.url}/pay/`.length));
      const donation = await donationOf(server, placed.body.orderId);
      expect(donation.status).toBe('active');
      await server.app.services.donations!.renewDue(new Date(new Date(donation.next_charge_at!).getTime() + DAY));
      const [first, renewal] = await paymentsOf(server, donation.id);
      expect(renewal).toMatchObject({ cycle: 2, status: 'succeeded', order_id: null });
      expect(renewal!.reference).toMatch(/^pi_/);
      const before = await totals();

      // The renewal, 10.00 of 25.00, refunded in the dashboard; its events held, then sent three times each at once.
      const made = await fake.refundFromDashboard(renewal!.reference!, { amount: 1000, hold: true });
      const ids = made.events.map((e) => e.id);
      const statuses = await Promise.all([...ids, ...ids, ...ids].map((id) => fake.redeliver(id)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      const rows = await server.db
        .selectFrom('donation_refunds')
        .selectAll()
        .where('payment_id', '=', renewal!.id)
        .execute();
      expect(rows).toMatchObject([
        { status: 'succeeded', amount_cents: 1000, reference: made.refund.id, source: 'provider', provider: 'stripe' },
      ]);
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(1000);
      expect(await totals()).toBe(before - 1000);

      // The first payment is the gift's order: its dashboard refund is the order's.
      const intent = fake.sessions.get(String(placed.body.redirect).slice(`${fake.url}/pay/`.length))!.payment_intent!;
      expect(first!.order_id).toBe(placed.body.orderId);
      const whole = await fake.refundFromDashboard(intent, { hold: true });
      const wholeIds = whole.events.map((e) => e.id);
      expect(
        (await Promise.all([...wholeIds, ...wholeIds, ...wholeIds].map((id) => fake.redeliver(id)))).every(
          (s) => s === 200,
        ),
      ).toBe(true);
      const orderRefunds = await server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', placed.body.orderId)
        .where('kind', '=', 'refund')
        .execute();
      expect(orderRefunds).toMatchObject([{ reference: whole.refund.id, amount_cents: 2500, provider: 'stripe' }]);
      const order = await server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', placed.body.orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ payment_status: 'refunded', refunded_cents: 2500 });
      expect(await totals()).toBe(before - 1000 - 2500);
      // Nothing of the gift's own refunds came from the order's.
      const all = await server.db
        .selectFrom('donation_refunds')
        .select('id')
        .where('donation_id', '=', donation.id)
        .execute();
      expect(all).toHaveLength(1);
    });

    it('a renewal refund that fails stops counting once, whatever arrives at once; the first payment too', async () => {
      const { donation, renewal, orderId, intent } = await giftWithRenewal('failing-refund@example.com', 4000);
      const before = await totals();
      // Two refunds of the renewal in the dashboard, 10.00 and 5.00; then the first one fails.
      const kept = await fake.refundFromDashboard(renewal.reference!, { amount: 500 });
      const failing = await fake.refundFromDashboard(renewal.reference!, { amount: 1000 });
      expect([...kept.statuses, ...failing.statuses].every((s) => s === 200)).toBe(true);
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(1500);
      expect(await totals()).toBe(before - 1500);
      const failed = await fake.failRefund(failing.refund.id, { hold: true });
      expect(failed.event.type).toBe('refund.failed');
      // refund.failed four times and the refund's older events twice, all at once: each reads it failed now.
      const ids = [
        ...Array(4).fill(failed.event.id),
        ...failing.events.map((e) => e.id),
        ...failing.events.map((e) => e.id),
      ];
      expect(await allAtOnce(ids)).toEqual(ids.map(() => 200));
      const expected = [
        { reference: failing.refund.id, status: 'failed', amount_cents: 1000 },
        { reference: kept.refund.id, status: 'succeeded', amount_cents: 500 },
      ].sort((a, b) => a.reference.localeCompare(b.reference));
      expect(await refundRows(renewal.id)).toEqual(expected);
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(500);
      expect(await totals()).toBe(before - 500);
      // Later deliveries change nothing; the amount the failure gave back can be refunded again.
      expect(await allAtOnce([failed.event.id, kept.events[0]!.id])).toEqual([200, 200]);
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(500);
      const again = await owner.post(`/api/config/donations/${donation.id}/payments/${renewal.id}/refund`, {});
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.refund.amountCents).toBe(3500);
      expect(await totals()).toBe(before - 4000);

      // The owner's refund fails too, at Stripe: the payment is refundable by that much again, once.
      const ownFailed = await fake.failRefund(again.body.refund.reference, { hold: true });
      expect(await allAtOnce([ownFailed.event.id, ownFailed.event.id, ownFailed.event.id])).toEqual([200, 200, 200]);
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(500);
      expect(await totals()).toBe(before - 500);

      // A refund that fails before any of its events arrived never counts: refund.failed first, then
      // its older events, are each read back failed (it is written down as failed, amount kept).
      const never = await fake.refundFromDashboard(renewal.reference!, { amount: 700, hold: true });
      const neverFailed = await fake.failRefund(never.refund.id, { hold: true });
      expect(await fake.redeliver(neverFailed.event.id)).toBe(200);
      expect(await allAtOnce(never.events.map((e) => e.id))).toEqual(never.events.map(() => 200));
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(500);
      expect(await refundRows(renewal.id)).toContainEqual({
        reference: never.refund.id,
        status: 'failed',
        amount_cents: 700,
      });

      // The first payment is the gift's order: a failed refund of it gives the order's amount back, once.
      const whole = await fake.refundFromDashboard(intent);
      expect(whole.statuses.every((s) => s === 200)).toBe(true);
      expect(await totals()).toBe(before - 500 - 4000);
      const wholeFailed = await fake.failRefund(whole.refund.id, { hold: true });
      expect(await allAtOnce([wholeFailed.event.id, wholeFailed.event.id, wholeFailed.event.id])).toEqual([
        200, 200, 200,
      ]);
      expect(
        await server.db
          .selectFrom('orders')
          .select(['payment_status', 'refunded_cents'])
          .where('id', '=', orderId)
          .executeTakeFirst(),
      ).toEqual({ payment_status: 'paid', refunded_cents: 0 });
      expect(await totals()).toBe(before - 500);
      const listed = await owner.get(`/api/config/donations/${donation.id}/payments`);
      expect(listed.body.payments).toMatchObject([
        { cycle: 1, refundedCents: 0 },
        { cycle: 2, refundedCents: 500 },
      ]);
    });

    it("the owner's renewal refund failing before its answer is written waits (503), then stops counting once", async () => {
      const { donation, renewal } = await giftWithRenewal('waiting-refund@example.com', 3000);
      // The owner's refund as it stands while Stripe is being asked: its claim (a pending row and the
      // payment's raise) is written, the refund exists at Stripe, the answer is not written yet.
      const claimId = `pending-${dialect}`;
      const now = new Date().toISOString();
      await server.db
        .insertInto('donation_refunds')
        .values({
          id: claimId,
          site_id: donation.site_id,
          donation_id: donation.id,
          payment_id: renewal.id,
          provider: 'stripe',
          amount_cents: 800,
          currency: renewal.currency,
          status: 'pending',
          reference: null,
          source: 'owner',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await server.db
        .updateTable('donation_payments')
        .set({ refunded_cents: 800 })
        .where('id', '=', renewal.id)
        .execute();
      const made = await fake.refundFromDashboard(renewal.reference!, { amount: 800, hold: true });
      const failed = await fake.failRefund(made.refund.id, { hold: true });
      // Its failure arrives first, twice at once: it waits for the owner's answer, nothing changes.
      expect(await allAtOnce([failed.event.id, failed.event.id])).toEqual([503, 503]);
      expect(await refundRows(renewal.id)).toEqual([{ reference: null, status: 'pending', amount_cents: 800 }]);
      // The owner's answer is written; Stripe's next deliveries, three at once: the refund stops counting once.
      await server.db
        .updateTable('donation_refunds')
        .set({ status: 'succeeded', reference: made.refund.id })
        .where('id', '=', claimId)
        .execute();
      expect(await allAtOnce([failed.event.id, failed.event.id, failed.event.id])).toEqual([200, 200, 200]);
      expect(await refundRows(renewal.id)).toEqual([
        { reference: made.refund.id, status: 'failed', amount_cents: 800 },
      ]);
      expect((await paymentsOf(server, donation.id))[1]!.refunded_cents).toBe(0);
    });
  });
}

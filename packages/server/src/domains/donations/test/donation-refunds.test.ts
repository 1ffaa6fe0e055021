import { beforeAll, describe, expect, it } from 'vitest';
import type { HostedPaymentProvider } from '../../payments/index.js';
import { refundRenewalPayment } from '../refunds.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { DONATION_BLOCK, donationOf, paymentsOf, donationSuite } from '../../../../test/donations-helpers.js';
import { buyerClicks } from '../../../../test/fakes/paypal-fake.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 23: refunds of renewal payments. A renewal is no order, so the owner refunds it from the
// gift's payments; the provider's webhook about the same refund, a refund made in PayPal's own
// dashboard, and refunds asked four times at once are each recorded once, and the totals follow.

for (const dialect of DIALECTS) {
  describe(`refunds of renewal payments (${dialect})`, () => {
    let owner: Visitor;

    const suite = donationSuite(dialect, 'paypal');
    beforeAll(async () => {
      owner = await ownerSession(suite.server, OWNERS.storeManager);
    });

    /** A monthly gift of `cents` with `renewals` renewals, every webhook delivered; answers the gift and its payments. */
    async function giftWithRenewals(email: string, cents: number, renewals: number) {
      const placed = await Visitor.of(suite.server).post('/donate', {
        block: DONATION_BLOCK.id,
        name: 'Rene Refund',
        email,
        amountCents: cents,
        interval: 'month',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const donation = await donationOf(suite.server, placed.body.orderId);
      await buyerClicks(placed.body.redirect, 'Approve');
      for (let i = 0; i < renewals; i++) suite.fake.bill(donation.provider_subscription_id!);
      await suite.fake.webhooks.deliverPending();
      const payments = await paymentsOf(suite.server, donation.id);
      expect(payments).toHaveLength(renewals + 1);
      return { donation, payments, orderId: String(placed.body.orderId) };
    }
    const refundUrl = (donationId: string, paymentId: string) =>
      `/api/config/donations/${donationId}/payments/${paymentId}/refund`;
    const totals = async () => (await owner.get('/api/config/donations/totals')).body.totals;
    const refundsOf = (paymentId: string) =>
      suite.server.db.selectFrom('donation_refunds').selectAll().where('payment_id', '=', paymentId).execute();

    it('four refunds of one renewal at once: one reaches PayPal, its webhook twice at once adds nothing', async () => {
      const { donation, payments } = await giftWithRenewals('four@example.com', 2500, 1);
      const renewal = payments[1]!;
      const before = (await totals())[0].totalCents;
      const listed = await owner.get(`/api/config/donations/${donation.id}/payments`);
      expect(listed.status).toBe(200);
      expect(listed.body.payments).toMatchObject([
        { cycle: 1, amountCents: 2500, refundedCents: 0, orderId: donation.order_id, orderNumber: expect.any(Number) },
        {
          cycle: 2,
          amountCents: 2500,
          refundedCents: 0,
          orderId: null,
          orderNumber: null,
          reference: renewal.reference,
        },
      ]);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => owner.post(refundUrl(donation.id, renewal.id), {})),
      );
      // One refund; the others lost the claim (409) or found nothing left to refund (400).
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        expect([409, 400], JSON.stringify(lost.body)).toContain(lost.status);
        expect(['conflict', 'not-refundable']).toContain(lost.body.error);
      }
      const ok = answers.find((a) => a.status === 200)!;
      expect(ok.body).toMatchObject({
        ok: true,
        refundedCents: 2500,
        refund: { amountCents: 2500, provider: 'paypal' },
      });
      expect(suite.fake.requestsTo('POST', `/v2/payments/captures/${renewal.reference}/refund`)).toHaveLength(1);
      const event = suite.fake.webhooks.sent.at(-1)!;
      expect(event.eventType).toBe('PAYMENT.SALE.REFUNDED');
      expect(await Promise.all([suite.fake.webhooks.deliver(event), suite.fake.webhooks.deliver(event)])).toEqual([
        200, 200,
      ]);
      expect(await refundsOf(renewal.id)).toMatchObject([
        { status: 'succeeded', amount_cents: 2500, reference: ok.body.refund.reference, source: 'owner' },
      ]);
      expect((await paymentsOf(suite.server, donation.id))[1]).toMatchObject({ refunded_cents: 2500 });
      expect((await totals())[0].totalCents).toBe(before - 2500);
      const again = await owner.post(refundUrl(donation.id, renewal.id), { amountCents: 100 });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe('not-refundable');
    });

    it('a refund made in the PayPal dashboard is recorded from its webhook, once; the owner may refund the rest', async () => {
      const { donation, payments } = await giftWithRenewals('dashboard@example.com', 3000, 1);
      const renewal = payments[1]!;
      const before = (await totals())[0].totalCents;
      const reference = suite.fake.refundFromDashboard(renewal.reference!, 1000);
      const event = suite.fake.webhooks.sent.at(-1)!;
      expect(await Promise.all([1, 2, 3].map(() => suite.fake.webhooks.deliver(event)))).toEqual([200, 200, 200]);
      expect(await refundsOf(renewal.id)).toMatchObject([
        { reference, amount_cents: 1000, source: 'provider', status: 'succeeded' },
      ]);
      expect((await totals())[0].totalCents).toBe(before - 1000);
      const more = await owner.post(refundUrl(donation.id, renewal.id), { amountCents: 2500 });
      expect(more.status).toBe(400);
      expect(more.body).toMatchObject({
        error: 'not-refundable',
        message: 'You can refund at most $20.00 of this payment.',
        refundableCents: 2000,
      });
      const rest = await owner.post(refundUrl(donation.id, renewal.id), {});
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(rest.body.refundedCents).toBe(3000);
      expect((await totals())[0].totalCents).toBe(before - 3000);
    });

    it('the webhook coming before the owner answer is written takes over the claim: still one refund', async () => {
      const { donation, payments } = await giftWithRenewals('race@example.com', 1800, 1);
      const renewal = payments[1]!;
      const real = (await suite.server.app.services.hostedPayments!.registry.providerFor(donation.site_id, 'paypal'))!;
      // PayPal answers, and its webhook arrives before Tessera has written that answer.
      const racing: HostedPaymentProvider = {
        ...real,
        refund: async (request) => {
          const answer = await real.refund(request);
          expect(await suite.fake.webhooks.deliverPending()).toEqual([200]);
          return answer;
        },
      };
      const outcome = await refundRenewalPayment(suite.server.db, async () => racing, {
        siteId: donation.site_id,
        donationId: donation.id,
        paymentId: renewal.id,
        amountCents: 800,
        locale: 'en-US',
      });
      expect(outcome).toMatchObject({ ok: true, refundedCents: 800 });
      const rows = await refundsOf(renewal.id);
      expect(rows).toMatchObject([{ status: 'succeeded', amount_cents: 800, source: 'owner' }]);
      expect(rows[0]!.reference).toBe(outcome.ok ? outcome.refund.reference : '');
    });

    it('PayPal refusing gives the claim back; the refund PayPal knows of (not yet told) is recorded when told', async () => {
      const { donation, payments } = await giftWithRenewals('refused@example.com', 2000, 1);
      const renewal = payments[1]!;
      suite.fake.refundFromDashboard(renewal.reference!, 2000);
      const refused = await owner.post(refundUrl(donation.id, renewal.id), {});
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({ error: 'refund-failed', provider: 'paypal' });
      expect(refused.body.message).toContain('REFUND_AMOUNT_EXCEEDED');
      expect(await refundsOf(renewal.id)).toEqual([]);
      expect((await paymentsOf(suite.server, donation.id))[1]).toMatchObject({ refunded_cents: 0 });
      await suite.fake.webhooks.deliverPending();
      expect((await paymentsOf(suite.server, donation.id))[1]).toMatchObject({ refunded_cents: 2000 });
    });

    it('a first payment is an order: refunded from Orders, and the totals and the list follow it', async () => {
      const { donation, payments, orderId } = await giftWithRenewals('first@example.com', 1500, 0);
      const before = (await totals())[0].totalCents;
      const here = await owner.post(refundUrl(donation.id, payments[0]!.id), {});
      expect(here.status).toBe(409);
      expect(here.body).toMatchObject({ error: 'conflict', orderId });
      expect(here.body.message).toMatch(/^This is the gift's first payment, order #\d+: refund it from Orders\.$/);
      const order = await owner.post(`/api/config/orders/${orderId}/refund`, { amountCents: 500 });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect((await totals())[0].totalCents).toBe(before - 500);
      const list = await owner.get('/api/config/donations');
      expect(list.body.donations.find((d: { id: string }) => d.id === donation.id)).toMatchObject({
        paidCents: 1000,
        refundedCents: 500,
      });
      const csv = String((await owner.get('/api/config/donations.csv')).body);
      expect(csv).toContain('first@example.com,yes,15.00,USD,month,active,10.00,1,,5.00');
    });

    it('only store owners refund, with the crumb, valid ids and a whole positive amount', async () => {
      const { donation, payments } = await giftWithRenewals('rules@example.com', 1200, 1);
      const url = refundUrl(donation.id, payments[1]!.id);
      expect((await Visitor.of(suite.server).post(url, {})).status).toBe(401);
      const editor = await ownerSession(suite.server, OWNERS.editor);
      expect((await editor.post(url, {})).status).toBe(403);
      expect((await editor.get(`/api/config/donations/${donation.id}/payments`)).status).toBe(403);
      expect((await owner.request('POST', url, { body: {}, crumb: false })).status).toBe(403);
      for (const body of [
        { amountCents: -5 },
        { amountCents: 1.5 },
        { amountCents: 'all' },
        { amount: 5 },
        { amountCents: 0 },
      ]) {
        const answer = await owner.post(url, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      expect((await owner.post(refundUrl(donation.id, 'no-such-payment'), {})).status).toBe(404);
      expect((await owner.post(refundUrl('no-such-gift', payments[1]!.id), {})).status).toBe(404);
      expect((await owner.post(refundUrl('../x', payments[1]!.id), {})).status).toBe(404);
      expect((await owner.get('/api/config/donations/no-such-gift/payments')).status).toBe(404);
      expect(suite.fake.requestsTo('POST', `/v2/payments/captures/${payments[1]!.reference}/refund`)).toHaveLength(0);
    });

    it("never reaches another gift's payment or another site's gift, whatever ids are combined", async () => {
      const mine = await giftWithRenewals('mine@example.com', 1500, 1);
      const theirs = await giftWithRenewals('theirs@example.com', 1700, 1);
      // A payment of one gift named under another gift's address is no payment of that gift.
      const crossed = await owner.post(refundUrl(mine.donation.id, theirs.payments[1]!.id), {});
      expect(crossed.status).toBe(404);
      expect(crossed.body).toEqual({ error: 'not-found', message: 'That payment does not exist.' });
      const listed = (await owner.get(`/api/config/donations/${mine.donation.id}/payments`)).body.payments;
      expect(listed.map((p: { id: string }) => p.id)).not.toContain(theirs.payments[1]!.id);
      // The second gift moves to another site: its owner's ids mean nothing on this one.
      const site = await suite.server.db
        .selectFrom('sites')
        .selectAll()
        .where('id', '=', mine.donation.site_id)
        .executeTakeFirstOrThrow();
      await suite.server.db
        .insertInto('sites')
        .values({
          ...site,
          id: 'refund-other-site',
          host: 'refund-other.test',
          created_at: new Date().toISOString(),
          files_root: 0,
        })
        .execute();
      for (const table of ['donations', 'donation_payments'] as const) {
        const column = table === 'donations' ? 'id' : 'donation_id';
        await suite.server.db
          .updateTable(table)
          .set({ site_id: 'refund-other-site' })
          .where(column, '=', theirs.donation.id)
          .execute();
      }
      expect((await owner.get(`/api/config/donations/${theirs.donation.id}/payments`)).status).toBe(404);
      const foreign = await owner.post(refundUrl(theirs.donation.id, theirs.payments[1]!.id), { amountCents: 100 });
      expect(foreign.status).toBe(404);
      for (const payment of theirs.payments) {
        expect(suite.fake.requestsTo('POST', `/v2/payments/captures/${payment.reference}/refund`)).toHaveLength(0);
      }
      expect(await refundsOf(theirs.payments[1]!.id)).toEqual([]);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { cancelToken } from '../cancel-token.js';
import { DIALECTS } from '../../../testing.js';
import { DONATION_BLOCK, donationOf, paymentsOf, donationSuite } from '../../../../test/donations-helpers.js';
import { buyerClicks } from '../../../../test/fakes/paypal-fake.js';
import type { SentWebhook } from '../../../../test/fakes/paypal-fake-webhooks.js';
import { followBack, mailTo } from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 23: recurring gifts when the site's provider is PayPal. PayPal keeps no method Tessera could
// charge, so a monthly gift is a PayPal subscription: the donor approves it on PayPal, PayPal takes
// each payment and says so by signed webhook, Tessera records each payment once (however often and
// however concurrently the webhook comes), mails a receipt with the cancel link, and the link
// cancels the subscription at PayPal.

for (const dialect of DIALECTS) {
  describe(`PayPal recurring donations (${dialect})`, () => {
    const suite = donationSuite(dialect, 'paypal');

    const give = (visitor: Visitor, body: Record<string, unknown>) =>
      visitor.post('/donate', { block: DONATION_BLOCK.id, name: 'Pat Paypal', ...body });
    /** Events PayPal signed since `from`, for one subscription (or its sales). */
    const eventsOf = (subscriptionId: string, from = 0): SentWebhook[] =>
      suite.fake.webhooks.sent.slice(from).filter((e) => e.body.includes(subscriptionId));
    /** Delivers each event `times` times, all at once; answers the statuses. */
    const deliverAtOnce = (events: SentWebhook[], times: number) =>
      Promise.all(events.flatMap((e) => Array.from({ length: times }, () => suite.fake.webhooks.deliver(e))));

    /** A monthly gift approved on PayPal with its webhooks delivered; answers its ids. */
    async function monthlyGift(email: string, customAmount: string) {
      const placed = await give(Visitor.of(suite.server), { customAmount, interval: 'month', email });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const subscriptionId = (await donationOf(suite.server, placed.body.orderId)).provider_subscription_id!;
      const before = suite.fake.webhooks.sent.length;
      await buyerClicks(placed.body.redirect, 'Approve');
      expect(await deliverAtOnce(eventsOf(subscriptionId, before), 1)).toEqual([200, 200]);
      return { orderId: String(placed.body.orderId), subscriptionId };
    }

    it('a monthly gift opens a PayPal subscription at the donor amount, not an order to capture', async () => {
      const visitor = Visitor.of(suite.server);
      const placed = await give(visitor, { customAmount: '12.50', interval: 'month', email: 'monthly@example.com' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const redirect = new URL(placed.body.redirect);
      expect(redirect.origin + redirect.pathname).toBe(`${suite.fake.url}/webapps/billing/subscriptions`);
      expect(suite.fake.requestsTo('POST', '/v2/checkout/orders')).toHaveLength(0);
      const created = suite.fake.requestsTo('POST', '/v1/billing/subscriptions').at(-1)!;
      expect(created.requestId).toBe(`tessera-order-${placed.body.orderId}`);
      expect(created.body).toMatchObject({
        custom_id: placed.body.orderId,
        plan: {
          billing_cycles: [{ sequence: 1, pricing_scheme: { fixed_price: { currency_code: 'USD', value: '12.50' } } }],
        },
        application_context: {
          return_url: expect.stringContaining(`/checkout/payments/paypal/return?order=${placed.body.orderId}`),
        },
      });
      const plan = suite.fake.subscriptions.plans.get(created.body.plan_id)!;
      expect(plan).toMatchObject({
        name: 'Monthly donation (USD)',
        billing_cycles: [{ frequency: { interval_unit: 'MONTH' } }],
      });
      const donation = await donationOf(suite.server, placed.body.orderId);
      expect(donation).toMatchObject({ status: 'pending', provider: 'paypal', interval: 'month', amount_cents: 1250 });
      expect(donation.provider_subscription_id).toMatch(/^I-/);
    });

    it('approved: the return page and the webhooks, each delivered three times at once, record the first payment once', async () => {
      const visitor = Visitor.of(suite.server);
      const placed = await give(visitor, { customAmount: '12.50', interval: 'month', email: 'approve@example.com' });
      const subscriptionId = (await donationOf(suite.server, placed.body.orderId)).provider_subscription_id!;
      const before = suite.fake.webhooks.sent.length;
      const back = await buyerClicks(placed.body.redirect, 'Approve');
      expect(back.searchParams.get('subscription_id')).toBe(subscriptionId);
      const events = eventsOf(subscriptionId, before);
      expect(events.map((e) => e.eventType)).toEqual(['BILLING.SUBSCRIPTION.ACTIVATED', 'PAYMENT.SALE.COMPLETED']);
      const [statuses, returned] = await Promise.all([deliverAtOnce(events, 3), followBack(visitor, back.toString())]);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      expect(returned.headers.get('location')).toBe(`/donate/thanks/${placed.body.orderId}`);
      const donation = await donationOf(suite.server, placed.body.orderId);
      expect(donation).toMatchObject({
        status: 'active',
        next_charge_at: null,
        saved_reference: `paypal:${subscriptionId}`,
      });
      const firstSale = suite.fake.subscriptions.find(subscriptionId).sales[0]!;
      expect(await paymentsOf(suite.server, donation.id)).toMatchObject([
        { cycle: 1, status: 'succeeded', amount_cents: 1250, reference: firstSale.id, order_id: placed.body.orderId },
      ]);
      const order = await suite.server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', placed.body.orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ payment_status: 'paid' });
      const mail = await mailTo(suite.server, 'approve@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text_body).toContain('Amount: $12.50');
      expect(mail[0]!.text_body).toMatch(/\/donate\/cancel\?token=/);
      // The donor never needs the return page: the thanks page shows the gift as paid.
      expect(String((await visitor.get(`/donate/thanks/${placed.body.orderId}`)).body)).toContain('$12.50');
    });

    it('each renewal PayPal takes is recorded once with a receipt; the receipt cancel link cancels at PayPal', async () => {
      const { orderId, subscriptionId } = await monthlyGift('renewing@example.com', '20');
      const donation = await donationOf(suite.server, orderId);
      const before = suite.fake.webhooks.sent.length;
      suite.fake.bill(subscriptionId);
      suite.fake.bill(subscriptionId);
      const renewals = eventsOf(subscriptionId, before);
      expect(renewals.map((e) => e.eventType)).toEqual(['PAYMENT.SALE.COMPLETED', 'PAYMENT.SALE.COMPLETED']);
      // Both renewals, each delivered three times, all at once.
      expect(new Set(await deliverAtOnce(renewals, 3))).toEqual(new Set([200]));
      const sales = suite.fake.subscriptions.find(subscriptionId).sales.map((s) => s.id);
      const payments = await paymentsOf(suite.server, donation.id);
      expect(payments.map((p) => [p.cycle, p.reference, p.amount_cents])).toEqual([
        [1, sales[0], 2000],
        [2, expect.any(String), 2000],
        [3, expect.any(String), 2000],
      ]);
      expect(new Set(payments.map((p) => p.reference))).toEqual(new Set(sales));
      await expect.poll(() => suite.received.filter((r) => r.to === 'renewing@example.com').length).toBe(3);
      const receipts = await mailTo(suite.server, 'renewing@example.com');
      expect(receipts).toHaveLength(3);
      for (const receipt of receipts) {
        expect(receipt.text_body).toContain('Amount: $20.00');
        expect(receipt.text_body).toMatch(/\/donate\/cancel\?token=/);
      }
      expect(suite.received.find((r) => r.to === 'renewing@example.com')!.raw).toContain('/donate/cancel?token=');

      const link = /(\/donate\/cancel\?token=\S+)/.exec(receipts.at(-1)!.text_body)![1]!;
      const token = decodeURIComponent(link.split('token=')[1]!);
      const visitor = Visitor.of(suite.server);
      expect(String((await visitor.get(link)).body)).toContain('Cancel my donation');
      const [a, b] = await Promise.all([
        visitor.post('/donate/cancel', { token }),
        visitor.post('/donate/cancel', { token }),
      ]);
      expect([a.body.status, b.body.status].sort()).toEqual(['already', 'cancelled']);
      expect(suite.fake.subscriptions.find(subscriptionId)).toMatchObject({
        status: 'CANCELLED',
        statusNote: 'Cancelled by the donor from the receipt link.',
      });
      expect(await donationOf(suite.server, orderId)).toMatchObject({ status: 'cancelled' });
      // PayPal's CANCELLED event changes nothing more.
      const cancelled = eventsOf(subscriptionId).filter((e) => e.eventType === 'BILLING.SUBSCRIPTION.CANCELLED');
      expect(cancelled).toHaveLength(1);
      expect(await deliverAtOnce(cancelled, 2)).toEqual([200, 200]);
      expect(await donationOf(suite.server, orderId)).toMatchObject({ status: 'cancelled' });
      expect(await paymentsOf(suite.server, donation.id)).toHaveLength(3);
    });

    it('when PayPal cannot be reached the cancel changes nothing and says so; the next try cancels', async () => {
      const { orderId, subscriptionId } = await monthlyGift('unreachable@example.com', '9');
      const receipt = (await mailTo(suite.server, 'unreachable@example.com'))[0]!;
      const token = decodeURIComponent(/token=(\S+)/.exec(receipt.text_body)![1]!);
      const visitor = Visitor.of(suite.server);
      suite.fake.failNextSubscriptionCancel = true;
      const failed = await visitor.post('/donate/cancel', { token });
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({ error: 'provider-unreachable' });
      expect(await donationOf(suite.server, orderId)).toMatchObject({ status: 'active' });
      expect(suite.fake.subscriptions.find(subscriptionId).status).toBe('ACTIVE');
      expect((await visitor.post('/donate/cancel', { token })).body.status).toBe('cancelled');
      expect(suite.fake.subscriptions.find(subscriptionId).status).toBe('CANCELLED');
    });

    it('a renewal PayPal could not take suspends the subscription: the gift stops, the donor is told, PayPal cancels it', async () => {
      const { orderId, subscriptionId } = await monthlyGift('declined@example.com', '7');
      const before = suite.fake.webhooks.sent.length;
      suite.fake.bill(subscriptionId, { decline: true });
      const events = eventsOf(subscriptionId, before);
      expect(events.map((e) => e.eventType)).toEqual([
        'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
        'BILLING.SUBSCRIPTION.SUSPENDED',
      ]);
      expect(await deliverAtOnce(events, 2)).toEqual([200, 200, 200, 200]);
      expect(await donationOf(suite.server, orderId)).toMatchObject({ status: 'lapsed', next_charge_at: null });
      expect(suite.fake.subscriptions.find(subscriptionId).status).toBe('CANCELLED');
      const lapsed = (await mailTo(suite.server, 'declined@example.com')).filter((m) =>
        m.subject.includes('has stopped'),
      );
      expect(lapsed).toHaveLength(1);
      expect(lapsed[0]!.text_body).toContain('PayPal could not take the payment');
    });

    it('webhooks are trusted only when PayPal verifies their signature: a forged renewal records nothing', async () => {
      const { orderId, subscriptionId } = await monthlyGift('forged@example.com', '15');
      const donation = await donationOf(suite.server, orderId);
      const before = suite.fake.webhooks.sent.length;
      suite.fake.bill(subscriptionId);
      const genuine = eventsOf(subscriptionId, before)[0]!;
      const forged = genuine.body.replace('"15.00"', '"1500.00"');
      const answer = await fetch(suite.fake.webhooks.url!, { method: 'POST', headers: genuine.headers, body: forged });
      expect(answer.status).toBe(400);
      const unsigned = { ...genuine.headers, 'paypal-transmission-sig': 'AAAA' };
      expect(
        (await fetch(suite.fake.webhooks.url!, { method: 'POST', headers: unsigned, body: genuine.body })).status,
      ).toBe(400);
      expect(await paymentsOf(suite.server, donation.id)).toHaveLength(1);
      expect(await suite.fake.webhooks.deliver(genuine)).toBe(200);
      expect((await paymentsOf(suite.server, donation.id)).map((p) => p.amount_cents)).toEqual([1500, 1500]);
    });

    it('cancelled before approval: an approval that still comes is refunded and its subscription cancelled', async () => {
      const placed = await give(Visitor.of(suite.server), {
        customAmount: '11',
        interval: 'month',
        email: 'early@example.com',
      });
      const donation = await donationOf(suite.server, placed.body.orderId);
      const token = (
        await suite.server.db
          .selectFrom('donations')
          .select('cancel_secret')
          .where('id', '=', donation.id)
          .executeTakeFirstOrThrow()
      ).cancel_secret;
      const cancelled = await Visitor.of(suite.server).post('/donate/cancel', {
        token: cancelToken(donation.id, token),
      });
      expect(cancelled.body.status).toBe('cancelled');
      const subscriptionId = donation.provider_subscription_id!;
      expect(suite.fake.subscriptions.find(subscriptionId).status).toBe('APPROVAL_PENDING');
      const before = suite.fake.webhooks.sent.length;
      await buyerClicks(placed.body.redirect, 'Approve');
      expect(await deliverAtOnce(eventsOf(subscriptionId, before), 2)).toEqual([200, 200, 200, 200]);
      const sale = suite.fake.subscriptions.find(subscriptionId).sales[0]!;
      expect(sale.state).toBe('refunded');
      expect(suite.fake.subscriptions.find(subscriptionId).status).toBe('CANCELLED');
      expect(await paymentsOf(suite.server, donation.id)).toEqual([]);
      expect(await donationOf(suite.server, placed.body.orderId)).toMatchObject({ status: 'cancelled' });
      const order = await suite.server.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', placed.body.orderId)
        .executeTakeFirstOrThrow();
      expect(order).toMatchObject({ payment_status: 'refunded', refunded_cents: 1100 });
      // Its refund webhook finds the refund recorded.
      const pending = eventsOf(subscriptionId).filter((e) => e.deliveries.length === 0);
      expect(pending.map((e) => e.eventType)).toEqual(['PAYMENT.SALE.REFUNDED', 'BILLING.SUBSCRIPTION.CANCELLED']);
      expect(await deliverAtOnce(pending, 2)).toEqual([200, 200, 200, 200]);
      const refunds = await suite.server.db
        .selectFrom('payments')
        .select('kind')
        .where('order_id', '=', order.id)
        .where('kind', '=', 'refund')
        .execute();
      expect(refunds).toHaveLength(1);
    });

    it('a one-time gift with PayPal is still an Orders v2 checkout, with no subscription', async () => {
      const once = await give(Visitor.of(suite.server), {
        amountCents: 2500,
        interval: 'once',
        email: 'once@example.com',
      });
      expect(once.status, JSON.stringify(once.body)).toBe(201);
      expect(new URL(once.body.redirect).pathname).toBe('/checkoutnow');
      expect((await donationOf(suite.server, once.body.orderId)).provider_subscription_id).toBeNull();
    });
  });
}

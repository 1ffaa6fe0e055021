import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAccess } from '../service.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession, siteUserSession } from '../../../../test/auth-helpers.js';
import { buyerClicks, type PaypalFake, startPaypalFake, paypalKeysOf } from '../../../../test/fakes/paypal-fake.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from '../../../../test/fakes/stripe-fake.js';
import { followBack, stripeOrderBody } from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { MANY_ORDERS } from '../../../../test/checkout-helpers.js';

// Issue 23: a refunded renewal of a paid member plan. What was decided: a renewal refunded in full
// ends the access that renewal paid for at once (a refunded order gives no access, and revenue per
// plan no longer counts it); a partial refund keeps the access (the member still paid for the
// period); the plan keeps renewing unless it is cancelled, and an owner who wants the member to keep
// access grants it. Both ways a refund is made are recorded once: the owner's refund from Orders
// (four at once: one reaches the provider), and one made in PayPal's dashboard, told by webhook.

const DAY = 86_400_000;
const BASE = '/api/config/member-areas';
const PASSWORD = 'member-password-1';

for (const dialect of DIALECTS) {
  describe(`refunded renewals of member plans (${dialect})`, () => {
    let server: TestServer;
    let stripe: StripeFake;
    let paypal: PaypalFake;
    let owner: Visitor;
    let siteId: string;
    let areaId: string;
    let planId: string;

    beforeAll(async () => {
      stripe = await startStripeFake();
      paypal = await startPaypalFake();
      server = await startTestServer({
        dialect,
        config: {
          ...MANY_ORDERS,
          stripe: stripeKeysOf(stripe),
          paypal: paypalKeysOf(paypal),
        },
      });
      stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
      paypal.webhooks.url = `${server.url}/api/payments/paypal/webhook`;
      owner = await ownerSession(server, OWNERS.storeManager);
      siteId = (await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow()).id;
      const list = await owner.get(BASE);
      const members = list.body.collections.find((c: { slug: string }) => c.slug === 'members');
      areaId = (await owner.post(BASE, { title: 'Circle', collectionIds: [members.id] })).body.area.id;
      const plan = await owner.post(`${BASE}/${areaId}/plans`, {
        title: 'Monthly',
        kind: 'recurring',
        priceCents: 900,
        intervalUnit: 'MONTH',
      });
      expect(plan.status, JSON.stringify(plan.body)).toBe(201);
      planId = plan.body.planId;
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
      await paypal?.close();
    });

    const access = (siteUserId: string, at: Date) =>
      memberAccess(server.db, { siteId, areaId, siteUserId, now: at.toISOString() });
    const revenue = async () =>
      (await owner.get(`${BASE}/${areaId}/members`)).body.revenue.find((r: { planId: string }) => r.planId === planId);
    const subscriptionOf = (siteUserId: string) =>
      server.db
        .selectFrom('subscriptions')
        .selectAll()
        .where('site_user_id', '=', siteUserId)
        .executeTakeFirstOrThrow();
    const orderOf = (id: string) =>
      server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    /** A member who joined the plan and paid its first month with `provider`; answers them and the first order. */
    async function member(email: string, provider: 'stripe' | 'paypal') {
      const visitor = await siteUserSession(server, { email, password: PASSWORD });
      const joined = await visitor.post('/api/member-areas/join', { planId });
      const cartToken = new URL(joined.body.redirect, server.url).searchParams.get('cartToken');
      const placed = await visitor.post('/api/checkout/orders', {
        ...stripeOrderBody({ email }),
        cartToken,
        idempotencyKey: randomUUID(),
        paymentMethod: provider,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      if (provider === 'stripe') {
        await stripe.pay(String(placed.body.redirect).slice(`${stripe.url}/pay/`.length));
      } else {
        await followBack(visitor, (await buyerClicks(placed.body.redirect, 'Approve')).toString());
      }
      expect((await orderOf(placed.body.order.id)).payment_status).toBe('paid');
      return { visitor, id: visitor.siteUserId! };
    }

    /** Runs the renewal due at the end of the first month; answers its order id and when it ends. */
    async function renew(siteUserId: string) {
      const sub = await subscriptionOf(siteUserId);
      const due = new Date(sub.next_billing_at!);
      const runs = await server.app.services.checkout!.renewals.runDue(new Date(due.getTime() + 60_000));
      const mine = runs.filter((r) => r.subscriptionId === sub.id);
      expect(mine).toHaveLength(1);
      return { orderId: mine[0]!.orderId!, due, status: mine[0]!.status };
    }

    it('the owner refunds a renewal in full (four times at once): one refund at Stripe, access ends at once', async () => {
      const { id } = await member('refunded@example.com', 'stripe');
      const renewal = await renew(id);
      expect(renewal.status).toBe('ordered');
      expect((await orderOf(renewal.orderId)).payment_status).toBe('paid');
      const during = new Date(renewal.due.getTime() + 2 * DAY);
      expect(await access(id, during)).toMatchObject({ active: true, source: 'recurring' });
      const before = await revenue();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => owner.post(`/api/config/orders/${renewal.orderId}/refund`, {})),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(stripe.requestsTo('/v1/refunds', 'POST')).toHaveLength(1);
      const refunded = await orderOf(renewal.orderId);
      expect(refunded).toMatchObject({ payment_status: 'refunded', refunded_cents: refunded.amount_due_cents });
      expect(await access(id, during)).toMatchObject({ active: false });
      // Revenue per plan counts the plan's line (tax is not the plan's): all 900 of it went back.
      expect(await revenue()).toMatchObject({
        revenueCents: before.revenueCents - 900,
        refundedCents: before.refundedCents + 900,
        paidOrders: before.paidOrders - 1,
      });
      // The plan itself keeps renewing: the next month, paid, gives access again.
      expect((await subscriptionOf(id)).status).toBe('active');
    });

    it('a partial refund of a renewal keeps the access it paid for; revenue counts what was kept', async () => {
      const { id } = await member('partial@example.com', 'stripe');
      const renewal = await renew(id);
      const before = await revenue();
      const refund = await owner.post(`/api/config/orders/${renewal.orderId}/refund`, { amountCents: 300 });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);
      expect(await access(id, new Date(renewal.due.getTime() + 2 * DAY))).toMatchObject({ active: true });
      // The line's share of the refund: 300 of an order of 900 + tax.
      const share = Math.round((300 * 900) / (await orderOf(renewal.orderId)).grand_total_cents);
      expect(share).toBeLessThan(300);
      expect(await revenue()).toMatchObject({
        revenueCents: before.revenueCents - share,
        refundedCents: before.refundedCents + share,
        paidOrders: before.paidOrders,
      });
    });

    it('a renewal paid with PayPal and refunded in PayPal’s dashboard: the webhook, three times at once, records it once', async () => {
      const { id } = await member('paypal-member@example.com', 'paypal');
      const renewal = await renew(id);
      // PayPal keeps no method to charge: the renewal waits for the member, who pays it through the mailed link.
      expect(renewal.status).toBe('awaiting-payment');
      const pay = await fetch(`${server.url}/checkout/pay/${renewal.orderId}`, { redirect: 'manual' });
      expect(pay.status).toBe(303);
      await followBack(Visitor.of(server), (await buyerClicks(pay.headers.get('location')!, 'Approve')).toString());
      const paid = await orderOf(renewal.orderId);
      expect(paid.payment_status).toBe('paid');
      const during = new Date(renewal.due.getTime() + 2 * DAY);
      expect(await access(id, during)).toMatchObject({ active: true });
      await paypal.webhooks.deliverPending();
      const before = await revenue();
      const capture = await server.db
        .selectFrom('payments')
        .select('reference')
        .where('order_id', '=', renewal.orderId)
        .where('kind', '=', 'charge')
        .executeTakeFirstOrThrow();
      // The owner refunds 1.00 from Orders first: PayPal's webhook about it finds it recorded.
      const part = await owner.post(`/api/config/orders/${renewal.orderId}/refund`, { amountCents: 100 });
      expect(part.status, JSON.stringify(part.body)).toBe(200);
      expect(await paypal.webhooks.deliverPending()).toEqual([200]);
      // Then the rest, in PayPal's dashboard.
      const reference = paypal.refundFromDashboard(capture.reference);
      const event = paypal.webhooks.sent.at(-1)!;
      expect(event.eventType).toBe('PAYMENT.CAPTURE.REFUNDED');
      // While an owner's refund of the order is on its way (claimed, not written), the webhook answers
      // 503 (refund-in-progress, not a server error) and nothing changes: PayPal delivers it again.
      const claimed = async (cents: number) =>
        server.db.updateTable('orders').set({ refunded_cents: cents }).where('id', '=', renewal.orderId).execute();
      await claimed(150);
      expect(await paypal.webhooks.deliver(event)).toBe(503);
      await claimed(100);
      expect(await Promise.all([1, 2, 3].map(() => paypal.webhooks.deliver(event)))).toEqual([200, 200, 200]);
      const refunds = await server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', renewal.orderId)
        .where('kind', '=', 'refund')
        .orderBy('created_at')
        .execute();
      expect(refunds).toMatchObject([
        { provider: 'paypal', amount_cents: 100, status: 'succeeded', reference: part.body.reference },
        { provider: 'paypal', reference, amount_cents: paid.amount_due_cents - 100, status: 'succeeded' },
      ]);
      expect(await orderOf(renewal.orderId)).toMatchObject({
        payment_status: 'refunded',
        refunded_cents: paid.amount_due_cents,
      });
      expect(await access(id, during)).toMatchObject({ active: false });
      expect(await revenue()).toMatchObject({
        revenueCents: before.revenueCents - 900,
        paidOrders: before.paidOrders - 1,
      });
    });

    it('a renewal paid with Stripe and refunded in Stripe’s dashboard: its events, three times at once, record it once', async () => {
      const { id } = await member('stripe-dashboard@example.com', 'stripe');
      const renewal = await renew(id);
      const paid = await orderOf(renewal.orderId);
      expect(paid.payment_status).toBe('paid');
      const during = new Date(renewal.due.getTime() + 2 * DAY);
      expect(await access(id, during)).toMatchObject({ active: true });
      const before = await revenue();
      const charge = await server.db
        .selectFrom('payments')
        .select('reference')
        .where('order_id', '=', renewal.orderId)
        .where('kind', '=', 'charge')
        .executeTakeFirstOrThrow();
      expect(charge.reference).toMatch(/^pi_/);
      const made = await stripe.refundFromDashboard(charge.reference, { hold: true });
      const ids = made.events.map((e) => e.id);
      const statuses = await Promise.all([...ids, ...ids, ...ids].map((eventId) => stripe.redeliver(eventId)));
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refunds = await server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', renewal.orderId)
        .where('kind', '=', 'refund')
        .execute();
      expect(refunds).toMatchObject([
        { provider: 'stripe', reference: made.refund.id, amount_cents: paid.amount_due_cents },
      ]);
      expect(await orderOf(renewal.orderId)).toMatchObject({
        payment_status: 'refunded',
        refunded_cents: paid.amount_due_cents,
      });
      expect(await access(id, during)).toMatchObject({ active: false });
      expect(await revenue()).toMatchObject({
        revenueCents: before.revenueCents - 900,
        paidOrders: before.paidOrders - 1,
      });
    });

    it('a renewal refund that fails at Stripe gives the access and the revenue back, once for three deliveries at once', async () => {
      const { id } = await member('failed-refund@example.com', 'stripe');
      const renewal = await renew(id);
      const during = new Date(renewal.due.getTime() + 2 * DAY);
      const before = await revenue();
      expect((await owner.post(`/api/config/orders/${renewal.orderId}/refund`, {})).status).toBe(200);
      expect(await access(id, during)).toMatchObject({ active: false });
      const refund = await server.db
        .selectFrom('payments')
        .select('reference')
        .where('order_id', '=', renewal.orderId)
        .where('kind', '=', 'refund')
        .executeTakeFirstOrThrow();
      await stripe.idle();
      const failed = await stripe.failRefund(refund.reference, { hold: true });
      const ids = [failed.event.id, failed.event.id, failed.event.id];
      expect(await Promise.all(ids.map((eventId) => stripe.redeliver(eventId)))).toEqual([200, 200, 200]);
      expect(await orderOf(renewal.orderId)).toMatchObject({ payment_status: 'paid', refunded_cents: 0 });
      expect(await access(id, during)).toMatchObject({ active: true, source: 'recurring' });
      expect(await revenue()).toMatchObject({
        revenueCents: before.revenueCents,
        refundedCents: before.refundedCents,
        paidOrders: before.paidOrders,
      });
    });

    it('the owner may keep a member in after refunding: a grant gives access back at once', async () => {
      const { id } = await member('kept@example.com', 'stripe');
      const renewal = await renew(id);
      expect((await owner.post(`/api/config/orders/${renewal.orderId}/refund`, {})).status).toBe(200);
      const now = new Date(renewal.due.getTime() + 60_000);
      expect((await access(id, now)).active).toBe(false);
      const granted = await owner.post(`${BASE}/${areaId}/members`, { email: 'kept@example.com' });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      expect(await access(id, new Date())).toMatchObject({ active: true, source: 'granted' });
    });
  });
}

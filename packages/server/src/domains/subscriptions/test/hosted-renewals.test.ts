import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInPaymentProviders } from '../../payments/methods/index.js';
import { createRenewalScheduler } from '../schedule.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { type OffSessionFake, startOffSessionFake } from '../../../../test/fakes/stripe-offsession-fake.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from '../../../../test/fakes/stripe-fake.js';
import { testCardSubscription } from '../../../../test/checkout-helpers.js';

const DAY = 86_400_000;
const SAVED = 'stripe:cus_renewal:pm_saved';

/**
 * A subscription as the hosted flow leaves it after a first payment with Stripe: started (here with
 * a test card, for its order and plan), its saved method moved to a Stripe customer + payment
 * method, its next renewal due at `due`.
 */
const stripeSubscription = (server: TestServer, due: Date, email: string) =>
  testCardSubscription(server, { email, due, paymentReference: SAVED });

for (const dialect of DIALECTS) {
  describe(`renewals charged off-session with Stripe (${dialect})`, () => {
    let stripe: StripeFake;
    let offSession: OffSessionFake;
    let server: TestServer;
    const due = new Date(Date.now() + 30 * DAY);
    const at = (days: number) => new Date(due.getTime() + days * DAY);

    beforeAll(async () => {
      stripe = await startStripeFake();
      offSession = await startOffSessionFake({ secretKey: stripe.secretKey, forwardTo: stripe.url });
      server = await startTestServer({
        dialect,
        config: {
          stripe: stripeKeysOf(stripe, offSession.url),
        },
      });
      stripe.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
    });
    afterAll(async () => {
      await server?.close();
      await offSession?.close();
      await stripe?.close();
    });

    const renewals = () => server.app.services.checkout!.renewals;
    const ours = async (id: string, now: Date) => (await renewals().runDue(now)).filter((o) => o.subscriptionId === id);
    const subscription = (id: string) =>
      server.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const orderOf = (id: string) =>
      server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const mailTo = (email: string) =>
      server.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();

    it('charges the saved method off-session and records the payment intent', async () => {
      offSession.answer = 'succeeded';
      const id = await stripeSubscription(server, due, 'paid@buyers.test');
      const [outcome] = await ours(id, due);
      expect(outcome).toMatchObject({ status: 'ordered', cycle: 2 });
      const order = await orderOf(outcome!.orderId!);
      expect(order).toMatchObject({ payment_status: 'paid', status: 'confirmed' });
      const charge = await server.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(charge).toMatchObject({ provider: 'stripe', status: 'succeeded', amount_cents: order.grand_total_cents });
      expect(charge.reference).toMatch(/^pi_/);
      const sent = offSession.intents.at(-1)!;
      expect(sent.body).toMatchObject({
        amount: String(order.grand_total_cents),
        currency: 'usd',
        customer: 'cus_renewal',
        payment_method: 'pm_saved',
        off_session: 'true',
        confirm: 'true',
        'metadata[order_id]': order.id,
      });
      expect(sent.idempotencyKey).toBe(`tessera-renewal-${id}-2-0`);
      expect(await subscription(id)).toMatchObject({ status: 'active', renewal_state: null, renewal_attempts: 0 });
    });

    it('mails a link to pay when the bank wants the buyer, retries on days 1, 3 and 5, then pauses', async () => {
      offSession.answer = 'authentication_required';
      const email = 'sca@buyers.test';
      const id = await stripeSubscription(server, due, email);
      const [first] = await ours(id, due);
      expect(first).toMatchObject({ status: 'awaiting-payment', renewalState: 'requires-action' });
      const waiting = await orderOf(first!.orderId!);
      expect(waiting).toMatchObject({ status: 'received', payment_status: 'pending' });
      expect(await subscription(id)).toMatchObject({
        status: 'active',
        renewal_state: 'requires-action',
        renewal_attempts: 1,
        renewal_retry_at: at(1).toISOString(),
      });
      const [mail] = await mailTo(email).then((all) => all.filter((m) => m.subject.includes('needs you')));
      // The link starts with the site's public address, never the request's Host.
      expect(mail?.text_body).toMatch(new RegExp(`Pay here: http://localhost:\\d+/checkout/pay/${waiting.id}`));
      expect(mail?.text_body).toContain('Your bank asks you to confirm this payment yourself.');

      // The owner sees it on the order.
      const manager = await ownerSession(server, OWNERS.storeManager);
      const shown = await manager.request('GET', `/api/config/orders/${waiting.id}`);
      expect(shown.body.order.subscription).toMatchObject({ status: 'active', renewalState: 'requires-action' });

      // Nothing before the retry day.
      expect(await ours(id, at(0.5))).toEqual([]);
      offSession.answer = 'card_declined';
      const [second] = await ours(id, at(1));
      expect(second).toMatchObject({ status: 'awaiting-payment', renewalState: 'declined', cycle: 2 });
      expect(second!.message).toContain('insufficient funds');
      // The order of the last attempt stops waiting: one renewal cannot be paid twice.
      expect(await orderOf(waiting.id)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
      expect((await subscription(id)).renewal_retry_at).toBe(at(3).toISOString());
      expect((await ours(id, at(3)))[0]?.status).toBe('awaiting-payment');
      expect((await subscription(id)).renewal_retry_at).toBe(at(5).toISOString());
      const [last] = await ours(id, at(5));
      expect(last).toMatchObject({ status: 'paused', renewalState: 'declined' });
      expect(await subscription(id)).toMatchObject({ status: 'paused', renewal_retry_at: null, renewal_attempts: 4 });
      expect(await ours(id, at(40))).toEqual([]);

      const keys = offSession.intents.filter((i) => i.idempotencyKey?.includes(id)).map((i) => i.idempotencyKey);
      expect(keys).toEqual([0, 1, 2, 3].map((n) => `tessera-renewal-${id}-2-${n}`));
      const mails = (await mailTo(email)).filter((m) => m.subject.includes('needs you'));
      expect(mails).toHaveLength(4);
      expect(mails.at(-1)?.text_body).toContain('paused');
      const cycle = await server.db
        .selectFrom('subscription_cycles')
        .selectAll()
        .where('subscription_id', '=', id)
        .where('cycle', '=', 2)
        .executeTakeFirstOrThrow();
      expect(cycle.status).toBe('paused');

      // The last waiting order is paid after all (here recorded by the owner): the subscription runs again.
      const marked = await manager.post(`/api/config/orders/${last!.orderId}/mark-paid`, {});
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(await subscription(id)).toMatchObject({
        status: 'active',
        renewal_state: null,
        renewal_retry_at: null,
        renewal_attempts: 0,
      });
      const settled = await server.db
        .selectFrom('subscription_cycles')
        .select('status')
        .where('id', '=', cycle.id)
        .executeTakeFirstOrThrow();
      expect(settled.status).toBe('ordered');
    });

    it('succeeds on a retry after a decline, and then renews as before', async () => {
      offSession.answer = 'card_declined';
      const id = await stripeSubscription(server, due, 'retry@buyers.test');
      expect((await ours(id, due))[0]?.status).toBe('awaiting-payment');
      offSession.answer = 'succeeded';
      const [retried] = await ours(id, at(1));
      expect(retried).toMatchObject({ status: 'ordered', cycle: 2 });
      expect(await orderOf(retried!.orderId!)).toMatchObject({ payment_status: 'paid' });
      expect(await subscription(id)).toMatchObject({
        status: 'active',
        renewal_state: null,
        renewal_attempts: 0,
        renewal_retry_at: null,
      });
    });

    it('takes the buyer from the mailed link to the payment page; once paid, the retries stop at once', async () => {
      offSession.answer = 'authentication_required';
      // Due now: the payment page the buyer opens expires within a day of the real clock.
      const dueNow = new Date(Date.now() - 60_000);
      const id = await stripeSubscription(server, dueNow, 'link@buyers.test');
      const [first] = await ours(id, dueNow);
      const orderId = first!.orderId!;
      const visit = await fetch(`${server.url}/checkout/pay/${orderId}`, { redirect: 'manual' });
      expect(visit.status).toBe(303);
      const page = visit.headers.get('location') ?? '';
      expect(page.startsWith(`${stripe.url}/pay/`)).toBe(true);
      const sessionId = page.split('/').at(-1)!;
      expect(stripe.sessions.get(sessionId)?.amount_total).toBe((await orderOf(orderId)).grand_total_cents);
      await stripe.pay(sessionId);
      await stripe.idle();
      expect(await orderOf(orderId)).toMatchObject({ payment_status: 'paid' });
      // Settling the payment cleared the retry state, before any retry ran.
      expect(await subscription(id)).toMatchObject({
        status: 'active',
        renewal_state: null,
        renewal_message: null,
        renewal_retry_at: null,
        renewal_attempts: 0,
      });
      const cycle = await server.db
        .selectFrom('subscription_cycles')
        .select('status')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(cycle.status).toBe('ordered');

      const before = offSession.intents.length;
      expect(await ours(id, new Date(dueNow.getTime() + DAY))).toEqual([]);
      expect(offSession.intents.length).toBe(before);
      // A paid order's link now shows the order.
      const again = await fetch(`${server.url}/checkout/pay/${orderId}`, { redirect: 'manual' });
      expect(again.headers.get('location')).toBe(`/checkout/order-confirmed/${orderId}`);
    });

    /** A scheduler whose hosted providers run `around` in place of their off-session charge. */
    const schedulerWith = (
      around: (charge: () => Promise<unknown>, request: { idempotencyKey: string }) => Promise<unknown>,
    ) => {
      const registry = () => server.app.services.hostedPayments!.registry;
      return createRenewalScheduler(server.db, {
        payments: builtInPaymentProviders(),
        nextOrderNumber: server.app.services.checkout!.service.nextOrderNumber,
        hosted: () => ({
          connected: async (siteId: string) =>
            (await registry().connected(siteId)).map((provider) =>
              Object.assign(Object.create(provider) as typeof provider, {
                chargeOffSession: (request: Parameters<typeof provider.chargeOffSession>[0]) =>
                  around(() => provider.chargeOffSession(request), request),
              }),
            ),
        }),
      });
    };
    const cycleRow = (id: string, cycle: number) =>
      server.db
        .selectFrom('subscription_cycles')
        .selectAll()
        .where('subscription_id', '=', id)
        .where('cycle', '=', cycle)
        .executeTakeFirstOrThrow();

    it('a renewal whose process died after Stripe charged is ordered once, after the wait, with that payment', async () => {
      offSession.answer = 'succeeded';
      // Due before every other subscription of this file, so the runs below meet this one first.
      const early = new Date(Date.now() + 10 * DAY);
      const id = await stripeSubscription(server, early, 'died@buyers.test');
      // A process whose charge reaches Stripe and which dies before it writes the outcome.
      const dying = schedulerWith(async (charge) => {
        await charge();
        throw new Error('The process died before it wrote the outcome.');
      });
      await expect(dying.runDue(early)).rejects.toThrow('The process died');
      const charges = () => offSession.intents.filter((i) => i.idempotencyKey === `tessera-renewal-${id}-2-0`);
      expect(charges()).toHaveLength(1);
      // The claim stands: the cycle is charging, with what it charges, and no order is written yet.
      expect(await subscription(id)).toMatchObject({ next_cycle: 3 });
      const claimed = await cycleRow(id, 2);
      expect(claimed).toMatchObject({ status: 'charging', order_id: null, claimed_at: early.toISOString() });
      const kept = JSON.parse(claimed.charge!) as { orderId: string; totals: { grandTotalCents: number } };
      expect(String(kept.totals.grandTotalCents)).toBe(charges()[0]!.body.amount);

      // Within the wait, a run leaves it alone: the process may still be waiting for Stripe.
      expect(await ours(id, new Date(early.getTime() + 5 * 60_000))).toEqual([]);
      expect((await cycleRow(id, 2)).status).toBe('charging');

      // After it, the next run charges the cycle again under the same key, with the same parameters,
      // so Stripe answers with the payment it took: one charge, one renewal order, paid. Two
      // processes recovering at once: one takes the cycle.
      const later = new Date(early.getTime() + 11 * 60_000);
      const [a, b] = [schedulerWith((charge) => charge()), schedulerWith((charge) => charge())];
      const runs = await Promise.all([a.runDue(later), b.runDue(later)]);
      const recovered = runs.flat().filter((o) => o.subscriptionId === id);
      expect(recovered).toHaveLength(1);
      const [outcome] = recovered;
      expect(outcome).toMatchObject({ status: 'ordered', cycle: 2, orderId: kept.orderId });
      const renewalOrders = await server.db
        .selectFrom('orders')
        .select('id')
        .where('subscription_id', '=', id)
        .where('id', '!=', (await subscription(id)).first_order_id)
        .execute();
      expect(renewalOrders).toHaveLength(1);
      expect(charges()).toHaveLength(1);
      expect(await orderOf(outcome!.orderId!)).toMatchObject({
        payment_status: 'paid',
        grand_total_cents: kept.totals.grandTotalCents,
      });
      expect(charges()[0]!.body['metadata[order_id]']).toBe(outcome!.orderId);
      expect(await cycleRow(id, 2)).toMatchObject({ status: 'ordered', claimed_at: null });
      // Recorded once: a later run finds nothing left to recover.
      expect(await ours(id, new Date(later.getTime() + 11 * 60_000))).toEqual([]);
    });

    it('a renewal recovered days after its process died, when Stripe has forgotten the key, is charged once', async () => {
      offSession.answer = 'succeeded';
      const early = new Date(Date.now() + 11 * DAY);
      const id = await stripeSubscription(server, early, 'forgotten@buyers.test');
      const dying = schedulerWith(async (charge) => {
        await charge();
        throw new Error('The process died before it wrote the outcome.');
      });
      await expect(dying.runDue(early)).rejects.toThrow('The process died');
      const key = `tessera-renewal-${id}-2-0`;
      const charges = () => offSession.intents.filter((i) => i.idempotencyKey === key);
      expect(charges()).toHaveLength(1);
      expect(charges()[0]!.body['metadata[tessera_key]']).toBe(key);

      // The shop stays down for three days: Stripe no longer knows the key, so asking again under it
      // would charge the buyer a second time. The recovery finds the payment by its tag instead.
      offSession.forgetIdempotencyKeys();
      const [outcome, ...more] = await ours(id, new Date(early.getTime() + 3 * DAY));
      expect(more).toEqual([]);
      expect(outcome).toMatchObject({ status: 'ordered', cycle: 2 });
      expect(charges()).toHaveLength(1);
      expect(await orderOf(outcome!.orderId!)).toMatchObject({ payment_status: 'paid' });
      expect(await cycleRow(id, 2)).toMatchObject({ status: 'ordered', claimed_at: null });
    });

    it('holds no transaction while Stripe answers: the stock of the same product can be sold meanwhile', async () => {
      offSession.answer = 'succeeded';
      const early = new Date(Date.now() + 10 * DAY);
      const id = await stripeSubscription(server, early, 'slow@buyers.test');
      const sub = await subscription(id);
      const stock = () =>
        server.db
          .selectFrom('product_variants')
          .select('qty_in_stock')
          .where('item_id', '=', sub.item_id)
          .where('sku', '=', sub.sku)
          .executeTakeFirstOrThrow();
      const before = (await stock()).qty_in_stock;
      let during: number | undefined;
      const slow = schedulerWith(async (charge) => {
        // What a checkout of the same product does while the provider is still answering: on
        // SQLite a transaction held open would keep the only connection, on PostgreSQL the stock
        // row's lock, and this write would wait for the charge that waits for it.
        let timer: NodeJS.Timeout | undefined;
        const held = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the database was held while Stripe answered')), 10_000);
        });
        try {
          await Promise.race([
            server.db
              .updateTable('product_variants')
              .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', 1) }))
              .where('item_id', '=', sub.item_id)
              .where('sku', '=', sub.sku)
              .execute(),
            held,
          ]);
        } finally {
          clearTimeout(timer);
        }
        during = (await stock()).qty_in_stock;
        return charge();
      });
      const [outcome] = (await slow.runDue(early)).filter((o) => o.subscriptionId === id);
      expect(outcome).toMatchObject({ status: 'ordered', cycle: 2 });
      // The renewal's own units were taken before the provider was asked, the other sale's during it.
      expect(during).toBe(before - sub.quantity - 1);
      expect((await stock()).qty_in_stock).toBe(before - sub.quantity - 1);
      expect(await orderOf(outcome!.orderId!)).toMatchObject({ payment_status: 'paid' });
    });

    it('charges once when two processes renew, and retry, at the same moment', async () => {
      offSession.answer = 'card_declined';
      const id = await stripeSubscription(server, due, 'twice@buyers.test');
      const process = () =>
        createRenewalScheduler(server.db, {
          payments: builtInPaymentProviders(),
          nextOrderNumber: server.app.services.checkout!.service.nextOrderNumber,
          hosted: () => server.app.services.hostedPayments?.registry,
        });
      const [a, b] = [process(), process()];
      const mine = (runs: { subscriptionId: string; status: string }[][]) =>
        runs.flat().filter((o) => o.subscriptionId === id);
      expect(mine(await Promise.all([a.runDue(due), b.runDue(due)])).map((o) => o.status)).toEqual([
        'awaiting-payment',
      ]);
      offSession.answer = 'succeeded';
      expect(mine(await Promise.all([a.runDue(at(1)), b.runDue(at(1))])).map((o) => o.status)).toEqual(['ordered']);
      expect(offSession.intents.filter((i) => i.idempotencyKey?.includes(id))).toHaveLength(2);
      const paid = await server.db
        .selectFrom('orders')
        .select('id')
        .where('subscription_id', '=', id)
        .where('payment_status', '=', 'paid')
        .execute();
      expect(paid).toHaveLength(2); // the first order and one renewal
    });
  });
}

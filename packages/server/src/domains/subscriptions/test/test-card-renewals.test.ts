import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { testCardSubscription } from '../../../../test/checkout-helpers.js';
import { type StripeFake, startStripeFake } from '../../../../test/fakes/stripe-fake.js';

const DAY = 86_400_000;

/** A subscription bought with a test card while the store is in test mode, its next renewal due at `due`. */
async function testCardSub(server: TestServer, due: Date, email: string) {
  const id = await testCardSubscription(server, { email, due });
  const row = await server.db
    .selectFrom('subscriptions')
    .select('payment_reference')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.payment_reference).toMatch(/^test-card:/);
  return id;
}

for (const dialect of DIALECTS) {
  // A buyer who subscribed with a test card while the store was in test mode must not keep getting
  // paid renewals once the owner connects Stripe with live keys: test mode is over then, for
  // renewals as for checkout, whatever the test mode setting still says.
  describe(`renewals of test-card subscriptions after a live provider is connected (${dialect})`, () => {
    let stripe: StripeFake;
    let server: TestServer;

    beforeAll(async () => {
      stripe = await startStripeFake({ secretKey: 'sk_live_renewalslivekey1234' });
      server = await startTestServer({
        dialect,
        config: { secretKey: 'test-card-renewals-secret-key-0123456789', paymentApiBases: { stripe: stripe.url } },
      });
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
    });

    let stored = '';
    const ordersOf = (id: string) =>
      server.db.selectFrom('orders').select(['id', 'payment_status']).where('subscription_id', '=', id).execute();

    it('renews with the test card in test mode, and refuses it once live Stripe is connected', async () => {
      const due = new Date(Date.now() + 30 * DAY);
      const before = await testCardSub(server, due, 'before@buyers.test');
      const after = await testCardSub(server, new Date(due.getTime() + DAY), 'after@buyers.test');
      // One more, bought now, for the next test (no test card can buy one once live Stripe is connected).
      stored = await testCardSub(server, new Date(due.getTime() + 10 * DAY), 'stored@buyers.test');
      const renewals = server.app.services.checkout!.renewals;

      // In test mode the test card renews: the first subscription gets its paid second order.
      const first = (await renewals.runDue(due)).filter((o) => o.subscriptionId === before);
      expect(first).toMatchObject([{ status: 'ordered', cycle: 2 }]);
      expect((await ordersOf(before)).map((o) => o.payment_status)).toEqual(['paid', 'paid']);

      // The owner connects Stripe with live keys; the test mode setting is left as it was (on).
      const manager = await ownerSession(server, OWNERS.storeManager);
      const connected = await manager.request('PUT', '/api/config/payments/connections/stripe', {
        body: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
      });
      expect(connected.status, JSON.stringify(connected.body)).toBe(200);
      const settings = await manager.request('GET', '/api/config/settings/store');
      expect(settings.body).toMatchObject({ testMode: true, liveProviderConfigured: true, testModeActive: false });

      // The second subscription's renewal is not charged to the test card: no paid order, no goods.
      const second = (await renewals.runDue(new Date(due.getTime() + DAY))).filter((o) => o.subscriptionId === after);
      expect(second).toMatchObject([{ status: 'payment-failed' }]);
      expect((await ordersOf(after)).map((o) => o.payment_status)).toEqual(['paid']);
    });

    it('charges a method saved with the stored Stripe connection, read outside the renewal transaction', async () => {
      // The connection made above is stored (sealed in the database), not in the environment; the renewal
      // reads the site's providers before its transaction (on SQLite a read beside it would wait for it).
      const due = new Date(Date.now() + 40 * DAY);
      const id = stored;
      await server.db
        .updateTable('subscriptions')
        .set({ payment_reference: 'stripe:cus_stored:pm_stored' })
        .where('id', '=', id)
        .execute();
      const outcome = (await server.app.services.checkout!.renewals.runDue(due)).filter((o) => o.subscriptionId === id);
      expect(outcome).toHaveLength(1);
      expect(outcome[0]!.cycle).toBe(2);
      // Charged with Stripe (off-session), not refused as a method of no connected provider.
      const payment = await server.db
        .selectFrom('payments')
        .select(['provider'])
        .where('order_id', '=', outcome[0]!.orderId!)
        .executeTakeFirst();
      expect(payment?.provider ?? outcome[0]!.status).not.toBe('test-card');
      expect(stripe.requestsTo('/v1/payment_intents').length).toBeGreaterThan(0);
    });
  });
}

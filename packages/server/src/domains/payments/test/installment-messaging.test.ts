// Installment messaging (issue 17, SPEC §4/§9): the product page's store settings say whether the
// buy-now-pay-later line shows, for which country and between which amounts, from the connected
// Stripe account (the local fake's `GET /v1/account`): with the keys in the environment (learnt at
// start) and with keys saved in the Store panel (learnt at save). Without Stripe, or without an
// active buy-now-pay-later capability, the line is not offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from '../../../../test/fakes/stripe-fake.js';
import { Visitor } from '../../../../test/visitor.js';

const CONNECTIONS = '/api/config/payments/connections';
const SECRET_KEY = 'installment-messaging-test-secret-key-0123456789';
const SCARF = '/shop/p/wool-scarf';

const US_AFTERPAY = { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 200_000, stripeAccountCountry: 'US' };
const NOT_OFFERED = { afterPayAvailable: false, afterPayMin: null, afterPayMax: null, stripeAccountCountry: null };

/** The store settings a product page hands its islands (the `tessera-context` script). */
async function installmentContext(server: TestServer): Promise<Record<string, unknown>> {
  const page = await new Visitor(server.url).get(SCARF);
  expect(page.status).toBe(200);
  const match = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(String(page.body));
  if (!match) throw new Error('the page has no tessera-context script');
  const context = JSON.parse(match[1] as string);
  expect(context.product?.structuredContent?.productType).toBe(1);
  const { afterPayAvailable, afterPayMin, afterPayMax, stripeAccountCountry } = context.storeSettings;
  return { afterPayAvailable, afterPayMin, afterPayMax, stripeAccountCountry };
}

for (const dialect of DIALECTS) {
  describe(`installment messaging with Stripe keys in the environment (${dialect})`, () => {
    let fake: StripeFake;
    let server: TestServer;

    beforeAll(async () => {
      fake = await startStripeFake();
      fake.account.capabilities.afterpay_clearpay_payments = 'active';
      server = await startTestServer({
        dialect,
        config: { stripe: stripeKeysOf(fake) },
      });
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('learns the account at start and offers the line with its country and limits', async () => {
      expect(fake.requestsTo('/v1/account').length).toBeGreaterThan(0);
      expect(await installmentContext(server)).toEqual(US_AFTERPAY);
      // Cached: page views do not ask Stripe again.
      const asked = fake.requestsTo('/v1/account').length;
      await installmentContext(server);
      expect(fake.requestsTo('/v1/account').length).toBe(asked);
    });
  });

  describe(`installment messaging with Stripe keys saved in the Store panel (${dialect})`, () => {
    let fake: StripeFake;
    let server: TestServer;
    let manager: Awaited<ReturnType<typeof ownerSession>>;

    const connect = async () => {
      const saved = await manager.request('PUT', `${CONNECTIONS}/stripe`, {
        body: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret },
      });
      expect(saved.status).toBe(200);
    };

    beforeAll(async () => {
      fake = await startStripeFake();
      server = await startTestServer({
        dialect,
        config: { secretKey: SECRET_KEY, paymentApiBases: { stripe: fake.url } },
      });
      manager = await ownerSession(server, OWNERS.storeManager);
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    it('offers nothing without Stripe connected', async () => {
      expect(await installmentContext(server)).toEqual(NOT_OFFERED);
      expect(fake.requestsTo('/v1/account')).toEqual([]);
    });

    it('offers nothing while no buy-now-pay-later capability is active', async () => {
      fake.account.capabilities.afterpay_clearpay_payments = 'inactive';
      fake.account.capabilities.klarna_payments = 'pending';
      await connect();
      expect(await installmentContext(server)).toEqual(NOT_OFFERED);
    });

    it('offers the line once Afterpay or Klarna is active, learnt when the keys are saved', async () => {
      fake.account.capabilities.afterpay_clearpay_payments = 'active';
      await connect();
      expect(await installmentContext(server)).toEqual(US_AFTERPAY);

      fake.account.capabilities.afterpay_clearpay_payments = 'inactive';
      fake.account.capabilities.klarna_payments = 'active';
      await connect();
      expect(await installmentContext(server)).toEqual(US_AFTERPAY);
    });

    it('offers nothing when the account sells in another currency than the shop', async () => {
      fake.account.country = 'AU';
      fake.account.currency = 'aud';
      await connect();
      expect(await installmentContext(server)).toEqual(NOT_OFFERED);
      fake.account.country = 'US';
      fake.account.currency = 'usd';
      await connect();
      expect(await installmentContext(server)).toEqual(US_AFTERPAY);
    });

    it('offers nothing again once Stripe is disconnected', async () => {
      expect((await manager.request('DELETE', `${CONNECTIONS}/stripe`)).status).toBe(200);
      expect(await installmentContext(server)).toEqual(NOT_OFFERED);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { ensureCheckoutDefaults } from '../defaults.js';
import { IDEMPOTENCY_MESSAGES } from '../idempotency.js';
import { DIALECTS, startTestServer, type TestServer, DEMO_SITE_ID } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder as order, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 15, findings 16 (countries), 17 (idempotency keys) and 18 (store defaults under load).

async function shopper(server: TestServer, urlId = 'sticker-pack', sku = 'STICKERS-BOT'): Promise<Visitor> {
  const visitor = Visitor.of(server);
  expect((await addToCart(server, visitor, { urlId, sku, quantity: 1 })).status).toBe(200);
  return visitor;
}

const NOT_A_COUNTRY = 'country: Enter the country as a two-letter ISO 3166 code, such as US or FR.';

for (const dialect of DIALECTS) {
  describe(`checkout integrity (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, MANY_ORDERS);

    it('finding 16: a made-up country is refused instead of skipping sales tax', async () => {
      const visitor = await shopper(suite.server);
      const us = await visitor.post('/api/checkout/quote', { country: 'US' });
      expect(us.status).toBe(200);
      expect(us.body.shoppingCart.taxCents).toBeGreaterThan(0);
      for (const country of ['ZZ', 'XK', 'UK', 'zz']) {
        const quote = await visitor.post('/api/checkout/quote', { country });
        expect(quote.status).toBe(400);
        expect(quote.body).toEqual({ error: 'invalid-body', message: NOT_A_COUNTRY });
        const placed = await visitor.post('/api/checkout/orders', order({ country, email: 'zz@example.com' }));
        expect(placed.status).toBe(400);
        expect(placed.body.message).toBe(NOT_A_COUNTRY);
      }
      // A real country in lower case is that country (and is taxed like it).
      expect((await visitor.post('/api/checkout/quote', { country: 'us' })).body.shoppingCart.taxCents).toBe(
        us.body.shoppingCart.taxCents,
      );
      expect(
        await suite.server.db
          .selectFrom('orders')
          .select('id')
          .where('customer_email', '=', 'zz@example.com')
          .execute(),
      ).toEqual([]);
    });

    it("finding 16: an order that ships is refused for a country outside the store's shipping zones", async () => {
      const owner = await ownerSession(suite.server, OWNERS.storeManager);
      const bad = await owner.put('/api/config/checkout/shipping-options', {
        shippingOptions: [{ name: 'Domestic', amountCents: 500, countries: ['US', 'ZZ'] }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields['shippingOptions.0.countries.1']).toMatch(/ISO 3166/);
      const saved = await owner.put('/api/config/checkout/shipping-options', {
        shippingOptions: [
          { name: 'Domestic', amountCents: 500, countries: ['us', 'CA'] },
          { name: 'Europe', amountCents: 1500, countries: ['FR', 'DE'] },
        ],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.shippingOptions.map((o: { countries: string[] }) => o.countries)).toEqual([
        ['US', 'CA'],
        ['FR', 'DE'],
      ]);
      expect(
        (
          await owner.put('/api/config/checkout/tax-rules', {
            taxRules: [{ name: 'X', rateBasisPoints: 1, countries: ['ZZ'] }],
          })
        ).status,
      ).toBe(400);
      try {
        const visitor = await shopper(suite.server);
        const toFrance = await visitor.post('/api/checkout/quote', { country: 'FR' });
        expect(toFrance.body.shoppingCart.shippingOptions.map((o: { name: string }) => o.name)).toEqual(['Europe']);
        const toJapan = await visitor.post('/api/checkout/quote', { country: 'JP' });
        expect(toJapan.body.shoppingCart.shippingOptions).toEqual([]);
        const refused = await visitor.post('/api/checkout/orders', order({ country: 'JP' }));
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({
          error: 'country-not-shipped',
          message: 'This store does not ship to Japan. Choose another shipping address.',
        });
        // A digital product ships nowhere, so any real country may buy it.
        const giftCard = await shopper(suite.server, 'gift-card', 'GIFT-25');
        expect((await giftCard.post('/api/checkout/orders', order({ country: 'JP' }))).status).toBe(201);
        const placed = await visitor.post('/api/checkout/orders', order({ country: 'FR' }));
        expect(placed.status).toBe(201);
        expect(placed.body.order.shippingCostCents).toBe(1500);
      } finally {
        await owner.put('/api/config/checkout/shipping-options', {
          shippingOptions: [{ name: 'Standard shipping', amountCents: 800, freeOverCents: 10_000 }],
        });
      }
    });

    it("finding 17: an idempotency key replayed from another cart gets a refusal, never the other buyer's order", async () => {
      const buyer = await shopper(suite.server);
      const body = order({ email: 'first-buyer@example.com' });
      const placed = await buyer.post('/api/checkout/orders', body);
      expect(placed.status).toBe(201);
      const orderId = placed.body.order.id as string;

      // The same cart replaying its key gets its order back.
      const again = await buyer.post('/api/checkout/orders', body);
      expect(again.status).toBe(200);
      expect(again.body.order.id).toBe(orderId);

      // Anyone else with the key (a new visitor, another cart, or a cart token in the body) does not.
      const attackerWithCart = await shopper(suite.server);
      const attempts = await Promise.all([
        Visitor.of(suite.server).post('/api/checkout/orders', body),
        attackerWithCart.post('/api/checkout/orders', body),
        Visitor.of(suite.server).post('/api/checkout/orders', { ...body, cartToken: attackerWithCart.cartToken }),
      ]);
      for (const attempt of attempts) {
        expect(attempt.status).toBe(409);
        expect(attempt.body).toEqual({ error: 'idempotency-key-reused', message: IDEMPOTENCY_MESSAGES.otherCheckout });
        expect(JSON.stringify(attempt.body)).not.toContain(orderId);
        expect(JSON.stringify(attempt.body)).not.toContain('first-buyer');
      }
      // The attacker's own cart is untouched and can still be bought with a key of its own.
      expect((await attackerWithCart.get('/api/commerce/shopping-cart')).body.entries).toHaveLength(1);
      expect((await attackerWithCart.post('/api/checkout/orders', order())).status).toBe(201);
    });

    it('finding 17: racing submissions with one key from two carts make one order, answered only to its own cart', async () => {
      const a = await shopper(suite.server);
      const b = await shopper(suite.server);
      const body = order();
      const answers = await Promise.all([
        a.post('/api/checkout/orders', body),
        b.post('/api/checkout/orders', body),
        a.post('/api/checkout/orders', body),
        b.post('/api/checkout/orders', body),
      ]);
      const made = await suite.server.db
        .selectFrom('idempotency_keys')
        .innerJoin('orders', 'orders.id', 'idempotency_keys.order_id')
        .innerJoin('carts', 'carts.id', 'orders.cart_id')
        .select(['orders.id', 'carts.token'])
        .where('idempotency_keys.key', '=', body.idempotencyKey)
        .execute();
      expect(made).toHaveLength(1);
      const winner = made[0]!.token === a.cartToken ? [answers[0], answers[2]] : [answers[1], answers[3]];
      const loser = made[0]!.token === a.cartToken ? [answers[1], answers[3]] : [answers[0], answers[2]];
      expect(winner.map((w) => w!.status).sort()).toEqual([200, 201]);
      for (const w of winner) expect(w!.body.order.id).toBe(made[0]!.id);
      for (const l of loser) {
        expect(l!.status).toBe(409);
        expect(l!.body.order).toBeUndefined();
      }
    });

    it('finding 18: a new site gets its store defaults when it is created, and 100 simultaneous first quotes on a store without them all answer 2xx', async () => {
      // A fresh server: no checkout has run on it yet.
      const fresh = await startTestServer({ dialect, config: { rateLimit: { max: 100_000, timeWindowMs: 60_000 } } });
      try {
        const db = fresh.db;
        const defaults = async () => ({
          coupons: (await db.selectFrom('coupons').select('code').where('site_id', '=', DEMO_SITE_ID).execute())
            .map((c) => c.code)
            .sort(),
          counters: await db.selectFrom('order_counters').selectAll().execute(),
          shipping: (
            await db.selectFrom('shipping_options').select('name').where('site_id', '=', DEMO_SITE_ID).execute()
          )
            .map((o) => o.name)
            .sort(),
        });
        const seeded = await defaults();
        expect(seeded).toEqual({
          coupons: ['FIVEOFF', 'FREESHIP', 'WELCOME10'],
          counters: [{ site_id: DEMO_SITE_ID, last_number: 1000 }],
          shipping: ['Express shipping', 'Standard shipping'],
        });
        // Written lazily, the defaults are the same but for the demo shop's example coupons, which
        // only the demo seed writes (no other store opens with public discount codes).
        const lazily = { ...seeded, coupons: [] };
        // Remove them to get a store as databases from before this fix have, then race the first quotes.
        for (const table of ['coupons', 'shipping_options', 'tax_rules', 'order_counters'] as const) {
          await db.deleteFrom(table).where('site_id', '=', DEMO_SITE_ID).execute();
        }
        const visitor = await shopper(fresh);
        const answers = await Promise.all(
          Array.from({ length: 100 }, () => visitor.post('/api/checkout/quote', { couponCode: 'WELCOME10' })),
        );
        expect(answers.map((a) => a.status).filter((s) => s < 200 || s > 299)).toEqual([]);
        for (const answer of answers) {
          expect(answer.body.shoppingCart.validCoupons).toEqual([]);
          expect(answer.body.shoppingCart.invalidCoupons.map((c: { code: string }) => c.code)).toEqual(['WELCOME10']);
          expect(answer.body.shoppingCart.shippingCostCents).toBe(800);
        }
        expect(await defaults()).toEqual(lazily);
        // The same race on the function itself, a few more times (the service remembers a ready site).
        for (let round = 0; round < 10; round++) {
          for (const table of ['coupons', 'shipping_options', 'tax_rules', 'order_counters'] as const) {
            await db.deleteFrom(table).where('site_id', '=', DEMO_SITE_ID).execute();
          }
          const settled = await Promise.allSettled(
            Array.from({ length: 100 }, () => ensureCheckoutDefaults(db, DEMO_SITE_ID)),
          );
          expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
          expect(await defaults()).toEqual(lazily);
        }
      } finally {
        await fresh.close();
      }
    });
  });
}

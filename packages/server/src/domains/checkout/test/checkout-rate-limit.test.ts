import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { limiterStores, redisUrlFor } from '../../../../test/redis-stores.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// POST /api/checkout/orders has a per-address budget of its own, so nobody can try card numbers
// (or flood the order table) at speed. Counted in memory, or in Redis when the server has one.

const STORES = await limiterStores();

for (const dialect of DIALECTS) {
  for (const store of STORES) {
    describe(`rate limit on placing orders (${dialect}, ${store})`, () => {
      let ids: Record<string, string>;

      const suite = suiteServer(
        dialect,
        {},
        {
          rateLimit: { max: 10_000, timeWindowMs: 60_000 },
          checkoutOrders: { perIp: 3, timeWindowMs: 60_000 },
          redisUrl: redisUrlFor(store),
        },
      );
      beforeAll(async () => {
        ids = await demoItemIds(suite.server);
      });

      it('answers 429 with Retry-After and a message once an address places too many orders', async () => {
        const v = Visitor.of(suite.server);
        const place = async () => {
          const added = await v.post('/api/commerce/shopping-cart/entries', {
            itemId: ids['sticker-pack'],
            sku: 'STICKERS-BOT',
            quantity: 1,
          });
          expect(added.status).toBe(200);
          return v.post('/api/checkout/orders', cardOrder());
        };
        // A refused attempt (an empty idempotency key) counts too.
        expect((await v.post('/api/checkout/orders', cardOrder({ idempotencyKey: '' }))).status).toBe(400);
        expect((await place()).status).toBe(201);
        expect((await place()).status).toBe(201);
        const before = await suite.server.db.selectFrom('orders').select('id').execute();

        const limited = await place();
        expect(limited.status).toBe(429);
        expect(limited.body.error).toBe('rate-limited');
        expect(limited.body.message).toMatch(/^Too many orders were placed from your connection in a short time\./);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await suite.server.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);

        // The no-JavaScript checkout form goes back to the checkout page, which shows why.
        const fields = cardOrder({ crumb: v.cookies.get('crumb') ?? '' });
        const form = await v.request('POST', '/api/checkout/orders', {
          body: new URLSearchParams(fields).toString(),
          contentType: 'application/x-www-form-urlencoded',
          crumb: false,
        });
        expect(form.status).toBe(303);
        const location = form.headers.get('location') ?? '';
        expect(decodeURIComponent(location)).toContain('/checkout?error=Too many orders');
        const page = await v.get(location);
        expect(page.body).toContain('Too many orders were placed from your connection');

        // Cart writes keep their own budget.
        const added = await v.post('/api/commerce/shopping-cart/entries', {
          itemId: ids['sticker-pack'],
          sku: 'STICKERS-BOT',
          quantity: 1,
        });
        expect(added.status).toBe(200);
      });
    });
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { demoItemIds, Visitor } from './visitor.js';
import { limiterStores, REDIS_URL, redisUrlFor } from './redis-stores.js';

const STORES = await limiterStores();
if (STORES.length === 1) console.warn(`Redis is not reachable at ${REDIS_URL}; testing the in-memory rate limit only.`);

for (const dialect of DIALECTS) {
  for (const store of STORES) {
    describe(`rate limit on cart writes (${dialect}, ${store})`, () => {
      let server: TestServer;
      let ids: Record<string, string>;

      beforeAll(async () => {
        server = await startTestServer({
          dialect,
          config: {
            rateLimit: { max: 3, timeWindowMs: 60_000 },
            redisUrl: redisUrlFor(store),
          },
        });
        ids = await demoItemIds(server);
      });
      afterAll(async () => server?.close());

      it('answers 429 with Retry-After once a client exceeds the limit', async () => {
        const v = Visitor.of(server);
        const add = () =>
          v.post('/api/commerce/shopping-cart/entries', {
            itemId: ids['sticker-pack'],
            sku: 'STICKERS-BOT',
            quantity: 1,
          });
        for (let i = 0; i < 3; i++) expect((await add()).status).toBe(200);
        const limited = await add();
        expect(limited.status).toBe(429);
        expect(limited.body).toEqual({ error: 'rate-limited', message: 'Please try again in a few seconds.' });
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        // Other write routes share the client's budget; reads are not limited.
        expect((await v.delete('/api/commerce/shopping-cart/entries/x')).status).toBe(429);
        for (let i = 0; i < 5; i++) expect((await v.get('/api/commerce/shopping-cart')).status).toBe(200);
        const cart = await v.get('/api/commerce/shopping-cart');
        expect(cart.body.entries[0].quantity).toBe(3);
      });
    });
  }
}

import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitPerAddress } from '../rate-limit.js';
import type { TrustProxySetting } from '../trust-proxy.js';
import { DIALECTS } from '../../../testing.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { limiterStores, REDIS_URL, redisUrlFor } from '../../../../test/redis-stores.js';
import { suiteServer } from '../../../../test/suite-server.js';

const STORES = await limiterStores();
if (STORES.length === 1) console.warn(`Redis is not reachable at ${REDIS_URL}; testing the in-memory rate limit only.`);

for (const dialect of DIALECTS) {
  for (const store of STORES) {
    describe(`rate limit on cart writes (${dialect}, ${store})`, () => {
      let ids: Record<string, string>;

      const suite = suiteServer(
        dialect,
        {},
        { rateLimit: { max: 3, timeWindowMs: 60_000 }, redisUrl: redisUrlFor(store) },
      );
      beforeAll(async () => {
        ids = await demoItemIds(suite.server);
      });

      it('answers 429 with Retry-After once a client exceeds the limit', async () => {
        const v = Visitor.of(suite.server);
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

for (const dialect of DIALECTS) {
  for (const store of STORES) {
    describe(`every limit counts on its own key (${dialect}, ${store})`, () => {
      let ids: Record<string, string>;

      const suite = suiteServer(
        dialect,
        {},
        { rateLimit: { max: 5, timeWindowMs: 60_000 }, redisUrl: redisUrlFor(store) },
      );
      beforeAll(async () => {
        ids = await demoItemIds(suite.server);
      });

      it('finding 14: exhausting the like limit leaves the cart and comment limits untouched', async () => {
        const v = Visitor.of(suite.server);
        // The like limit is 60 a minute; every call counts, whatever the answer.
        for (let i = 0; i < 60; i++) expect((await v.post('/api/likes/some-post')).status).not.toBe(429);
        expect((await v.post('/api/likes/some-post')).status).toBe(429);
        const add = await v.post('/api/commerce/shopping-cart/entries', {
          itemId: ids['sticker-pack'],
          sku: 'STICKERS-BOT',
          quantity: 1,
        });
        expect(add.status).toBe(200);
        expect((await v.post('/api/comments', { itemId: 'x' })).status).not.toBe(429);
        if (store !== 'redis') return;
        const namespace = suite.server.app.config.rateLimit.namespace ?? '';
        const redis = new Redis(REDIS_URL);
        try {
          const keys = (await redis.keys(`${namespace}*`)).map((key) => key.slice(namespace.length)).sort();
          expect(keys).toEqual(expect.arrayContaining(['cart-write:127.0.0.1', 'comment:127.0.0.1', 'like:127.0.0.1']));
          expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
          expect(Number(await redis.get(`${namespace}like:127.0.0.1`))).toBe(61);
          expect(Number(await redis.get(`${namespace}cart-write:127.0.0.1`))).toBe(1);
        } finally {
          redis.disconnect();
        }
      });

      it('finding 14: a limit without a name is refused when it is made', () => {
        expect(() => suite.server.app.rateLimit({ max: 1, timeWindow: 1000 })).toThrow(/needs a name/);
        expect(() => limitPerAddress(suite.server.app, { name: 'like', max: 1, timeWindowMs: 1000 })).toThrow(
          /registered twice/,
        );
      });
    });
  }
}

/** What the proxy in front sends on: the client's own (forged) header, then the addresses it appended. */
const PROXIES: { setting: TrustProxySetting; forwardedFor: (forged: string, client: string) => string }[] = [
  { setting: 1, forwardedFor: (forged, client) => `${forged}, ${client}` },
  { setting: true, forwardedFor: (forged, client) => `${forged}, ${client}` },
  { setting: 2, forwardedFor: (forged, client) => `${forged}, ${client}, 10.0.0.2` },
  { setting: ['127.0.0.1', '10.0.0.0/8'], forwardedFor: (forged, client) => `${forged}, ${client}, 10.0.0.2` },
];

for (const dialect of DIALECTS) {
  for (const proxy of PROXIES) {
    describe(`client address behind proxies (${dialect}, TRUST_PROXY=${proxy.setting})`, () => {
      let ids: Record<string, string>;

      const suite = suiteServer(
        dialect,
        {},
        { rateLimit: { max: 3, timeWindowMs: 60_000 }, trustProxy: proxy.setting },
      );
      beforeAll(async () => {
        ids = await demoItemIds(suite.server);
      });

      it('finding 4: a forged left-most X-Forwarded-For does not change the client address the limit sees', async () => {
        const v = Visitor.of(suite.server);
        const add = (forwardedFor: string) =>
          v.post(
            '/api/commerce/shopping-cart/entries',
            { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 },
            { headers: { 'x-forwarded-for': forwardedFor } },
          );
        for (let i = 0; i < 3; i++) {
          expect((await add(proxy.forwardedFor(`198.51.100.${i}`, '203.0.113.7'))).status).toBe(200);
        }
        expect((await add(proxy.forwardedFor('198.51.100.99', '203.0.113.7'))).status).toBe(429);
        expect((await add(proxy.forwardedFor('203.0.113.8', '203.0.113.7'))).status).toBe(429);
        // Another client behind the same proxy has its own budget.
        expect((await add(proxy.forwardedFor('198.51.100.1', '203.0.113.8'))).status).toBe(200);
      });
    });
  }
}

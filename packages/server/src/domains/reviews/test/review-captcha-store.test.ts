import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../platform/config.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { type SiteUserVisitor, siteUserSession } from '../../../../test/auth-helpers.js';
import { limiterStores, REDIS_URL, redisUrlFor } from '../../../../test/redis-stores.js';

// Issue 23: the review captcha's per-address counts live in the rate-limit store under their own
// name (`review-captcha`), so with Redis every server process sees the same counts: three posts on
// one process, and the fourth on another is asked for a captcha.

const STORES = await limiterStores();
if (STORES.length === 1) console.warn(`Redis is not reachable at ${REDIS_URL}; testing the in-memory counts only.`);
// The counts live in memory or Redis, not in the database: one dialect is enough here.
const dialect = DIALECTS[0];
const review = { rating: 5, title: 'Counted', body: 'A review that counts towards the captcha.' };
const CLIENT = { headers: { 'x-forwarded-for': '198.51.100.23' } };

for (const store of STORES) {
  describe(`review captcha counts (${store})`, () => {
    const namespace = `tessera-review-captcha-test-${randomBytes(6).toString('hex')}:`;
    const servers: TestServer[] = [];
    const users: SiteUserVisitor[] = [];

    const config = (): Partial<ServerConfig> => ({
      trustProxy: 1,
      redisUrl: redisUrlFor(store),
      rateLimit: { max: 1000, timeWindowMs: 60_000, namespace },
    });

    beforeAll(async () => {
      // With Redis, a second process shares the store; in memory each process counts alone.
      for (let i = 0; i < 2; i++) {
        const server = await startTestServer({ dialect, config: config() });
        servers.push(server);
        users.push(await siteUserSession(server, { email: 'counted@example.com', password: 'long-enough-password' }));
      }
    });
    afterAll(async () => {
      for (const server of servers) await server.close();
      if (store === 'redis') {
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${namespace}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
    });

    const post = (user: SiteUserVisitor) => user.post('/api/reviews/products/no-such-product', review, CLIENT);

    it(
      store === 'redis'
        ? 'asks for a captcha on one process after three posts from the address on another'
        : 'counts per process in memory',
      async () => {
        const [first, second] = users as [SiteUserVisitor, SiteUserVisitor];
        // Three posts go through to the rules (no such product; reviews are off on a new site).
        for (let i = 0; i < 3; i++) expect((await post(first)).body.error).not.toMatch(/^captcha/);
        const fourth = await post(second);
        if (store === 'memory') {
          expect(fourth.body.error).not.toMatch(/^captcha/);
          return;
        }
        expect(fourth.status).toBe(400);
        expect(fourth.body).toEqual({
          error: 'captcha-required',
          message: 'You have sent several reviews in a short time. Complete CAPTCHA before submitting.',
          captchaRequired: true,
        });
        // Back on the first process: due there too, and the count has its own key.
        expect((await post(first)).body.error).toBe('captcha-required');
        const redis = new Redis(REDIS_URL);
        try {
          expect(Number(await redis.get(`${namespace}review-captcha:198.51.100.23`))).toBe(5);
          expect(Number(await redis.get(`${namespace}review-post:198.51.100.23`))).toBe(5);
          expect(await redis.pttl(`${namespace}review-captcha:198.51.100.23`)).toBeGreaterThan(10 * 60_000);
        } finally {
          await redis.quit();
        }
      },
    );
  });
}

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../../platform/config.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { createOwner, createSiteUser } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { limiterStores, REDIS_URL, redisUrlFor } from '../../../../test/redis-stores.js';

const SESSION = '/api/site-users/account/session';

const STORES = await limiterStores();
if (STORES.length === 1) console.warn(`Redis is not reachable at ${REDIS_URL}; testing in-memory sign-in limits only.`);
// The limits live in memory or Redis, not in the database: one dialect is enough here.
const dialect = DIALECTS[0];

for (const store of STORES) {
  describe(`sign-in limits (${store})`, () => {
    let server: TestServer;
    let twin: TestServer | undefined;
    const namespace = `tessera-signin-test-${randomBytes(6).toString('hex')}:`;

    function config(limits: ServerConfig['signIn']): Partial<ServerConfig> {
      return {
        redisUrl: redisUrlFor(store),
        rateLimit: { max: 1000, timeWindowMs: 60_000, namespace },
        signIn: limits,
      };
    }

    beforeAll(async () => {
      const limits = { accountFailures: 3, addressFailures: 6, requestsPerAddress: 12, requestWindowMs: 60_000 };
      server = await startTestServer({ dialect, config: config(limits) });
      // With Redis, a second process sharing the store must see the same counts.
      if (store === 'redis') twin = await startTestServer({ dialect, config: config(limits) });
      for (const s of [server, twin]) {
        if (!s) continue;
        for (const name of ['alice', 'bob', 'carol', 'dan']) {
          await createSiteUser(s.db, { email: `${name}@example.com`, password: `${name}-password` });
        }
        await createOwner(s.db, { email: 'owner@example.com', password: 'owner-password', roles: [1] });
      }
    });
    afterAll(async () => {
      await twin?.close();
      await server?.close();
    });

    it('locks an account after three failures, across processes sharing the store', async () => {
      const v = new Visitor(server.url);
      for (let i = 0; i < 2; i++) {
        expect((await v.post(SESSION, { email: 'alice@example.com', password: 'wrong-password' })).status).toBe(401);
      }
      const third = twin ?? server;
      expect(
        (await new Visitor(third.url).post(SESSION, { email: 'alice@example.com', password: 'nope' })).status,
      ).toBe(401);
      const locked = await v.post(SESSION, { email: 'alice@example.com', password: 'alice-password' });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        error: 'sign-in-throttled',
        message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
      });
      // Bob is another account: still fine, and a success clears his count.
      expect((await v.post(SESSION, { email: 'bob@example.com', password: 'wrong-password' })).status).toBe(401);
      expect((await v.post(SESSION, { email: 'bob@example.com', password: 'bob-password' })).status).toBe(200);
    });

    it('locks the address after six failures on any accounts, owners included', async () => {
      const v = new Visitor(server.url);
      // Four failures so far (alice ×3, bob ×1) from this address; two more reach six.
      expect((await v.post(SESSION, { email: 'carol@example.com', password: 'wrong' })).status).toBe(401);
      expect((await v.post('/api/config/session', { email: 'owner@example.com', password: 'wrong' })).status).toBe(401);
      const carol = await v.post(SESSION, { email: 'carol@example.com', password: 'carol-password' });
      expect(carol.status).toBe(429);
      const owner = await v.post('/api/config/session', { email: 'owner@example.com', password: 'owner-password' });
      expect(owner.status).toBe(429);
    });

    it('rate-limits sign-in requests per address with @fastify/rate-limit', async () => {
      // Up to 12 sign-in requests per address and minute reach the password check; then 429.
      const v = new Visitor(server.url);
      let allowed = 0;
      let limited: Awaited<ReturnType<Visitor['post']>> | undefined;
      for (let i = 0; i < 13 && !limited; i++) {
        const answer = await v.post(SESSION, { email: 'dan@example.com', password: 'x' });
        if (answer.status === 429 && answer.body.error === 'rate-limited') limited = answer;
        else allowed++;
      }
      expect(limited, 'no 429 within 13 requests').toBeDefined();
      expect(allowed).toBeLessThan(12);
      expect(limited!.body).toEqual({ error: 'rate-limited', message: 'Please try again in a few seconds.' });
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      const right = await v.post(SESSION, { email: 'dan@example.com', password: 'dan-password' });
      expect(right.status).toBe(429);
    });
  });
}

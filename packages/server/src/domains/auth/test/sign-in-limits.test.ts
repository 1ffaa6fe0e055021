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
        for (const name of ['alice', 'bob', 'carol', 'dan', 'erin', 'fay', 'gus', 'hal']) {
          await createSiteUser(s.db, { email: `${name}@example.com`, password: `${name}-password` });
        }
        await createOwner(s.db, { email: 'owner@example.com', password: 'owner-password', roles: [1] });
        await createOwner(s.db, { email: 'boss@example.com', password: 'boss-password', roles: [1] });
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

    it('counts attempts sent at once before checking them: a burst gets no more checks than the limits', async () => {
      // From fresh addresses (each burst its own), ten wrong passwords at once for one account: three
      // are checked (401), the rest refused unchecked; then the right one is refused too.
      const at = (address: string) => (email: string, password: string) =>
        server.app.inject({
          method: 'POST',
          url: SESSION,
          remoteAddress: address,
          headers: { cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
          payload: JSON.stringify({ email, password }),
        });
      const erin = await Promise.all(Array.from({ length: 10 }, () => at('10.66.0.1')('erin@example.com', 'wrong')));
      expect(erin.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      expect((await at('10.66.0.2')('erin@example.com', 'erin-password')).statusCode).toBe(429);
      // One IPv6 /64 is one address: a new address per guess, across accounts, stops at six failures.
      const sixes: number[] = [];
      for (let i = 1; i <= 8; i++) {
        const email = `${['fay', 'gus', 'hal', 'dan'][i % 4]}@example.com`;
        sixes.push((await at(`2001:db8:66:1::${i}`)(email, 'wrong')).statusCode);
      }
      expect(sixes).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      // An owner's account: three wrong passwords at once are checked, the rest need a captcha first.
      const owner = (address: string, password: string) =>
        server.app.inject({
          method: 'POST',
          url: '/api/config/session',
          remoteAddress: address,
          headers: { cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
          payload: JSON.stringify({ email: 'boss@example.com', password }),
        });
      const boss = await Promise.all(Array.from({ length: 8 }, () => owner('10.66.0.4', 'wrong')));
      const errors = boss.map((r) => `${r.statusCode} ${r.json().error}`).sort();
      // (Those that come after the third failure may meet its delay first: 429 instead.)
      expect(errors.filter((e) => e === '401 sign-in-failed')).toHaveLength(3);
      expect(
        errors
          .filter((e) => e !== '401 sign-in-failed')
          .every((e) => /^(400 captcha-required|429 sign-in-throttled)$/.test(e)),
      ).toBe(true);
      // An account with failures below its limit still signs in from another address.
      expect((await at('10.66.0.3')('fay@example.com', 'fay-password')).statusCode).toBe(200);
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

import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../../../storefront/src/islands/forms/captcha-solver.js';
import { parseResetOwnerPasswordArgs, parseSetPublicUrlArgs, resetOwnerPasswordCommand } from '../account-commands.js';
import { ownerDelayMs, OWNER_DELAY_DEFAULTS } from '../owner-sign-in-guard.js';
import { sessionIdOf } from '../session-token.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { REDIS_URL, redisReachable } from '../../../../test/redis-stores.js';
import { Visitor } from '../../../../test/visitor.js';

// Attack review of 2026-11, finding 13: wrong passwords locked every owner out, the administrator
// included, with no way back in. Now: growing delays per account and address, a captcha after
// repeated failures, a reset link by mail and `tessera reset-owner-password`; owners change their
// own password; the last-administrator check cannot be raced.

const SESSION = '/api/config/session';
const DELAY_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const dialect of DIALECTS) {
  describe(`owner recovery (${dialect})`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        config: {
          signIn: {
            accountFailures: 5,
            addressFailures: 1000,
            requestsPerAddress: 10_000,
            ownerFreeFailures: 3,
            ownerDelayBaseMs: DELAY_MS,
          },
        },
      });
    });
    afterAll(async () => server?.close());

    /** A sign-in from a given client address (inject sets the socket's remote address). */
    const signInFrom = (address: string, body: Record<string, unknown>) =>
      server.app.inject({
        method: 'POST',
        url: SESSION,
        remoteAddress: address,
        headers: { cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const captcha = async () => {
      const challenge = await new Visitor(server.url).get('/api/form/captcha-challenge');
      const token = await solveCaptcha(challenge.body, { yieldToPage: async () => {} });
      if (!token) throw new Error('captcha not solved');
      return token;
    };
    // Reset requests look the address up and mail behind their answer: wait for that work first.
    const mailsTo = async (address: string) => {
      await server.app.afterAnswer.idle();
      return server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', address)
        .orderBy('created_at')
        .execute();
    };
    const tokenIn = (text: string) =>
      new URL(text.match(/(\S+\/config\/reset-password\?token=\S+)/)?.[1] ?? 'x:').searchParams.get('token') ?? '';

    it('finding 13: wrong passwords never lock the administrator out for good', async () => {
      const admin = { email: 'boss@example.com', password: 'boss-password' };
      await createOwner(server.db, { ...admin, roles: [WebsiteRole.ADMIN] });
      const wrong = { email: admin.email, password: 'guess-guess' };

      // One address: three free failures, then a wait that doubles, answered 429 with Retry-After.
      for (let i = 0; i < 3; i++) {
        const answer = await signInFrom('10.0.0.1', wrong);
        expect(answer.statusCode).toBe(401);
        expect(answer.json().error).toBe('sign-in-failed');
      }
      const waiting = await signInFrom('10.0.0.1', { ...admin });
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().error).toBe('sign-in-throttled');
      expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      // The administrator at another address is not slowed down by the guesser.
      expect((await signInFrom('10.0.0.9', admin)).statusCode).toBe(200);

      // Failures from many addresses: the account now wants a captcha, never a lock.
      for (const address of ['10.0.1.1', '10.0.1.2', '10.0.1.3', '10.0.1.4', '10.0.1.5']) {
        expect((await signInFrom(address, wrong)).statusCode).toBe(401);
      }
      const noCaptcha = await signInFrom('10.0.0.9', admin);
      expect(noCaptcha.statusCode).toBe(400);
      expect(noCaptcha.json()).toMatchObject({ error: 'captcha-required', captchaRequired: true });
      const bogus = await signInFrom('10.0.0.9', { ...admin, captchaToken: 'not-a-solution' });
      expect(bogus.json().error).toBe('captcha-failed');
      const token = await captcha();
      expect((await signInFrom('10.0.0.9', { ...admin, captchaToken: token })).statusCode).toBe(200);
      // A solved captcha is good once; the success cleared the account's count anyway.
      expect((await signInFrom('10.0.0.9', admin)).statusCode).toBe(200);

      // The guesser's wait ends: after it, a try is checked again (and the next wait is longer).
      await sleep(DELAY_MS * 2 + 100);
      const later = await signInFrom('10.0.0.1', wrong);
      expect(later.statusCode).toBe(401);
      expect(later.json().retryAfter).toBeGreaterThanOrEqual(1);
      expect((await signInFrom('10.0.0.1', wrong)).statusCode).toBe(429);

      // The waits double up to a cap.
      const limits = { ...OWNER_DELAY_DEFAULTS };
      expect(ownerDelayMs(2, limits)).toBe(0);
      expect(ownerDelayMs(3, limits)).toBe(limits.ownerDelayBaseMs);
      expect(ownerDelayMs(4, limits)).toBe(limits.ownerDelayBaseMs * 2);
      expect(ownerDelayMs(500, limits)).toBe(limits.ownerDelayCapMs);
    });

    it('finding 13: the sign-in page shows the captcha once the account asks for one', async () => {
      await createOwner(server.db, { email: 'page-owner@example.com', password: 'page-password', roles: [1] });
      const v = new Visitor(server.url);
      const form = (password: string) =>
        v.request('POST', '/config/login', {
          body: new URLSearchParams({
            email: 'page-owner@example.com',
            password,
            crumb: v.cookies.get('crumb') ?? '',
          }).toString(),
          contentType: 'application/x-www-form-urlencoded',
          crumb: false,
        });
      for (const address of ['10.0.2.1', '10.0.2.2', '10.0.2.3', '10.0.2.4', '10.0.2.5']) {
        expect(
          (await signInFrom(address, { email: 'page-owner@example.com', password: 'wrong-wrong' })).statusCode,
        ).toBe(401);
      }
      const page = await form('page-password');
      expect(page.status).toBe(400);
      expect(page.body).toContain('data-island="captcha-field"');
      expect(page.body).toContain('href="/config/forgot-password"');
    });

    it('finding 13: an owner gets back in with a single-use reset link by mail, asked for like any visitor', async () => {
      await createOwner(server.db, { email: 'forgetful@example.com', password: 'forgotten-password', roles: [1] });
      const v = new Visitor(server.url);
      const known = await v.post('/api/config/password-reset', { email: 'forgetful@example.com' });
      const unknown = await v.post('/api/config/password-reset', { email: 'nobody@example.com' });
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);
      const pageFor = (email: string) =>
        v.request('POST', '/config/forgot-password', {
          body: new URLSearchParams({ email, crumb: v.cookies.get('crumb') ?? '' }).toString(),
          contentType: 'application/x-www-form-urlencoded',
          crumb: false,
        });
      const knownPage = await pageFor('forgetful@example.com');
      const unknownPage = await pageFor('nobody@example.com');
      expect(knownPage.status).toBe(200);
      expect(String(knownPage.body).replaceAll('forgetful@example.com', '')).toBe(
        String(unknownPage.body).replaceAll('nobody@example.com', ''),
      );
      // Three links an hour at most; a fourth request answers the same and sends nothing.
      expect((await v.post('/api/config/password-reset', { email: 'forgetful@example.com' })).status).toBe(200);
      expect((await v.post('/api/config/password-reset', { email: 'forgetful@example.com' })).status).toBe(200);
      const mails = await mailsTo('forgetful@example.com');
      expect(mails).toHaveLength(3);
      expect(mails[0].subject).toContain('Reset your owner password');
      const stored = await server.db.selectFrom('owner_password_resets').select('id').execute();
      const token = tokenIn(mails[2].text_body);
      expect(stored.map((r) => r.id)).not.toContain(token);

      // The link's page and form; an hour-old link no longer works.
      expect((await v.get(`/config/reset-password?token=${token}`)).status).toBe(200);
      await server.db
        .updateTable('owner_password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', sessionIdOf(tokenIn(mails[0].text_body)))
        .execute();
      const expired = await v.post('/api/config/password-reset/complete', {
        token: tokenIn(mails[0].text_body),
        password: 'new-password-1',
      });
      expect(expired.status).toBe(400);
      const reset = await v.request('POST', '/config/reset-password', {
        body: new URLSearchParams({
          token,
          password: 'brand-new-password',
          crumb: v.cookies.get('crumb') ?? '',
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toContain('Your password is changed');
      const reused = await v.post('/api/config/password-reset/complete', { token, password: 'other-password' });
      expect(reused.status).toBe(400);
      await signInOwner(server.url, 'forgetful@example.com', 'brand-new-password');
    });

    it('finding 13: tessera reset-owner-password sets a new password and ends every session', async () => {
      await createOwner(server.db, { email: 'cli-owner@example.com', password: 'cli-old-password', roles: [1] });
      const before = await signInOwner(server.url, 'cli-owner@example.com', 'cli-old-password');
      expect(parseResetOwnerPasswordArgs(['--email', 'cli-owner@example.com']).ok).toBe(false);
      expect(parseResetOwnerPasswordArgs(['--email', 'x@y.z', '--password', 'short']).ok).toBe(false);
      expect(parseSetPublicUrlArgs(['--url', 'https://shop.example.com/path']).ok).toBe(false);
      const parsed = parseResetOwnerPasswordArgs([
        '--email',
        'CLI-owner@example.com',
        '--password',
        'cli-new-password',
      ]);
      if (!parsed.ok) throw new Error(parsed.message);
      expect(await resetOwnerPasswordCommand(server.db, parsed.input)).toContain('cli-owner@example.com');
      await expect(
        resetOwnerPasswordCommand(server.db, { email: 'ghost@example.com', password: 'ghost-password' }),
      ).rejects.toThrow(/no owner/);
      expect((await before.get(SESSION)).status).toBe(401);
      await signInOwner(server.url, 'cli-owner@example.com', 'cli-new-password');
    });

    it('finding 13: the last-administrator check runs inside the transaction, so two admins demoting each other leave one', async () => {
      for (let round = 0; round < 3; round++) {
        const a = { email: `race-a${round}@example.com`, password: 'race-a-password', roles: [WebsiteRole.ADMIN] };
        const b = { email: `race-b${round}@example.com`, password: 'race-b-password', roles: [WebsiteRole.ADMIN] };
        // Only these two are admins of the site during the round.
        await server.db.deleteFrom('owner_roles').where('role', '=', WebsiteRole.ADMIN).execute();
        const ownerA = await createOwner(server.db, a);
        const ownerB = await createOwner(server.db, b);
        const [va, vb] = [
          await signInOwner(server.url, a.email, a.password),
          await signInOwner(server.url, b.email, b.password),
        ];
        const answers =
          round === 1
            ? await Promise.all([
                va.delete(`/api/config/owners/${ownerB.id}`),
                vb.delete(`/api/config/owners/${ownerA.id}`),
              ])
            : await Promise.all([
                va.put(`/api/config/owners/${ownerB.id}/roles`, { roles: [WebsiteRole.EDITOR] }),
                vb.put(`/api/config/owners/${ownerA.id}/roles`, { roles: [WebsiteRole.EDITOR] }),
              ]);
        // One wins; the other is refused: 409 last-admin, or 403/401 when it ran after losing its own
        // admin role or its account.
        const statuses = answers.map((x) => x.status).sort();
        expect(statuses, `round ${round}`).toContain(200);
        expect([401, 403, 409], `round ${round}`).toContain(statuses.find((s) => s !== 200));
        const admins = await server.db
          .selectFrom('owner_roles')
          .select('owner_id')
          .where('role', '=', WebsiteRole.ADMIN)
          .execute();
        expect(admins, `round ${round}`).toHaveLength(1);
      }
    });
  });
}

// The delays and counts live in Redis when `REDIS_URL` is set, so every process agrees on them.
describe.runIf(await redisReachable())('owner sign-in delays in Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      dialect: DIALECTS[0],
      config: {
        redisUrl: REDIS_URL,
        signIn: { requestsPerAddress: 10_000, ownerFreeFailures: 2, ownerDelayBaseMs: DELAY_MS },
      },
    });
    await createOwner(server.db, { email: 'redis-owner@example.com', password: 'redis-password', roles: [1] });
  });
  afterAll(async () => server?.close());

  it('finding 13: delays one account at one address in Redis, and a success from elsewhere still works', async () => {
    const from = (address: string, password: string) =>
      server.app.inject({
        method: 'POST',
        url: SESSION,
        remoteAddress: address,
        headers: { cookie: 'crumb=c', 'x-csrf-token': 'c', 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'redis-owner@example.com', password }),
      });
    expect((await from('10.9.0.1', 'wrong-one')).statusCode).toBe(401);
    expect((await from('10.9.0.1', 'wrong-two')).statusCode).toBe(401);
    const waiting = await from('10.9.0.1', 'redis-password');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await from('10.9.0.2', 'redis-password')).statusCode).toBe(200);
    await sleep(DELAY_MS + 100);
    expect((await from('10.9.0.1', 'redis-password')).statusCode).toBe(200);
  });
});

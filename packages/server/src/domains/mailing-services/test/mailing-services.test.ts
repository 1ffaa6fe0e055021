import { describe, expect, it } from 'vitest';
import { subscriberHash } from '../mailchimp.js';
import { verifySignature } from '../../webhooks/signing.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { mailchimpSuite } from '../../../../test/webhook-suite.js';

const BASE = '/api/config/mailing-services';
const SECRET_KEY = 'mailing-services-test-secret-key-0123456789';

/** A visitor signs up through the newsletter block's form, as the storefront does. */
async function signUp(server: TestServer, email: string) {
  const visitor = Visitor.of(server);
  const key = (await visitor.post('/api/form/FormSubmissionKey')).body.key;
  const saved = await visitor.post('/api/form/SaveFormSubmission', {
    key,
    form: JSON.stringify({ email }),
    formId: 'newsletter-form',
    pagePath: '/contact',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

for (const dialect of DIALECTS) {
  describe(`mailing services (${dialect})`, () => {
    const suite = mailchimpSuite(
      dialect,
      { admin: OWNERS.admin, editor: OWNERS.editor, manager: OWNERS.storeManager },
      {
        secretKey: SECRET_KEY,
        rateLimit: { max: 100_000, timeWindowMs: 60_000 },
        forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 },
        // The server's own run of the job comes once a day here, not at every minute's turn: a turn
        // during a test took a sign-up before the test's run did, which then found nothing to send.
        jobIntervalMs: 86_400_000,
      },
    );

    const run = (at: Date) => suite.server.app.services.jobs!.run(JOBS.mailingServices, at);

    it('is for administrators only, with the crumb', async () => {
      expect((await Visitor.of(suite.server).request('GET', BASE)).status).toBe(401);
      expect((await suite.editor.request('GET', BASE)).status).toBe(403);
      expect((await suite.manager.request('GET', BASE)).status).toBe(403);
      const body = { kind: 'mailchimp', apiKey: suite.fake.apiKey, listId: 'a1b2c3d4e5' };
      expect((await suite.manager.request('POST', BASE, { body })).status).toBe(403);
      expect((await suite.admin.request('POST', BASE, { body, crumb: false })).status).toBe(403);
      expect(
        (
          await suite.admin.request('POST', `${BASE}/mailchimp/audiences`, {
            body: { apiKey: suite.fake.apiKey },
            crumb: false,
          })
        ).status,
      ).toBe(403);
      const listed = await suite.admin.request('GET', BASE);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ connections: [], secretsAvailable: true });
      expect(suite.fake.puts).toHaveLength(0);
    });

    it('refuses a bad key with a clear message and stores nothing', async () => {
      const shape = await suite.admin.request('POST', `${BASE}/mailchimp/audiences`, { body: { apiKey: 'not-a-key' } });
      expect(shape.status).toBe(400);
      expect(shape.body.message).toMatch(/looks like/);
      const wrong = await suite.admin.request('POST', BASE, {
        body: { kind: 'mailchimp', apiKey: 'ffffffffffffffffffffffffffffffff-us6', listId: 'a1b2c3d4e5' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ error: 'credentials-refused' });
      expect(wrong.body.message).toContain('API Key Invalid');
      const unknownList = await suite.admin.request('POST', BASE, {
        body: { kind: 'mailchimp', apiKey: suite.fake.apiKey, listId: 'nope' },
      });
      expect(unknownList.status).toBe(400);
      const hostile = await suite.admin.request('POST', BASE, {
        body: { kind: 'mailchimp', apiKey: suite.fake.apiKey, listId: 'a1b2c3d4e5', extra: 1 },
      });
      expect(hostile.status).toBe(400);
      expect((await suite.admin.request('POST', BASE, { body: 'nonsense' })).status).toBe(400);
      expect((await suite.admin.request('GET', BASE)).body.connections).toEqual([]);
    });

    it('connects Mailchimp: checks the key, lists audiences, keeps the key sealed', async () => {
      const audiences = await suite.admin.request('POST', `${BASE}/mailchimp/audiences`, {
        body: { apiKey: suite.fake.apiKey },
      });
      expect(audiences.status).toBe(200);
      expect(audiences.body.audiences.map((a: { name: string }) => a.name)).toEqual(['Studio friends', 'Wholesale']);
      const created = await suite.admin.request('POST', BASE, {
        body: { kind: 'mailchimp', apiKey: suite.fake.apiKey, listId: 'a1b2c3d4e5' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.connections).toHaveLength(1);
      expect(created.body.connections[0]).toMatchObject({
        kind: 'mailchimp',
        label: 'Mailchimp: Studio friends',
        audience: { id: 'a1b2c3d4e5', name: 'Studio friends' },
        delivered: 0,
        failed: 0,
      });
      expect(JSON.stringify(created.body)).not.toContain(suite.fake.apiKey);
      const twice = await suite.admin.request('POST', BASE, {
        body: { kind: 'mailchimp', apiKey: suite.fake.apiKey, listId: 'a1b2c3d4e5' },
      });
      expect(twice.status).toBe(400);
      expect(twice.body).toMatchObject({ error: 'already-connected' });
      const row = await suite.server.db.selectFrom('mailing_connections').select('secret').executeTakeFirstOrThrow();
      expect(row.secret).not.toContain(suite.fake.apiKey.slice(0, 12));
    });

    it('sends a newsletter sign-up to Mailchimp once, even when the job runs twice at once', async () => {
      await signUp(suite.server, 'Grace@Example.com');
      const now = new Date(Date.now() + 1000);
      await Promise.all([run(now), run(now)]);
      const hash = subscriberHash('grace@example.com');
      expect(suite.fake.puts.filter((p) => p.hash === hash)).toHaveLength(1);
      expect(suite.fake.members.get('a1b2c3d4e5')?.get(hash)).toMatchObject({
        email_address: 'grace@example.com',
        status: 'subscribed',
      });
      // The same address again: already on the list, nothing new is sent.
      await signUp(suite.server, 'grace@example.com');
      await run(new Date(Date.now() + 2000));
      expect(suite.fake.puts.filter((p) => p.hash === hash)).toHaveLength(1);
      const listed = await suite.admin.request('GET', BASE);
      expect(listed.body.connections[0]).toMatchObject({ delivered: 1, pending: 0, failed: 0 });
    });

    it('retries when Mailchimp fails, shows the failure, and retries on request after giving up', async () => {
      const id = (await suite.admin.request('GET', BASE)).body.connections[0].id as string;
      suite.fake.failNextPuts.push(500);
      await signUp(suite.server, 'linus@example.com');
      const start = new Date(Date.now() + 1000);
      expect(await run(start)).toMatchObject({ retrying: 1 });
      let listed = await suite.admin.request('GET', BASE);
      expect(listed.body.connections[0]).toMatchObject({ pending: 1 });
      expect(listed.body.connections[0].lastError).toContain('500');
      // Not yet due: nothing sent.
      expect(await run(new Date(start.getTime() + 30_000))).toMatchObject({ delivered: 0, retrying: 0 });
      expect(await run(new Date(start.getTime() + 61_000))).toMatchObject({ delivered: 1 });
      expect(suite.fake.members.get('a1b2c3d4e5')?.has(subscriberHash('linus@example.com'))).toBe(true);

      // Six failures in a row: failed for good, counted, then sent again by the owner's retry.
      suite.fake.failNextPuts.push(500, 500, 500, 500, 500, 500);
      await signUp(suite.server, 'ada@example.com');
      let at = Date.now() + 1000;
      for (let i = 0; i < 6; i++) {
        await run(new Date(at));
        at += 13 * 3_600_000;
      }
      listed = await suite.admin.request('GET', BASE);
      expect(listed.body.connections[0]).toMatchObject({ failed: 1 });
      const deliveries = await suite.admin.request('GET', `${BASE}/${id}/deliveries`);
      expect(deliveries.body.deliveries[0]).toMatchObject({ email: 'ada@example.com', status: 'failed', attempts: 6 });
      expect(deliveries.body.deliveries[0].error).toContain('Internal Server Error');
      expect((await suite.manager.request('POST', `${BASE}/${id}/retry`)).status).toBe(403);
      const retried = await suite.admin.request('POST', `${BASE}/${id}/retry`);
      expect(retried.status).toBe(200);
      expect(retried.body.connections[0]).toMatchObject({ failed: 0, lastError: null });
      expect(suite.fake.members.get('a1b2c3d4e5')?.has(subscriberHash('ada@example.com'))).toBe(true);
    });

    it('connects a webhook target: checked when saved, sign-ups signed like webhooks', async () => {
      suite.receiver.answers.push(500);
      const refused = await suite.admin.request('POST', BASE, {
        body: { kind: 'webhook', url: `${suite.receiver.url}/signups` },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('HTTP 500');
      const created = await suite.admin.request('POST', BASE, {
        body: { kind: 'webhook', url: `${suite.receiver.url}/signups`, label: 'Zapier' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const secret = created.body.secret as string;
      expect(secret).toMatch(/^whsec_/);
      suite.receiver.received.length = 0;
      await signUp(suite.server, 'margaret@example.com');
      await run(new Date(Date.now() + 1000));
      const got = suite.receiver.received.filter((r) => r.path === '/signups');
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.body)).toMatchObject({
        type: 'newsletter.subscribed',
        data: { email: 'margaret@example.com', form: { id: 'newsletter-form' } },
      });
      expect(verifySignature(secret, got[0]!.body, String(got[0]!.headers['tessera-signature']))).toBe(true);
    });

    it('disconnects', async () => {
      const listed = (await suite.admin.request('GET', BASE)).body.connections as { id: string }[];
      expect((await suite.admin.request('DELETE', `${BASE}/nope`)).status).toBe(404);
      for (const c of listed) expect((await suite.admin.request('DELETE', `${BASE}/${c.id}`)).status).toBe(200);
      expect((await suite.admin.request('GET', BASE)).body.connections).toEqual([]);
      const before = suite.fake.puts.length;
      await signUp(suite.server, 'after@example.com');
      await run(new Date(Date.now() + 1000));
      expect(suite.fake.puts.length).toBe(before);
    });
  });
}

for (const dialect of DIALECTS) {
  describe(`mailing services without TESSERA_SECRET_KEY (${dialect})`, () => {
    const suite = suiteServer(dialect, {}, { secretKey: undefined });

    it('refuses to store a key it cannot seal, and says why', async () => {
      const [admin] = await ownerSessions(suite.server, [OWNERS.admin]);
      const listed = await admin!.request('GET', BASE);
      expect(listed.body).toMatchObject({ secretsAvailable: false });
      expect(listed.body.secretsMessage).toContain('TESSERA_SECRET_KEY');
      const refused = await admin!.request('POST', BASE, {
        body: { kind: 'mailchimp', apiKey: '0123456789abcdef0123456789abcdef-us6', listId: 'a1b2c3d4e5' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'secret-key-missing' });
      expect(await suite.server.db.selectFrom('mailing_connections').selectAll().execute()).toEqual([]);
    });
  });
}

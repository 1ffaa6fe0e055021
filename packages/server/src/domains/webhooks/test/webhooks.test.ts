import { describe, expect, it } from 'vitest';
import { deliverDueWebhooks, recordWebhookEvent } from '../index.js';
import { verifySignature } from '../signing.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { createFormStore } from '../../forms/form-store.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { webhookSuite } from '../../../../test/webhook-suite.js';

const HOOKS = '/api/config/webhooks';
const SECRET_KEY = 'webhooks-test-secret-key-0123456789abcdef';

async function buy(server: TestServer) {
  const visitor = Visitor.of(server);
  await addToCart(server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 1 });
  const placed = await visitor.request('POST', '/api/checkout/orders', {
    body: cardOrder({ email: 'ada@example.com', name: 'Ada Lovelace', line1: '12 Warren Street' }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order as { id: string; orderNumber: number };
}

for (const dialect of DIALECTS) {
  describe(`outgoing webhooks (${dialect})`, () => {
    const suite = webhookSuite(
      dialect,
      { admin: OWNERS.admin, editor: OWNERS.editor, manager: OWNERS.storeManager },
      {
        secretKey: SECRET_KEY,
        rateLimit: { max: 100_000, timeWindowMs: 60_000 },
        forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 },
      },
    );

    it('is for administrators only, with the crumb', async () => {
      expect((await Visitor.of(suite.server).request('GET', HOOKS)).status).toBe(401);
      expect((await suite.editor.request('GET', HOOKS)).status).toBe(403);
      expect((await suite.manager.request('GET', HOOKS)).status).toBe(403);
      const body = { url: `${suite.receiver.url}/hook`, events: ['order.paid'] };
      expect((await suite.manager.request('POST', HOOKS, { body })).status).toBe(403);
      expect((await suite.admin.request('POST', HOOKS, { body, crumb: false })).status).toBe(403);
      const listed = await suite.admin.request('GET', HOOKS);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ endpoints: [], secretsEncrypted: true });
      expect(listed.body.events).toContain('subscription.renewed');
    });

    it('refuses plain http, unknown events and no events, with a message', async () => {
      const http = await suite.admin.request('POST', HOOKS, {
        body: { url: 'http://example.com/hook', events: ['order.paid'] },
      });
      expect(http.status).toBe(400);
      expect(http.body.fields.url).toContain('https://');
      const unknown = await suite.admin.request('POST', HOOKS, {
        body: { url: 'https://example.com/h', events: ['order.lost'] },
      });
      expect(unknown.status).toBe(400);
      const none = await suite.admin.request('POST', HOOKS, { body: { url: 'https://example.com/h', events: [] } });
      expect(none.status).toBe(400);
      expect(none.body.fields.events).toBe('Pick at least one event.');
    });

    it('delivers signed order events once the job runs, and retries a 500 with backoff', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/orders`, events: ['order.created', 'order.paid', 'order.fulfilled'] },
      });
      expect(created.status).toBe(201);
      const secret = created.body.secret as string;
      expect(secret).toMatch(/^whsec_/);
      // Shown once: never listed, and sealed at rest.
      expect(JSON.stringify((await suite.admin.request('GET', HOOKS)).body)).not.toContain(secret);
      const stored = await suite.server.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
      expect(stored.secret).toMatch(/^v1\./);

      suite.receiver.received.length = 0;
      const order = await buy(suite.server);
      expect(suite.receiver.received).toEqual([]); // nothing is posted inside the request
      const now = new Date();
      expect(await suite.server.app.services.jobs!.run(JOBS.webhooks, now)).toMatchObject({ delivered: 2 });
      const types = suite.receiver.received.map((r) => JSON.parse(r.body).type);
      expect(types.sort()).toEqual(['order.created', 'order.paid']);
      for (const hook of suite.receiver.received) {
        const body = JSON.parse(hook.body);
        expect(verifySignature(secret, hook.body, String(hook.headers['tessera-signature']))).toBe(true);
        expect(verifySignature('whsec_wrong', hook.body, String(hook.headers['tessera-signature']))).toBe(false);
        expect(hook.headers['tessera-event-id']).toBe(body.id);
        expect(body.data.order).toMatchObject({ id: order.id, number: order.orderNumber, email: 'ada@example.com' });
        expect(String(hook.headers['tessera-signature'])).toMatch(
          new RegExp(`^t=${Math.floor(now.getTime() / 1000)},v1=[0-9a-f]{64}$`),
        );
      }

      // The receiver fails once: the delivery waits a minute, then succeeds with the same event id.
      suite.receiver.received.length = 0;
      suite.receiver.answers.push(500);
      expect((await suite.manager.request('POST', `/api/config/orders/${order.id}/fulfill`)).status).toBe(200);
      const later = new Date();
      expect(await suite.server.app.services.jobs!.run(JOBS.webhooks, later)).toMatchObject({ retrying: 1 });
      const endpointId = created.body.endpoint.id as string;
      let log = (await suite.admin.request('GET', `${HOOKS}/${endpointId}/deliveries`)).body.deliveries;
      expect(log[0]).toMatchObject({ type: 'order.fulfilled', status: 'pending', attempts: 1, responseStatus: 500 });
      expect(log[0].nextAttemptAt).toBe(new Date(later.getTime() + 60_000).toISOString());
      expect(
        await suite.server.app.services.jobs!.run(JOBS.webhooks, new Date(later.getTime() + 30_000)),
      ).toMatchObject({
        delivered: 0,
        retrying: 0,
      });
      expect(suite.receiver.received).toHaveLength(1);
      await suite.server.app.services.jobs!.run(JOBS.webhooks, new Date(later.getTime() + 61_000));
      expect(suite.receiver.received).toHaveLength(2);
      const [first, second] = suite.receiver.received.map((r) => r.headers['tessera-event-id']);
      expect(second).toBe(first);
      log = (await suite.admin.request('GET', `${HOOKS}/${endpointId}/deliveries`)).body.deliveries;
      expect(log[0]).toMatchObject({ type: 'order.fulfilled', status: 'delivered', attempts: 2, responseStatus: 200 });

      // Redelivery posts the same event again (receivers drop it by its id).
      const redo = await suite.admin.request('POST', `${HOOKS}/${endpointId}/deliveries/${log[0].id}/redeliver`);
      expect(redo.status).toBe(200);
      expect(redo.body.delivery).toMatchObject({ status: 'delivered', eventId: first });
    });

    it('sends a test event at once and answers the outcome', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/t`, events: ['form.submitted'] },
      });
      suite.receiver.received.length = 0;
      const sent = await suite.admin.request('POST', `${HOOKS}/${created.body.endpoint.id}/test`);
      expect(sent.status).toBe(200);
      expect(sent.body.delivery).toMatchObject({ type: 'webhook.test', status: 'delivered', responseStatus: 200 });
      expect(suite.receiver.received).toHaveLength(1);
      expect(
        verifySignature(
          created.body.secret,
          suite.receiver.received[0]!.body,
          String(suite.receiver.received[0]!.headers['tessera-signature']),
        ),
      ).toBe(true);
    });

    it('sends form.submitted for an accepted submission, written with it', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/forms`, events: ['form.submitted'] },
      });
      const site = await suite.server.app.services.content.getSiteForHost('localhost');
      await createFormStore(suite.server.db).saveForm(site.id, {
        id: 'hooked',
        name: 'Hooked',
        kind: 'contact',
        fields: [{ id: 'msg', type: 'text', title: 'Message', required: true }],
        submissionMessage: 'Thanks',
        captcha: { enabled: false },
      });
      const visitor = Visitor.of(suite.server);
      const key = (await visitor.post('/api/form/FormSubmissionKey')).body.key;
      const form = JSON.stringify({ msg: 'hello hooks' });
      const saved = await visitor.post('/api/form/SaveFormSubmission', { key, form, formId: 'hooked', pagePath: '/c' });
      expect(saved.status).toBe(200);
      suite.receiver.received.length = 0;
      await suite.server.app.services.jobs!.run(JOBS.webhooks, new Date());
      const forms = suite.receiver.received.filter((r) => r.path === '/forms');
      expect(forms).toHaveLength(1);
      expect(JSON.parse(forms[0]!.body).data).toMatchObject({
        form: { id: 'hooked', name: 'Hooked' },
        submission: { values: { msg: 'hello hooks' } },
      });
      expect(verifySignature(created.body.secret, forms[0]!.body, String(forms[0]!.headers['tessera-signature']))).toBe(
        true,
      );
    });

    it('posts each attempt once when two job rounds run at the same time', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/race`, events: ['order.paid'] },
      });
      const site = await suite.server.app.services.content.getSiteForHost('localhost');
      for (let i = 0; i < 5; i++) {
        await recordWebhookEvent(suite.server.db, {
          siteId: site.id,
          type: 'order.paid',
          data: { order: { id: `o${i}` } },
        });
      }
      suite.receiver.received.length = 0;
      const now = new Date(Date.now() + 1000);
      const rounds = await Promise.all([
        deliverDueWebhooks(suite.server.db, now, { secretKey: SECRET_KEY }),
        deliverDueWebhooks(suite.server.db, now, { secretKey: SECRET_KEY }),
      ]);
      const race = suite.receiver.received.filter((r) => r.path === '/race');
      expect(race).toHaveLength(5);
      expect(new Set(race.map((r) => r.headers['tessera-event-id'])).size).toBe(5);
      // The server's own webhooks job (on the job queue's clock) may post some of what is due meanwhile;
      // whoever posts an attempt, it is posted once, so the two rounds posted no more than arrived.
      expect(rounds.reduce((n, r) => n + r.delivered, 0)).toBeLessThanOrEqual(suite.receiver.received.length);
      expect((await suite.admin.request('DELETE', `${HOOKS}/${created.body.endpoint.id}`)).status).toBe(200);
    });

    it('refuses private, link-local and loopback addresses at send time, after resolving DNS', async () => {
      for (const [url, ip] of [
        ['https://10.1.2.3/hook', '10.1.2.3'],
        ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
        // A name is resolved first: localhost is loopback and not on the allow-list (only 127.0.0.1 is).
        [`http://localhost:${new URL(suite.receiver.url).port}/hook`, '127.0.0.1'],
      ] as const) {
        const created = await suite.admin.request('POST', HOOKS, { body: { url, events: ['order.paid'] } });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        suite.receiver.received.length = 0;
        const sent = await suite.admin.request('POST', `${HOOKS}/${created.body.endpoint.id}/test`);
        expect(sent.body.delivery.status).toBe('pending');
        expect(sent.body.delivery.error).toContain(`resolves to ${ip}`);
        expect(sent.body.delivery.error).toContain('private or local');
        expect(suite.receiver.received).toEqual([]);
        expect((await suite.admin.request('DELETE', `${HOOKS}/${created.body.endpoint.id}`)).status).toBe(200);
      }
    });

    it('marks a delivery failed after the last retry and disables an endpoint that keeps failing', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/down`, events: ['order.refunded'] },
      });
      const id = created.body.endpoint.id as string;
      const site = (
        await suite.server.db
          .selectFrom('webhook_endpoints')
          .select('site_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).site_id;
      // Keep only this endpoint's work in the outbox for the round below.
      await suite.server.db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivered' })
        .where('status', '=', 'pending')
        .execute();
      await recordWebhookEvent(suite.server.db, { siteId: site, type: 'order.refunded', data: { order: { id: 'x' } } });
      suite.receiver.answers.push(...Array(10).fill(503));
      let at = Date.now();
      for (const wait of [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]) {
        at += wait;
        await deliverDueWebhooks(suite.server.db, new Date(at), { secretKey: SECRET_KEY, disableAfter: 6 });
      }
      const row = await suite.server.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 6, response_status: 503, next_attempt_at: null });
      const listed = (await suite.admin.request('GET', HOOKS)).body.endpoints.find((e: { id: string }) => e.id === id);
      expect(listed.enabled).toBe(false);
      expect(listed.disabledReason).toContain('after 6 failed deliveries in a row');
      // Enabling it again clears the count.
      const enabled = await suite.admin.request('PATCH', `${HOOKS}/${id}`, { body: { enabled: true } });
      expect(enabled.body.endpoint).toMatchObject({ enabled: true, failureStreak: 0, disabledReason: null });
      suite.receiver.answers.length = 0;
    });
  });
}

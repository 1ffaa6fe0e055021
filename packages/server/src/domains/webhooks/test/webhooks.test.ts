import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks, recordWebhookEvent, verifySignature } from '../index.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { addToCart } from '../../../../test/cart-helpers.js';
import { createFormStore } from '../../forms/form-store.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/fakes/webhook-receiver.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';

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
    let server: TestServer;
    let receiver: WebhookReceiver;
    let admin: Visitor;
    let editor: Visitor;
    let manager: Visitor;
    const allowBefore = process.env.TESSERA_WEBHOOK_ALLOW_HOSTS;

    beforeAll(async () => {
      // The local receiver is on loopback: allowed by name for the test only.
      process.env.TESSERA_WEBHOOK_ALLOW_HOSTS = '127.0.0.1';
      receiver = await startWebhookReceiver();
      server = await startTestServer({
        dialect,
        config: {
          secretKey: SECRET_KEY,
          rateLimit: { max: 100_000, timeWindowMs: 60_000 },
          forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 },
        },
      });
      [admin, editor, manager] = await ownerSessions(server, [OWNERS.admin, OWNERS.editor, OWNERS.storeManager]);
    });
    afterAll(async () => {
      if (allowBefore === undefined) delete process.env.TESSERA_WEBHOOK_ALLOW_HOSTS;
      else process.env.TESSERA_WEBHOOK_ALLOW_HOSTS = allowBefore;
      await server?.close();
      await receiver?.close();
    });

    it('is for administrators only, with the crumb', async () => {
      expect((await Visitor.of(server).request('GET', HOOKS)).status).toBe(401);
      expect((await editor.request('GET', HOOKS)).status).toBe(403);
      expect((await manager.request('GET', HOOKS)).status).toBe(403);
      const body = { url: `${receiver.url}/hook`, events: ['order.paid'] };
      expect((await manager.request('POST', HOOKS, { body })).status).toBe(403);
      expect((await admin.request('POST', HOOKS, { body, crumb: false })).status).toBe(403);
      const listed = await admin.request('GET', HOOKS);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ endpoints: [], secretsEncrypted: true });
      expect(listed.body.events).toContain('subscription.renewed');
    });

    it('refuses plain http, unknown events and no events, with a message', async () => {
      const http = await admin.request('POST', HOOKS, {
        body: { url: 'http://example.com/hook', events: ['order.paid'] },
      });
      expect(http.status).toBe(400);
      expect(http.body.fields.url).toContain('https://');
      const unknown = await admin.request('POST', HOOKS, {
        body: { url: 'https://example.com/h', events: ['order.lost'] },
      });
      expect(unknown.status).toBe(400);
      const none = await admin.request('POST', HOOKS, { body: { url: 'https://example.com/h', events: [] } });
      expect(none.status).toBe(400);
      expect(none.body.fields.events).toBe('Pick at least one event.');
    });

    it('delivers signed order events once the job runs, and retries a 500 with backoff', async () => {
      const created = await admin.request('POST', HOOKS, {
        body: { url: `${receiver.url}/orders`, events: ['order.created', 'order.paid', 'order.fulfilled'] },
      });
      expect(created.status).toBe(201);
      const secret = created.body.secret as string;
      expect(secret).toMatch(/^whsec_/);
      // Shown once: never listed, and sealed at rest.
      expect(JSON.stringify((await admin.request('GET', HOOKS)).body)).not.toContain(secret);
      const stored = await server.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
      expect(stored.secret).toMatch(/^v1\./);

      receiver.received.length = 0;
      const order = await buy(server);
      expect(receiver.received).toEqual([]); // nothing is posted inside the request
      const now = new Date();
      expect(await server.app.services.jobs!.run(JOBS.webhooks, now)).toMatchObject({ delivered: 2 });
      const types = receiver.received.map((r) => JSON.parse(r.body).type);
      expect(types.sort()).toEqual(['order.created', 'order.paid']);
      for (const hook of receiver.received) {
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
      receiver.received.length = 0;
      receiver.answers.push(500);
      expect((await manager.request('POST', `/api/config/orders/${order.id}/fulfill`)).status).toBe(200);
      const later = new Date();
      expect(await server.app.services.jobs!.run(JOBS.webhooks, later)).toMatchObject({ retrying: 1 });
      const endpointId = created.body.endpoint.id as string;
      let log = (await admin.request('GET', `${HOOKS}/${endpointId}/deliveries`)).body.deliveries;
      expect(log[0]).toMatchObject({ type: 'order.fulfilled', status: 'pending', attempts: 1, responseStatus: 500 });
      expect(log[0].nextAttemptAt).toBe(new Date(later.getTime() + 60_000).toISOString());
      expect(await server.app.services.jobs!.run(JOBS.webhooks, new Date(later.getTime() + 30_000))).toMatchObject({
        delivered: 0,
        retrying: 0,
      });
      expect(receiver.received).toHaveLength(1);
      await server.app.services.jobs!.run(JOBS.webhooks, new Date(later.getTime() + 61_000));
      expect(receiver.received).toHaveLength(2);
      const [first, second] = receiver.received.map((r) => r.headers['tessera-event-id']);
      expect(second).toBe(first);
      log = (await admin.request('GET', `${HOOKS}/${endpointId}/deliveries`)).body.deliveries;
      expect(log[0]).toMatchObject({ type: 'order.fulfilled', status: 'delivered', attempts: 2, responseStatus: 200 });

      // Redelivery posts the same event again (receivers drop it by its id).
      const redo = await admin.request('POST', `${HOOKS}/${endpointId}/deliveries/${log[0].id}/redeliver`);
      expect(redo.status).toBe(200);
      expect(redo.body.delivery).toMatchObject({ status: 'delivered', eventId: first });
    });

    it('sends a test event at once and answers the outcome', async () => {
      const created = await admin.request('POST', HOOKS, {
        body: { url: `${receiver.url}/t`, events: ['form.submitted'] },
      });
      receiver.received.length = 0;
      const sent = await admin.request('POST', `${HOOKS}/${created.body.endpoint.id}/test`);
      expect(sent.status).toBe(200);
      expect(sent.body.delivery).toMatchObject({ type: 'webhook.test', status: 'delivered', responseStatus: 200 });
      expect(receiver.received).toHaveLength(1);
      expect(
        verifySignature(
          created.body.secret,
          receiver.received[0]!.body,
          String(receiver.received[0]!.headers['tessera-signature']),
        ),
      ).toBe(true);
    });

    it('sends form.submitted for an accepted submission, written with it', async () => {
      const created = await admin.request('POST', HOOKS, {
        body: { url: `${receiver.url}/forms`, events: ['form.submitted'] },
      });
      const site = await server.app.services.content.getSiteForHost('localhost');
      await createFormStore(server.db).saveForm(site.id, {
        id: 'hooked',
        name: 'Hooked',
        kind: 'contact',
        fields: [{ id: 'msg', type: 'text', title: 'Message', required: true }],
        submissionMessage: 'Thanks',
        captcha: { enabled: false },
      });
      const visitor = Visitor.of(server);
      const key = (await visitor.post('/api/form/FormSubmissionKey')).body.key;
      const form = JSON.stringify({ msg: 'hello hooks' });
      const saved = await visitor.post('/api/form/SaveFormSubmission', { key, form, formId: 'hooked', pagePath: '/c' });
      expect(saved.status).toBe(200);
      receiver.received.length = 0;
      await server.app.services.jobs!.run(JOBS.webhooks, new Date());
      const forms = receiver.received.filter((r) => r.path === '/forms');
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
      const created = await admin.request('POST', HOOKS, {
        body: { url: `${receiver.url}/race`, events: ['order.paid'] },
      });
      const site = await server.app.services.content.getSiteForHost('localhost');
      for (let i = 0; i < 5; i++) {
        await recordWebhookEvent(server.db, { siteId: site.id, type: 'order.paid', data: { order: { id: `o${i}` } } });
      }
      receiver.received.length = 0;
      const now = new Date(Date.now() + 1000);
      const rounds = await Promise.all([
        deliverDueWebhooks(server.db, now, { secretKey: SECRET_KEY }),
        deliverDueWebhooks(server.db, now, { secretKey: SECRET_KEY }),
      ]);
      const race = receiver.received.filter((r) => r.path === '/race');
      expect(race).toHaveLength(5);
      expect(new Set(race.map((r) => r.headers['tessera-event-id'])).size).toBe(5);
      // The server's own webhooks job (on the job queue's clock) may post some of what is due meanwhile;
      // whoever posts an attempt, it is posted once, so the two rounds posted no more than arrived.
      expect(rounds.reduce((n, r) => n + r.delivered, 0)).toBeLessThanOrEqual(receiver.received.length);
      expect((await admin.request('DELETE', `${HOOKS}/${created.body.endpoint.id}`)).status).toBe(200);
    });

    it('refuses private, link-local and loopback addresses at send time, after resolving DNS', async () => {
      for (const [url, ip] of [
        ['https://10.1.2.3/hook', '10.1.2.3'],
        ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
        // A name is resolved first: localhost is loopback and not on the allow-list (only 127.0.0.1 is).
        [`http://localhost:${new URL(receiver.url).port}/hook`, '127.0.0.1'],
      ] as const) {
        const created = await admin.request('POST', HOOKS, { body: { url, events: ['order.paid'] } });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        receiver.received.length = 0;
        const sent = await admin.request('POST', `${HOOKS}/${created.body.endpoint.id}/test`);
        expect(sent.body.delivery.status).toBe('pending');
        expect(sent.body.delivery.error).toContain(`resolves to ${ip}`);
        expect(sent.body.delivery.error).toContain('private or local');
        expect(receiver.received).toEqual([]);
        expect((await admin.request('DELETE', `${HOOKS}/${created.body.endpoint.id}`)).status).toBe(200);
      }
    });

    it('marks a delivery failed after the last retry and disables an endpoint that keeps failing', async () => {
      const created = await admin.request('POST', HOOKS, {
        body: { url: `${receiver.url}/down`, events: ['order.refunded'] },
      });
      const id = created.body.endpoint.id as string;
      const site = (
        await server.db.selectFrom('webhook_endpoints').select('site_id').where('id', '=', id).executeTakeFirstOrThrow()
      ).site_id;
      // Keep only this endpoint's work in the outbox for the round below.
      await server.db
        .updateTable('webhook_deliveries')
        .set({ status: 'delivered' })
        .where('status', '=', 'pending')
        .execute();
      await recordWebhookEvent(server.db, { siteId: site, type: 'order.refunded', data: { order: { id: 'x' } } });
      receiver.answers.push(...Array(10).fill(503));
      let at = Date.now();
      for (const wait of [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000]) {
        at += wait;
        await deliverDueWebhooks(server.db, new Date(at), { secretKey: SECRET_KEY, disableAfter: 6 });
      }
      const row = await server.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 6, response_status: 503, next_attempt_at: null });
      const listed = (await admin.request('GET', HOOKS)).body.endpoints.find((e: { id: string }) => e.id === id);
      expect(listed.enabled).toBe(false);
      expect(listed.disabledReason).toContain('after 6 failed deliveries in a row');
      // Enabling it again clears the count.
      const enabled = await admin.request('PATCH', `${HOOKS}/${id}`, { body: { enabled: true } });
      expect(enabled.body.endpoint).toMatchObject({ enabled: true, failureStreak: 0, disabledReason: null });
      receiver.answers.length = 0;
    });
  });
}

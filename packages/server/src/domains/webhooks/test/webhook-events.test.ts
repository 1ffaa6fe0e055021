import { describe, expect, it } from 'vitest';
import { recordWebhookEvent } from '../index.js';
import { verifySignature } from '../signing.js';
import { JOBS } from '../../../jobs.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { itemIdOf, soldOutVariant } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { webhookSuite } from '../../../../test/webhook-suite.js';

// Issue 21's later webhook events (newsletter.subscribed, restock.signed_up, subscription.failed)
// and signing-secret rotation.

const HOOKS = '/api/config/webhooks';

for (const dialect of DIALECTS) {
  describe(`webhook events and secret rotation (${dialect})`, () => {
    const suite = webhookSuite(
      dialect,
      { admin: OWNERS.admin, manager: OWNERS.storeManager },
      {
        secretKey: 'webhook-events-test-secret-key-0123456789',
        rateLimit: { max: 100_000, timeWindowMs: 60_000 },
        forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 },
      },
    );

    const run = (at = new Date()) => suite.server.app.services.jobs!.run(JOBS.webhooks, at);
    const at = (path: string) => suite.receiver.received.filter((r) => r.path === path);

    it('offers the new events', async () => {
      const listed = await suite.admin.request('GET', HOOKS);
      expect(listed.body.events).toEqual(
        expect.arrayContaining(['newsletter.subscribed', 'restock.signed_up', 'subscription.failed']),
      );
    });

    it('sends newsletter.subscribed once per new subscriber', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/news`, events: ['newsletter.subscribed'] },
      });
      expect(created.status).toBe(201);
      for (const email of ['hedy@example.com', 'hedy@example.com']) {
        const visitor = Visitor.of(suite.server);
        const key = (await visitor.post('/api/form/FormSubmissionKey')).body.key;
        const form = JSON.stringify({ email });
        const saved = await visitor.post('/api/form/SaveFormSubmission', { key, form, formId: 'newsletter-form' });
        expect(saved.status).toBe(200);
      }
      await run();
      expect(at('/news')).toHaveLength(1);
      const event = JSON.parse(at('/news')[0]!.body);
      expect(event).toMatchObject({
        type: 'newsletter.subscribed',
        data: { subscriber: { email: 'hedy@example.com' }, form: { id: 'newsletter-form' } },
      });
      expect(
        verifySignature(
          created.body.secret,
          at('/news')[0]!.body,
          String(at('/news')[0]!.headers['tessera-signature']),
        ),
      ).toBe(true);
    });

    it('sends restock.signed_up for a new back-in-stock sign-up', async () => {
      await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/restock`, events: ['restock.signed_up'] },
      });
      const variant = await soldOutVariant(suite.server, 'linen-shirt');
      const body = { ...variant, isJoinMailingList: false, siteVisitorEmail: 'rosalind@example.com' };
      expect((await Visitor.of(suite.server).post('/api/commerce/restock-notifications', body)).status).toBe(201);
      expect((await Visitor.of(suite.server).post('/api/commerce/restock-notifications', body)).status).toBe(200);
      await run();
      expect(at('/restock')).toHaveLength(1);
      expect(JSON.parse(at('/restock')[0]!.body)).toMatchObject({
        type: 'restock.signed_up',
        data: { signUp: { email: 'rosalind@example.com', productId: variant.productId } },
      });
    });

    it('sends subscription.failed when a renewal charge fails', async () => {
      await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/subs`, events: ['subscription.failed'] },
      });
      const visitor = Visitor.of(suite.server);
      const started = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
        body: { itemId: await itemIdOf(suite.server, 'coffee-subscription'), sku: 'COFFEE-WHOLE', qty: 1 },
      });
      expect(started.status).toBe(200);
      const placed = await visitor.request('POST', '/api/checkout/orders', {
        body: cardOrder({ cartToken: started.body.cartToken, email: 'barbara@example.com', name: 'Barbara Liskov' }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const subscriptionId = placed.body.order.subscriptionId as string;
      // A saved method no provider knows any more: the renewal charge cannot go through.
      await suite.server.db
        .updateTable('subscriptions')
        .set({ payment_reference: 'gone:tok_x' })
        .where('id', '=', subscriptionId)
        .execute();
      const due = new Date(Date.now() + 40 * 86_400_000);
      const renewed = await suite.server.app.services.checkout!.renewals.runDue(due);
      expect(renewed.filter((o) => o.subscriptionId === subscriptionId).map((o) => o.status)).toEqual([
        'payment-failed',
      ]);
      await run(new Date(due.getTime() + 1000));
      expect(at('/subs')).toHaveLength(1);
      expect(JSON.parse(at('/subs')[0]!.body)).toMatchObject({
        type: 'subscription.failed',
        data: { subscription: { id: subscriptionId }, reason: 'payment-failed' },
      });
    });

    it('rotates a secret: both sign for 24 h, then only the new one', async () => {
      const created = await suite.admin.request('POST', HOOKS, {
        body: { url: `${suite.receiver.url}/rot`, events: ['order.paid'] },
      });
      const id = created.body.endpoint.id as string;
      const old = created.body.secret as string;
      expect((await suite.manager.request('POST', `${HOOKS}/${id}/rotate-secret`)).status).toBe(403);
      expect((await suite.admin.request('POST', `${HOOKS}/${id}/rotate-secret`, { crumb: false })).status).toBe(403);
      expect((await suite.admin.request('POST', `${HOOKS}/nope/rotate-secret`)).status).toBe(404);
      const rotated = await suite.admin.request('POST', `${HOOKS}/${id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      const fresh = rotated.body.secret as string;
      expect(fresh).not.toBe(old);
      expect(rotated.body.endpoint.previousSecretUntil).toBeTruthy();
      expect(
        (await suite.admin.request('GET', HOOKS)).body.endpoints.find((e: { id: string }) => e.id === id),
      ).not.toHaveProperty('secret');

      const site = await suite.server.app.services.content.getSiteForHost('localhost');
      await recordWebhookEvent(suite.server.db, { siteId: site.id, type: 'order.paid', data: { n: 1 } });
      await run();
      const during = at('/rot')[0]!;
      const header = String(during.headers['tessera-signature']);
      expect(header.match(/v1=/g)).toHaveLength(2);
      expect(verifySignature(old, during.body, header)).toBe(true);
      expect(verifySignature(fresh, during.body, header)).toBe(true);

      const later = new Date(Date.now() + 25 * 3_600_000);
      await recordWebhookEvent(suite.server.db, {
        siteId: site.id,
        type: 'order.paid',
        data: { n: 2 },
        now: later.toISOString(),
      });
      await run(later);
      const after = at('/rot')[1]!;
      const header2 = String(after.headers['tessera-signature']);
      expect(header2.match(/v1=/g)).toHaveLength(1);
      expect(verifySignature(fresh, after.body, header2)).toBe(true);
      expect(verifySignature(old, after.body, header2)).toBe(false);
    });
  });
}

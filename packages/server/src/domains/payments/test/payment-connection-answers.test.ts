import { paymentConnections } from '@tessera/core/contracts/payment-connections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import { type PaypalFake, startPaypalFake } from '../../../../test/fakes/paypal-fake.js';
import { type StripeFake, startStripeFake } from '../../../../test/fakes/stripe-fake.js';
import type { Visitor } from '../../../../test/visitor.js';

// The payment connections' answers are what their contract (`@tessera/core/contracts/payment-connections`)
// says, the contract the store panel's payment providers tab takes its types from, and what
// /api/openapi.json publishes.

const CONNECTIONS = '/api/config/payments/connections';

for (const dialect of DIALECTS) {
  describe(`payment connection answers match their published schema (${dialect})`, () => {
    let stripe: StripeFake;
    let paypal: PaypalFake;
    let server: TestServer;
    let store: Visitor;

    beforeAll(async () => {
      stripe = await startStripeFake();
      paypal = await startPaypalFake();
      server = await startTestServer({
        dialect,
        config: {
          secretKey: 'payment-answers-test-secret-key-0123456789',
          paymentApiBases: { stripe: stripe.url, paypal: paypal.url },
        },
      });
      [store] = await ownerSessions(server, [OWNERS.storeManager]);
    });
    afterAll(async () => {
      await server?.close();
      await stripe?.close();
      await paypal?.close();
    });

    it('answers the providers, a connection saved and removed, as published', async () => {
      const first = expectAnswer(paymentConnections, await store.get(CONNECTIONS));
      expect(first.providers.map((p) => [p.provider, p.connected, p.source, p.mode])).toEqual([
        ['stripe', false, null, null],
        ['paypal', false, null, null],
      ]);
      const saved = expectAnswer(
        paymentConnections,
        await store.put(`${CONNECTIONS}/stripe`, { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret }),
      );
      expect(saved.providers[0]).toMatchObject({ connected: true, source: 'saved', mode: 'test' });
      expect(saved.providers[0]!.updatedAt).not.toBeNull();
      const removed = expectAnswer(paymentConnections, await store.delete(`${CONNECTIONS}/stripe`));
      expect(removed.providers[0]).toMatchObject({ connected: false, source: null });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(store);
      expectPublishedAnswer(doc, 'GET', CONNECTIONS, paymentConnections);
      expectPublishedAnswer(doc, 'PUT', `${CONNECTIONS}/{provider}`, paymentConnections);
      expectPublishedAnswer(doc, 'DELETE', `${CONNECTIONS}/{provider}`, paymentConnections);
    });
  });
}

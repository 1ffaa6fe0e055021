import { paymentConnections } from '@tessera/core/contracts/payment-connections';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { connectionsSuite } from '../../../../test/connections-suite.js';

// The payment connections' answers are what their contract (`@tessera/core/contracts/payment-connections`)
// says, the contract the store panel's payment providers tab takes its types from, and what
// /api/openapi.json publishes.

const CONNECTIONS = '/api/config/payments/connections';

for (const dialect of DIALECTS) {
  describe(`payment connection answers match their published schema (${dialect})`, () => {
    const suite = connectionsSuite(dialect, 'payment-answers-test-secret-key-0123456789', {
      store: OWNERS.storeManager,
    });

    it('answers the providers, a connection saved and removed, as published', async () => {
      const first = expectAnswer(paymentConnections, await suite.store.get(CONNECTIONS));
      expect(first.providers.map((p) => [p.provider, p.connected, p.source, p.mode])).toEqual([
        ['stripe', false, null, null],
        ['paypal', false, null, null],
      ]);
      const saved = expectAnswer(
        paymentConnections,
        await suite.store.put(`${CONNECTIONS}/stripe`, {
          secretKey: suite.stripe.secretKey,
          webhookSecret: suite.stripe.webhookSecret,
        }),
      );
      expect(saved.providers[0]).toMatchObject({ connected: true, source: 'saved', mode: 'test' });
      expect(saved.providers[0]!.updatedAt).not.toBeNull();
      const removed = expectAnswer(paymentConnections, await suite.store.delete(`${CONNECTIONS}/stripe`));
      expect(removed.providers[0]).toMatchObject({ connected: false, source: null });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.store);
      expectPublishedAnswer(doc, 'GET', CONNECTIONS, paymentConnections);
      expectPublishedAnswer(doc, 'PUT', `${CONNECTIONS}/{provider}`, paymentConnections);
      expectPublishedAnswer(doc, 'DELETE', `${CONNECTIONS}/{provider}`, paymentConnections);
    });
  });
}

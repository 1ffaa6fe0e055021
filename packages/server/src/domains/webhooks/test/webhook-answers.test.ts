import {
  webhookDeletedAnswer,
  webhookDeliveries,
  webhookDeliveryAnswer,
  webhookEndpointAnswer,
  webhookListing,
  webhookWithSecret,
} from '@tessera/core/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { webhookSuite } from '../../../../test/webhook-suite.js';

// The webhook answers are what their contract (`@tessera/core/contracts/webhooks`) says, the contract
// the editor's webhooks panel takes its types from, and what /api/openapi.json publishes.

const HOOKS = '/api/config/webhooks';

for (const dialect of DIALECTS) {
  describe(`webhook answers match their published schema (${dialect})`, () => {
    const suite = webhookSuite(dialect, { admin: OWNERS.admin }, {});

    it('answers endpoints, secrets, test events, deliveries and a deletion, as published', async () => {
      expect(expectAnswer(webhookListing, await suite.admin.get(HOOKS)).endpoints).toEqual([]);
      const created = expectAnswer(
        webhookWithSecret,
        await suite.admin.post(HOOKS, {
          url: `${suite.receiver.url}/hook`,
          events: ['order.paid'],
          description: 'Books',
        }),
        201,
      );
      const at = `${HOOKS}/${created.endpoint.id}`;
      const changed = expectAnswer(
        webhookEndpointAnswer,
        await suite.admin.request('PATCH', at, { body: { events: ['order.paid', 'order.refunded'], enabled: false } }),
      );
      expect(changed.endpoint).toMatchObject({ enabled: false, events: ['order.paid', 'order.refunded'] });
      const rotated = expectAnswer(webhookWithSecret, await suite.admin.post(`${at}/rotate-secret`, {}));
      expect(rotated.endpoint.previousSecretUntil).not.toBeNull();

      const tested = expectAnswer(webhookDeliveryAnswer, await suite.admin.post(`${at}/test`, {}));
      expect(tested.delivery).toMatchObject({ type: 'webhook.test', status: 'delivered', responseStatus: 200 });
      const again = expectAnswer(
        webhookDeliveryAnswer,
        await suite.admin.post(`${at}/deliveries/${tested.delivery.id}/redeliver`, {}),
      );
      expect(again.delivery.eventId).toBe(tested.delivery.eventId);
      const log = expectAnswer(webhookDeliveries, await suite.admin.get(`${at}/deliveries`));
      expect(log.deliveries.map((delivery) => delivery.id)).toEqual([again.delivery.id, tested.delivery.id]);
      expect(expectAnswer(webhookListing, await suite.admin.get(HOOKS)).endpoints).toHaveLength(1);
      expectAnswer(webhookDeletedAnswer, await suite.admin.delete(at));
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.admin);
      expectPublishedAnswer(doc, 'GET', HOOKS, webhookListing);
      expectPublishedAnswer(doc, 'POST', HOOKS, webhookWithSecret, 201);
      expectPublishedAnswer(doc, 'PATCH', `${HOOKS}/{id}`, webhookEndpointAnswer);
      expectPublishedAnswer(doc, 'DELETE', `${HOOKS}/{id}`, webhookDeletedAnswer);
      expectPublishedAnswer(doc, 'POST', `${HOOKS}/{id}/rotate-secret`, webhookWithSecret);
      expectPublishedAnswer(doc, 'POST', `${HOOKS}/{id}/test`, webhookDeliveryAnswer);
      expectPublishedAnswer(doc, 'GET', `${HOOKS}/{id}/deliveries`, webhookDeliveries);
      expectPublishedAnswer(doc, 'POST', `${HOOKS}/{id}/deliveries/{deliveryId}/redeliver`, webhookDeliveryAnswer);
    });
  });
}

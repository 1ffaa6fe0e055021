import { mailchimpAudiences, mailingDeliveries, mailingListing } from '@tessera/core/contracts/mailing-services';
import { describe, expect, it } from 'vitest';
import { JOBS } from '../../../jobs.js';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { mailchimpSuite } from '../../../../test/webhook-suite.js';

// The mailing-service answers are what their contract (`@tessera/core/contracts/mailing-services`)
// says, the contract the editor's mailing services dialog takes its types from, and what
// /api/openapi.json publishes.

const BASE = '/api/config/mailing-services';

for (const dialect of DIALECTS) {
  describe(`mailing-service answers match their published schema (${dialect})`, () => {
    const suite = mailchimpSuite(
      dialect,
      { admin: OWNERS.admin },
      {
        secretKey: 'mailing-answers-test-secret-key-0123456789',
        forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 },
      },
    );

    it('answers audiences, connections, deliveries, a retry and a disconnection, as published', async () => {
      expect(expectAnswer(mailingListing, await suite.admin.get(BASE)).connections).toEqual([]);
      const { audiences } = expectAnswer(
        mailchimpAudiences,
        await suite.admin.post(`${BASE}/mailchimp/audiences`, { apiKey: suite.fake.apiKey }),
      );
      const chimp = expectAnswer(
        mailingListing,
        await suite.admin.post(BASE, {
          kind: 'mailchimp',
          apiKey: suite.fake.apiKey,
          listId: audiences[0]!.id,
          doubleOptIn: true,
        }),
        201,
      );
      expect(chimp.secret).toBeUndefined();
      const hook = expectAnswer(
        mailingListing,
        await suite.admin.post(BASE, { kind: 'webhook', url: `${suite.receiver.url}/signups`, label: 'CRM' }),
        201,
      );
      expect(hook.secret).toBeDefined();
      expect(hook.connections.map((c) => [c.kind, c.audience === null, c.url === null])).toEqual([
        ['mailchimp', false, true],
        ['webhook', true, false],
      ]);

      const visitor = Visitor.of(suite.server);
      const key = (await visitor.post('/api/form/FormSubmissionKey')).body.key;
      const saved = await visitor.post('/api/form/SaveFormSubmission', {
        key,
        form: JSON.stringify({ email: 'rosalind@example.com' }),
        formId: 'newsletter-form',
        pagePath: '/contact',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      await suite.server.app.services.jobs!.run(JOBS.mailingServices, new Date());
      const webhookId = hook.connections[1]!.id;
      const log = expectAnswer(mailingDeliveries, await suite.admin.get(`${BASE}/${webhookId}/deliveries`));
      expect(log.deliveries.map((d) => [d.email, d.status])).toEqual([['rosalind@example.com', 'delivered']]);
      const listed = expectAnswer(mailingListing, await suite.admin.get(BASE));
      expect(listed.connections.map((c) => c.delivered)).toEqual([1, 1]);

      expectAnswer(mailingListing, await suite.admin.post(`${BASE}/${webhookId}/retry`, {}));
      const left = expectAnswer(mailingListing, await suite.admin.delete(`${BASE}/${webhookId}`));
      expect(left.connections).toHaveLength(1);
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.admin);
      expectPublishedAnswer(doc, 'GET', BASE, mailingListing);
      expectPublishedAnswer(doc, 'POST', BASE, mailingListing, 201);
      expectPublishedAnswer(doc, 'POST', `${BASE}/mailchimp/audiences`, mailchimpAudiences);
      expectPublishedAnswer(doc, 'DELETE', `${BASE}/{id}`, mailingListing);
      expectPublishedAnswer(doc, 'GET', `${BASE}/{id}/deliveries`, mailingDeliveries);
      expectPublishedAnswer(doc, 'POST', `${BASE}/{id}/retry`, mailingListing);
    });
  });
}

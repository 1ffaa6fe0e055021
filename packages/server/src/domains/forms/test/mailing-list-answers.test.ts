import {
  mailingListAnswer,
  mailingListDeleted,
  mailingListSubscribers,
  mailingListsAnswer,
} from '@tessera/core/contracts/mailing-lists';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The mailing lists' answers are what their contract (`@tessera/core/contracts/mailing-lists`) says,
// the contract the settings panel and the newsletter block take their types from, and what
// /api/openapi.json publishes.

const LISTS = '/api/config/forms/mailing-lists';

for (const dialect of DIALECTS) {
  describe(`mailing list answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(
      dialect,
      { admin: OWNERS.admin },
      { forms: { rateLimit: { perIp: 100_000, perForm: 100_000, timeWindowMs: 60_000 }, minFillMs: 0 } },
    );

    it('answers the lists, a list created, renamed and deleted, and subscribers, as published', async () => {
      const visitor = Visitor.of(suite.server);
      const key = (await visitor.post('/api/form/FormSubmissionKey')).body.key;
      const saved = await visitor.post('/api/form/SaveFormSubmission', {
        key,
        form: JSON.stringify({ email: 'barbara@example.com' }),
        formId: 'newsletter-form',
        pagePath: '/contact',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const lists = expectAnswer(mailingListsAnswer, await suite.admin.get(LISTS));
      const filled = lists.mailingLists.find((list) => list.subscriberCount > 0);
      expect(filled).toBeDefined();
      const { subscribers } = expectAnswer(
        mailingListSubscribers,
        await suite.admin.get(`${LISTS}/${filled!.id}/subscribers`),
      );
      expect(subscribers.map((s) => s.email)).toContain('barbara@example.com');

      const created = expectAnswer(mailingListAnswer, await suite.admin.post(LISTS, { name: ' Makers ' }), 201);
      expect(created.mailingList).toMatchObject({ name: 'Makers', subscriberCount: 0 });
      const at = `${LISTS}/${created.mailingList.id}`;
      expect(expectAnswer(mailingListAnswer, await suite.admin.put(at, { name: 'Makers club' })).mailingList.name).toBe(
        'Makers club',
      );
      expect(expectAnswer(mailingListDeleted, await suite.admin.delete(at)).deleted).toBe(created.mailingList.id);
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.admin);
      expectPublishedAnswer(doc, 'GET', LISTS, mailingListsAnswer);
      expectPublishedAnswer(doc, 'POST', LISTS, mailingListAnswer, 201);
      expectPublishedAnswer(doc, 'PUT', `${LISTS}/{listId}`, mailingListAnswer);
      expectPublishedAnswer(doc, 'DELETE', `${LISTS}/{listId}`, mailingListDeleted);
      expectPublishedAnswer(doc, 'GET', `${LISTS}/{listId}/subscribers`, mailingListSubscribers);
    });
  });
}

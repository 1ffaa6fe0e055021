import { outboxMessageAnswer, outboxPage } from '@tessera/core/contracts/outbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailService } from '../../../platform/mail/mail-service.js';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The mail outbox's answers are what their contract (`@tessera/core/contracts/outbox`) says, the
// contract the editor's outbox panel takes its types from, and what /api/openapi.json publishes:
// a message kept without SMTP, one SMTP sent, one being retried and one given up on.

const API = '/api/config/mail-outbox';

for (const dialect of DIALECTS) {
  describe(`mail outbox answers match their published schemas (${dialect})`, () => {
    const suite = suiteServer(dialect, { admin: OWNERS.admin });
    beforeAll(async () => {
      const site = await suite.server.db
        .selectFrom('sites')
        .select('id')
        .orderBy('created_at')
        .executeTakeFirstOrThrow();
      const mail = createMailService(suite.server.db, { smtpUrl: undefined });
      await mail.send({ to: 'kept@example.com', subject: 'Order received: #1001', text: 'Thanks', siteId: site.id });
      const row = (id: string, fields: Record<string, unknown>) => ({
        id,
        site_id: site.id,
        to_address: `${id}@example.com`,
        subject: 'Linen Shirt is back in stock at Tessera',
        text_body: 'Back',
        html_body: '<p>Back</p>',
        created_at: new Date().toISOString(),
        sent_at: null,
        ...fields,
      });
      await suite.server.db
        .insertInto('mail_outbox')
        .values([
          row('sent', { sent_at: new Date().toISOString(), attempts: 1 }),
          row('retrying', {
            delivery: 'retrying',
            attempts: 2,
            next_attempt_at: new Date(Date.now() + 60_000).toISOString(),
            last_error: '451 try later',
          }),
          row('failed', { delivery: 'failed', attempts: 8, last_error: '550 no such user' }),
        ])
        .execute();
    });

    it('answers pages of messages and one message as published', async () => {
      const all = expectAnswer(outboxPage, await suite.admin.get(API));
      expect(new Set(all.messages.map((m) => m.state))).toEqual(new Set(['kept', 'sent', 'retrying', 'failed']));
      const first = expectAnswer(outboxPage, await suite.admin.get(`${API}?limit=1`));
      expect(first.hasNextPage).toBe(true);
      const next = await suite.admin.get(`${API}?limit=1&cursor=${encodeURIComponent(first.nextPageCursor!)}`);
      expect(expectAnswer(outboxPage, next).messages).toHaveLength(1);
      expect(expectAnswer(outboxPage, await suite.admin.get(`${API}?to=failed@example.com`)).messages[0]).toMatchObject(
        {
          kind: 'restock',
          state: 'failed',
          via: 'outbox',
        },
      );
      for (const id of ['sent', 'retrying', 'failed']) {
        expect(expectAnswer(outboxMessageAnswer, await suite.admin.get(`${API}/${id}`)).message.id).toBe(id);
      }
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.admin);
      expectPublishedAnswer(doc, 'GET', API, outboxPage);
      expectPublishedAnswer(doc, 'GET', `${API}/{id}`, outboxMessageAnswer);
    });
  });
}

import { giftCardAnswer, giftCardPage, issuedGiftCard } from '@tessera/core/contracts/gift-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS, ownerSessions } from '../../../../test/auth-helpers.js';
import type { Visitor } from '../../../../test/visitor.js';

// The owner's gift card answers are what their contract (`@tessera/core/contracts/gift-cards`) says,
// the contract the editor's gift cards tab takes its types from, and what /api/openapi.json publishes.

const CARDS = '/api/config/gift-cards';

for (const dialect of DIALECTS) {
  describe(`gift card answers match their published schema (${dialect})`, () => {
    let server: TestServer;
    let store: Visitor;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      [store] = await ownerSessions(server, [OWNERS.storeManager]);
    });
    afterAll(async () => server?.close());

    it('answers an issued card, the list, and a card disabled and enabled, as published', async () => {
      const issued = expectAnswer(
        issuedGiftCard,
        await store.post(CARDS, { amountCents: 1500, recipientEmail: 'Friend@Example.com', sendEmail: false }),
        201,
      );
      expect(issued.mailed).toBe(false);
      expect(issued.giftCard).toMatchObject({ orderId: null, orderNumber: null, disabledAt: null, status: 'active' });

      const page = expectAnswer(giftCardPage, await store.get(`${CARDS}?limit=1`));
      expect(page.giftCards.map((card) => card.id)).toEqual([issued.giftCard.id]);
      expect(page.currency).toBe('USD');

      const disabled = expectAnswer(giftCardAnswer, await store.post(`${CARDS}/${issued.giftCard.id}/disable`, {}));
      expect(disabled.giftCard.status).toBe('disabled');
      expect(disabled.giftCard.disabledAt).not.toBeNull();
      const enabled = expectAnswer(giftCardAnswer, await store.post(`${CARDS}/${issued.giftCard.id}/enable`, {}));
      expect(enabled.giftCard).toMatchObject({ status: 'active', disabledAt: null });
      expectAnswer(giftCardPage, await store.get(`${CARDS}?status=disabled`));
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(store);
      expectPublishedAnswer(doc, 'GET', CARDS, giftCardPage);
      expectPublishedAnswer(doc, 'POST', CARDS, issuedGiftCard, 201);
      for (const action of ['disable', 'enable']) {
        expectPublishedAnswer(doc, 'POST', `${CARDS}/{id}/${action}`, giftCardAnswer);
      }
    });
  });
}

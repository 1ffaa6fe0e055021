import { giftCardAnswer, giftCardPage, issuedGiftCard } from '@tessera/core/contracts/gift-cards';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The owner's gift card answers are what their contract (`@tessera/core/contracts/gift-cards`) says,
// the contract the editor's gift cards tab takes its types from, and what /api/openapi.json publishes.

const CARDS = '/api/config/gift-cards';

for (const dialect of DIALECTS) {
  describe(`gift card answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(dialect, { store: OWNERS.storeManager });

    it('answers an issued card, the list, and a card disabled and enabled, as published', async () => {
      const issued = expectAnswer(
        issuedGiftCard,
        await suite.store.post(CARDS, { amountCents: 1500, recipientEmail: 'Friend@Example.com', sendEmail: false }),
        201,
      );
      expect(issued.mailed).toBe(false);
      expect(issued.giftCard).toMatchObject({ orderId: null, orderNumber: null, disabledAt: null, status: 'active' });

      const page = expectAnswer(giftCardPage, await suite.store.get(`${CARDS}?limit=1`));
      expect(page.giftCards.map((card) => card.id)).toEqual([issued.giftCard.id]);
      expect(page.currency).toBe('USD');

      const disabled = expectAnswer(
        giftCardAnswer,
        await suite.store.post(`${CARDS}/${issued.giftCard.id}/disable`, {}),
      );
      expect(disabled.giftCard.status).toBe('disabled');
      expect(disabled.giftCard.disabledAt).not.toBeNull();
      const enabled = expectAnswer(giftCardAnswer, await suite.store.post(`${CARDS}/${issued.giftCard.id}/enable`, {}));
      expect(enabled.giftCard).toMatchObject({ status: 'active', disabledAt: null });
      expectAnswer(giftCardPage, await suite.store.get(`${CARDS}?status=disabled`));
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.store);
      expectPublishedAnswer(doc, 'GET', CARDS, giftCardPage);
      expectPublishedAnswer(doc, 'POST', CARDS, issuedGiftCard, 201);
      for (const action of ['disable', 'enable']) {
        expectPublishedAnswer(doc, 'POST', `${CARDS}/{id}/${action}`, giftCardAnswer);
      }
    });
  });
}

import {
  addEntryAnswer,
  additionalFieldsAnswer,
  removeEntryAnswer,
  shoppingCart,
  stockAnswer,
  subscriptionCartAnswer,
  updateEntryAnswer,
} from '@tessera/core/contracts/cart';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 16: the cart answers the storefront reads parse with the schemas `@tessera/core/contracts/cart`
// publishes, naming every field the server sends, and /api/openapi.json publishes those schemas.

const CART = '/api/commerce/shopping-cart';
const ENTRIES = `${CART}/entries`;

for (const dialect of DIALECTS) {
  describe(`cart answers (${dialect})`, () => {
    let ids: Record<string, string>;

    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
    });

    it('checks every answer of a route with answer schemas while the tests run', () => {
      expect(suite.server.app.config.checkAnswers).toBe(true);
    });

    it('answers the empty cart of a new visitor in the cart schema', async () => {
      const empty = expectAnswer(shoppingCart, await Visitor.of(suite.server).get(`${CART}?calculateSubtotal=true`));
      expect(empty).toMatchObject({ id: null, created: null, entries: [], totalQuantity: 0 });
    });

    it('answers adds, a gift card bought, changes, form answers and removals in their schemas', async () => {
      const v = Visitor.of(suite.server);
      const shirt = expectAnswer(
        addEntryAnswer,
        await v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-NAT-M' }),
      );
      expect(shirt.newlyAdded.subTotal).toEqual({ value: '68.00', currency: 'USD' });
      const gift = expectAnswer(
        addEntryAnswer,
        await v.post(ENTRIES, { itemId: ids['gift-card'], sku: 'GIFT-50', quantity: 1 }),
      );
      expect(gift.newlyAdded.productType).toBe(4);
      const fields = JSON.stringify({ 'name-to-print': 'Rosa' });
      const mug = expectAnswer(
        addEntryAnswer,
        await v.post(ENTRIES, { itemId: ids['custom-mug'], sku: 'MUG-CUSTOM', quantity: 1, additionalFields: fields }),
      );
      expect(mug.shoppingCart).toMatchObject({ totalQuantity: 3, requiresShipping: true });

      const cart = expectAnswer(shoppingCart, await v.get(CART));
      expect(cart.entries.map((e) => e.id)).toEqual([shirt.newlyAdded.id, gift.newlyAdded.id, mug.newlyAdded.id]);

      const changed = expectAnswer(
        updateEntryAnswer,
        await v.put(`${ENTRIES}/${shirt.newlyAdded.id}`, { quantity: 2 }),
      );
      expect(changed.updatedEntry?.quantity).toBe(2);
      const zeroed = expectAnswer(updateEntryAnswer, await v.put(`${ENTRIES}/${gift.newlyAdded.id}`, { quantity: 0 }));
      expect(zeroed.updatedEntry).toBeNull();
      const refilled = expectAnswer(
        additionalFieldsAnswer,
        await v.put(`${ENTRIES}/${mug.newlyAdded.id}/additionalFields`, {
          itemId: ids['custom-mug'],
          sku: 'MUG-CUSTOM',
          additionalFields: JSON.stringify({ 'name-to-print': 'Ines' }),
        }),
      );
      expect(refilled.updatedEntry.additionalFields).toContain('Ines');
      const removed = expectAnswer(removeEntryAnswer, await v.delete(`${ENTRIES}/${mug.newlyAdded.id}`));
      expect(removed.shoppingCart.entries).toHaveLength(1);
    });

    it('answers stock and a subscription cart in their schemas', async () => {
      const v = Visitor.of(suite.server);
      const stock = expectAnswer(
        stockAnswer,
        await v.get(`/api/commerce/inventory/stock?itemId=${ids['linen-shirt']}`),
      );
      expect(stock.results.length).toBeGreaterThan(1);
      expectAnswer(
        subscriptionCartAnswer,
        await v.post('/api/3/commerce/cart/subscription', { itemId: ids['coffee-subscription'], sku: 'COFFEE-WHOLE' }),
      );
    });

    it('publishes the answer schemas at /api/openapi.json', async () => {
      const doc = await openApiDocument(Visitor.of(suite.server));
      expectPublishedAnswer(doc, 'GET', CART, shoppingCart);
      expectPublishedAnswer(doc, 'POST', ENTRIES, addEntryAnswer);
      expectPublishedAnswer(doc, 'PUT', `${ENTRIES}/{entryId}`, updateEntryAnswer);
      expectPublishedAnswer(doc, 'DELETE', `${ENTRIES}/{entryId}`, removeEntryAnswer);
      expectPublishedAnswer(doc, 'PUT', `${ENTRIES}/{entryId}/additionalFields`, additionalFieldsAnswer);
      expectPublishedAnswer(doc, 'POST', '/api/3/commerce/cart/subscription', subscriptionCartAnswer);
    });
  });
}

import { inventoryAnswer, productChoicesAnswer, stockAnswer } from '@tessera/core/contracts/inventory';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The inventory and product-choices answers are what their contract (`@tessera/core/contracts/inventory`)
// says, the contract the editor's inventory panel and product block take their types from, and what
// /api/openapi.json publishes.

const INVENTORY = '/api/config/inventory';

for (const dialect of DIALECTS) {
  describe(`inventory answers match their published schema (${dialect})`, () => {
    const suite = suiteServer(dialect, { store: OWNERS.storeManager });

    it('answers the stock list and stock edits, a variant back in stock among them, as published', async () => {
      const listed = expectAnswer(inventoryAnswer, await suite.store.get(INVENTORY));
      const row = listed.variants.find((variant) => !variant.unlimited && variant.qtyInStock > 0);
      expect(row).toBeDefined();
      const url = `${INVENTORY}/${encodeURIComponent(row!.variantId)}`;
      const emptied = expectAnswer(stockAnswer, await suite.store.put(url, { qtyInStock: 0 }));
      expect(emptied).toMatchObject({ qtyInStock: 0, previousQtyInStock: row!.qtyInStock, restock: null });
      const back = expectAnswer(stockAnswer, await suite.store.put(url, { adjustBy: 4, expectedQtyInStock: 0 }));
      expect(back.restock).toMatchObject({ pending: 0, sent: 0, failed: 0 });
      expectAnswer(inventoryAnswer, await suite.store.get(`${INVENTORY}?maxStock=4&q=${encodeURIComponent(row!.sku)}`));
    });

    it('answers the product choices, as published', async () => {
      const all = expectAnswer(productChoicesAnswer, await suite.store.get('/api/config/product-choices'));
      expect(all.truncated).toBe(false);
      const one = expectAnswer(productChoicesAnswer, await suite.store.get('/api/config/product-choices?limit=1'));
      expect(one).toEqual({ products: [all.products[0]], truncated: all.products.length > 1 });
    });

    it('publishes those answers in /api/openapi.json', async () => {
      const doc = await openApiDocument(suite.store);
      expectPublishedAnswer(doc, 'GET', INVENTORY, inventoryAnswer);
      expectPublishedAnswer(doc, 'PUT', `${INVENTORY}/{variantId}`, stockAnswer);
      expectPublishedAnswer(doc, 'GET', '/api/config/product-choices', productChoicesAnswer);
    });
  });
}

// Issue 16: one rule for which product types keep to their stock (core's `tracksStockOfType`), and
// one oversell-safe take (`domains/checkout/stock.ts` `takeStockFor`) used by checkout and renewals.
import { ProductType } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { returnStockFor, takeStockFor } from '../stock.js';
import { DIALECTS } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';

const TYPES = [
  { name: 'physical', type: ProductType.PHYSICAL, tracked: true },
  { name: 'digital', type: ProductType.DIGITAL, tracked: false },
  { name: 'service', type: ProductType.SERVICE, tracked: true },
  { name: 'gift card', type: ProductType.GIFT_CARD, tracked: false },
  { name: 'paywall', type: ProductType.PAYWALL, tracked: true },
  { name: 'unknown (99)', type: 99, tracked: true },
  { name: 'missing', type: undefined, tracked: true },
];

for (const dialect of DIALECTS) {
  describe(`taking stock by product type (${dialect})`, () => {
    let line: { itemId: string; sku: string; quantity: number };

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      const variant = await suite.server.db
        .selectFrom('product_variants')
        .select(['item_id', 'sku'])
        .where('unlimited', '=', 0)
        .orderBy('item_id')
        .orderBy('sku')
        .executeTakeFirstOrThrow();
      line = { itemId: variant.item_id, sku: variant.sku, quantity: 1 };
    });

    const setStock = (qty: number) =>
      suite.server.db
        .updateTable('product_variants')
        .set({ qty_in_stock: qty })
        .where('item_id', '=', line.itemId)
        .where('sku', '=', line.sku)
        .execute();
    const stock = async () =>
      Number(
        (
          await suite.server.db
            .selectFrom('product_variants')
            .select('qty_in_stock')
            .where('item_id', '=', line.itemId)
            .where('sku', '=', line.sku)
            .executeTakeFirstOrThrow()
        ).qty_in_stock,
      );

    for (const { name, type, tracked } of TYPES) {
      it(`${name}: ${tracked ? 'keeps to its stock' : 'never runs out'}`, async () => {
        await setStock(1);
        expect(await takeStockFor(suite.server.db, type, { ...line, quantity: 2 })).toBe(!tracked);
        expect(await stock()).toBe(1);
        expect(await takeStockFor(suite.server.db, type, line)).toBe(true);
        expect(await stock()).toBe(tracked ? 0 : 1);
        await returnStockFor(suite.server.db, type, line);
        expect(await stock()).toBe(1);
      });
    }

    it('sells no more than the stock when many takes race (paywall and physical alike)', async () => {
      await setStock(3);
      const takes = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          takeStockFor(suite.server.db, n % 2 ? ProductType.PAYWALL : ProductType.PHYSICAL, line),
        ),
      );
      expect(takes.filter(Boolean)).toHaveLength(3);
      expect(await stock()).toBe(0);
    });
  });
}

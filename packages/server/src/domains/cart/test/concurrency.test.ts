import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { demoItemIds, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const ENTRIES = '/api/commerce/shopping-cart/entries';

for (const dialect of DIALECTS) {
  describe(`concurrent cart writes (${dialect})`, () => {
    let ids: Record<string, string>;

    const suite = suiteServer(dialect, {}, { rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
    beforeAll(async () => {
      ids = await demoItemIds(suite.server);
    });

    it('never puts more in one cart than the stock, with 50 adds racing', async () => {
      const v = Visitor.of(suite.server);
      await v.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
      const stock = 7; // LIN-IND-L
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          v.post(ENTRIES, { itemId: ids['linen-shirt'], sku: 'LIN-IND-L', quantity: 1 }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(stock);
      expect(statuses.filter((s) => s === 400)).toHaveLength(50 - stock);
      for (const refused of answers.filter((a) => a.status === 400)) {
        expect(refused.body.error).toBe('not-enough-stock');
      }
      const rows = await suite.server.db
        .selectFrom('cart_entries')
        .innerJoin('carts', 'carts.id', 'cart_entries.cart_id')
        .select(['cart_entries.quantity', 'cart_entries.sku'])
        .where('carts.token', '=', v.cartToken!)
        .execute();
      expect(rows.find((r) => r.sku === 'LIN-IND-L')?.quantity).toBe(stock);
      expect(rows).toHaveLength(2);
    });

    it('loses no add and no line when 40 adds of two products race on one cart', async () => {
      const v = Visitor.of(suite.server);
      await v.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0
            ? v.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 2 })
            : v.post(ENTRIES, { itemId: ids['wool-scarf'], sku: 'SCARF-RST', quantity: 1 }),
        ),
      );
      const scarves = answers.filter((a, i) => i % 2 === 1 && a.status === 200).length;
      expect(answers.filter((_a, i) => i % 2 === 0).every((a) => a.status === 200)).toBe(true);
      const cart = await v.get('/api/commerce/shopping-cart');
      const quantities = Object.fromEntries(
        cart.body.entries.map((e: { chosenVariant: { sku: string }; quantity: number }) => [
          e.chosenVariant.sku,
          e.quantity,
        ]),
      );
      // Every accepted add is in the cart once: 1 + 20 × 2 sticker packs, one scarf per accepted add.
      expect(quantities).toEqual({ 'STICKERS-BOT': 41, 'SCARF-RST': scarves });
      expect(cart.body.totalQuantity).toBe(41 + scarves);
    });

    it('starts a new cart, and leaves a purchased one as it was, when the token names a purchased cart', async () => {
      const v = Visitor.of(suite.server);
      await v.post(ENTRIES, { itemId: ids['sticker-pack'], sku: 'STICKERS-BOT', quantity: 1 });
      const old = v.cartToken!;
      await suite.server.db.updateTable('carts').set({ purchased: 1 }).where('token', '=', old).execute();
      // Twice at once: each finds no open cart behind the token, so neither reads or writes the old one.
      const answers = await Promise.all(
        [1, 2].map(() => v.post(ENTRIES, { itemId: ids['wool-scarf'], sku: 'SCARF-RST', quantity: 1 })),
      );
      for (const added of answers) {
        expect(added.status).toBe(200);
        const skus = added.body.shoppingCart.entries.map(
          (e: { chosenVariant: { sku: string } }) => e.chosenVariant.sku,
        );
        expect(skus).toEqual(['SCARF-RST']);
      }
      expect(v.cartToken).not.toBe(old);
      const kept = await suite.server.db
        .selectFrom('cart_entries')
        .innerJoin('carts', 'carts.id', 'cart_entries.cart_id')
        .select(['cart_entries.sku', 'cart_entries.quantity', 'carts.purchased'])
        .where('carts.token', '=', old)
        .execute();
      expect(kept).toEqual([{ sku: 'STICKERS-BOT', quantity: 1, purchased: 1 }]);
    });

    it('keeps quantity changes racing with adds within the stock', async () => {
      const v = Visitor.of(suite.server);
      const first = await v.post(ENTRIES, { itemId: ids['wool-scarf'], sku: 'SCARF-RST', quantity: 1 });
      const entry = `${ENTRIES}/${first.body.newlyAdded.id}`;
      await Promise.all([
        ...Array.from({ length: 10 }, () =>
          v.post(ENTRIES, { itemId: ids['wool-scarf'], sku: 'SCARF-RST', quantity: 1 }),
        ),
        ...Array.from({ length: 10 }, (_, i) => v.put(entry, { quantity: (i % 3) + 1 })),
      ]);
      const cart = await v.get('/api/commerce/shopping-cart');
      expect(cart.body.entries).toHaveLength(1);
      expect(cart.body.entries[0].quantity).toBeLessThanOrEqual(3);
    });
  });
}

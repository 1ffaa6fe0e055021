import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// A product an owner set to draft (or under review, or private) is theirs alone: visitors do not
// find it in the shop grid or list, its page, search, summary blocks, nor can they add it to a
// cart. Publishing it again brings it back everywhere.

for (const dialect of DIALECTS) {
  describe(`draft products (${dialect})`, () => {
    let product: { id: string; title: string; url_id: string };
    let sku: string;

    const suite = suiteServer(dialect, {}, { rateLimit: { max: 10_000, timeWindowMs: 60_000 } });
    beforeAll(async () => {
      // The shop's first product: on the home page's "New in the shop" summary as well.
      product = await suite.server.db
        .selectFrom('items')
        .innerJoin('collections', 'collections.id', 'items.collection_id')
        .select(['items.id', 'items.title', 'items.url_id'])
        .where('collections.slug', '=', 'shop')
        .orderBy('items.position')
        .orderBy('items.id')
        .executeTakeFirstOrThrow();
      const variant = await suite.server.db
        .selectFrom('product_variants')
        .select('sku')
        .where('item_id', '=', product.id)
        .where((eb) => eb.or([eb('unlimited', '=', 1), eb('qty_in_stock', '>', 2)]))
        .orderBy('position')
        .executeTakeFirstOrThrow();
      sku = variant.sku;
    });

    async function setStatus(status: string) {
      await suite.server.db.updateTable('items').set({ status }).where('id', '=', product.id).execute();
    }

    const link = () => `/shop/p/${product.url_id}`;

    async function seenBy(visitor: Visitor) {
      const text = async (path: string) => String((await visitor.get(path)).body);
      return {
        grid: (await text('/shop')).includes(link()),
        list: (await text('/shop?view=list')).includes(link()),
        home: (await text('/')).includes(link()),
        search: (await text(`/search?q=${encodeURIComponent(product.title)}`)).includes(link()),
        page: (await visitor.get(link())).status,
      };
    }

    const add = (visitor: Visitor) =>
      visitor.post('/api/commerce/shopping-cart/entries', { itemId: product.id, sku, quantity: 1 });

    it('keeps a draft, under-review or private product from visitors and shows it again once published', async () => {
      const visitor = Visitor.of(suite.server);
      expect(await seenBy(visitor)).toEqual({ grid: true, list: true, home: true, search: true, page: 200 });

      for (const status of ['draft', 'needs-review', 'private']) {
        await setStatus(status);
        expect(await seenBy(visitor), status).toEqual({
          grid: false,
          list: false,
          home: false,
          search: false,
          page: 404,
        });
        const refused = await add(visitor);
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({
          error: 'item-not-for-sale',
          message: 'This product is not available in the store right now, so it cannot be added to the cart.',
        });
        const sub = await visitor.post('/api/3/commerce/cart/subscription', { itemId: product.id, sku, qty: 1 });
        expect(sub.status).not.toBe(200);
      }
      expect((await visitor.get('/api/commerce/shopping-cart')).body.entries ?? []).toHaveLength(0);

      await setStatus('published');
      expect(await seenBy(visitor)).toEqual({ grid: true, list: true, home: true, search: true, page: 200 });
      expect((await add(visitor)).status).toBe(200);
    });

    it('hides a published product dated in the future until its day comes', async () => {
      const visitor = Visitor.of(suite.server);
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const { published_at } = await suite.server.db
        .selectFrom('items')
        .select('published_at')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      await suite.server.db.updateTable('items').set({ published_at: future }).where('id', '=', product.id).execute();
      try {
        expect((await visitor.get(link())).status).toBe(404);
        expect(String((await visitor.get('/shop')).body)).not.toContain(link());
        expect((await add(visitor)).status).toBe(409);
      } finally {
        await suite.server.db.updateTable('items').set({ published_at }).where('id', '=', product.id).execute();
      }
      expect((await visitor.get(link())).status).toBe(200);
    });
  });
}

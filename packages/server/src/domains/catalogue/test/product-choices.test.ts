import { CollectionType, ProductType } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBlankSite } from '../../sites/blank-site.js';
import { newId } from '../../../platform/ids.js';
import { DEMO_SITE_ID, DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 23: the editor's product block picks from the products of every shop collection of the
// site (`GET /api/config/product-choices`), not only the first collection's; store owners only,
// and only their own site's products.

const CHOICES = '/api/config/product-choices';

for (const dialect of DIALECTS) {
  describe(`product choices of every shop collection (${dialect})`, () => {
    let secondShopId: string;
    let inSecond: string;

    const suite = suiteServer(dialect, { owner: OWNERS.storeManager });
    beforeAll(async () => {
      const shop = await suite.server.db
        .selectFrom('collections')
        .selectAll()
        .where('site_id', '=', DEMO_SITE_ID)
        .where('type', '=', CollectionType.PRODUCTS)
        .orderBy('position')
        .executeTakeFirstOrThrow();
      // A second shop collection after the first, with a product of its own.
      secondShopId = newId();
      await suite.server.db
        .insertInto('collections')
        .values({ ...shop, id: secondShopId, slug: 'gifts', title: 'Gifts', position: shop.position + 100 })
        .execute();
      const created = await suite.owner.post('/api/config/products', {
        title: 'Gift wrap',
        status: 'draft',
        collectionId: secondShopId,
        productType: ProductType.PHYSICAL,
        variants: [{ price: 500, qtyInStock: 9 }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      inSecond = created.body.id;
      // Another site's shop with a product: never listed to this owner.
      const otherSite = newId();
      await insertBlankSite(suite.server.db, {
        id: otherSite,
        host: null,
        title: 'Other',
        locale: 'en-US',
        currency: 'USD',
        timeZone: 'UTC',
      });
      const otherShop = newId();
      await suite.server.db
        .insertInto('collections')
        .values({ ...shop, id: otherShop, site_id: otherSite })
        .execute();
      const item = await suite.server.db
        .selectFrom('items')
        .selectAll()
        .where('collection_id', '=', shop.id)
        .executeTakeFirstOrThrow();
      await suite.server.db
        .insertInto('items')
        .values({ ...item, id: newId(), site_id: otherSite, collection_id: otherShop, title: 'Not yours' })
        .execute();
    });

    it('lists the products of every shop collection, first collection first, with their collection', async () => {
      const first = await suite.owner.get('/api/config/products');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.products.map((p: { id: string }) => p.id)).not.toContain(inSecond);
      const answer = await suite.owner.get(CHOICES);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const { products, truncated } = answer.body as {
        products: { id: string; title: string; status: string; collectionId: string; collectionTitle: string }[];
        truncated: boolean;
      };
      expect(truncated).toBe(false);
      // Every product of the first collection, in its order, then the second's.
      expect(products.slice(0, first.body.products.length).map((p) => p.id)).toEqual(
        first.body.products.map((p: { id: string }) => p.id),
      );
      expect(products.at(-1)).toEqual({
        id: inSecond,
        title: 'Gift wrap',
        status: 'draft',
        collectionId: secondShopId,
        collectionTitle: 'Gifts',
      });
      expect(products).toHaveLength(first.body.products.length + 1);
      expect(products.map((p) => p.title)).not.toContain('Not yours');
    });

    it('pages with a limit, refuses bad queries with a readable 400, and keeps the list to store owners', async () => {
      const one = await suite.owner.get(`${CHOICES}?limit=1`);
      expect(one.body.products).toHaveLength(1);
      expect(one.body.truncated).toBe(true);
      const bad = await suite.owner.get(`${CHOICES}?limit=0`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('The limit is at least 1.');
      expect((await suite.owner.get(`${CHOICES}?collection=x`)).status).toBe(400);
      expect((await Visitor.of(suite.server).get(CHOICES)).status).toBe(401);
      const editor = await ownerSession(suite.server, OWNERS.editor);
      expect((await editor.get(CHOICES)).status).toBe(403);
    });
  });
}

import { ProductType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { COLLECTION_LIMITS } from '../owner-routes.js';
import { newId } from '../../../platform/ids.js';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const PRODUCTS = '/api/config/products';
const INVENTORY = '/api/config/inventory';

const twoOptionProduct = {
  title: 'Waxed Field Jacket',
  excerpt: 'Keeps the rain out.',
  productType: ProductType.PHYSICAL,
  variantOptionOrdering: ['Size', 'Color'],
  variants: [
    { sku: 'JKT-S-OLV', attributes: { Size: 'S', Color: 'Olive' }, price: 18900, qtyInStock: 3 },
    { sku: 'JKT-M-OLV', attributes: { Size: 'M', Color: 'Olive' }, price: 18900, qtyInStock: 0 },
    {
      sku: 'JKT-M-NVY',
      attributes: { Size: 'M', Color: 'Navy' },
      price: 19900,
      salePrice: 15900,
      onSale: true,
      unlimited: true,
    },
  ],
  useCustomAddButtonText: true,
  customAddButtonText: 'Reserve yours',
};

async function pendingSignUp(server: TestServer, productId: string, variantId: string, email: string) {
  const site = await server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
  await server.db
    .insertInto('restock_signups')
    .values({
      id: newId(),
      site_id: site.id,
      product_id: productId,
      variant_id: variantId,
      sku: 'x',
      email,
      join_mailing_list: 0,
      state: 'pending',
      created_at: new Date().toISOString(),
    })
    .execute();
}

for (const dialect of DIALECTS) {
  describe(`products and inventory admin (${dialect})`, () => {
    let created: any;

    const suite = suiteServer(dialect, { manager: OWNERS.storeManager, editor: OWNERS.editor });

    it('creates a product with two options and stock that the shop shows at once', async () => {
      expect((await suite.editor.post(PRODUCTS, twoOptionProduct)).status).toBe(403);
      const answer = await suite.manager.post(PRODUCTS, twoOptionProduct);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      created = answer.body;
      expect(created.urlId).toBe('waxed-field-jacket');
      expect(created.fullUrl).toBe('/shop/p/waxed-field-jacket');
      expect(created.structuredContent).toMatchObject({
        productType: ProductType.PHYSICAL,
        variantOptionOrdering: ['Size', 'Color'],
        useCustomAddButtonText: true,
        customAddButtonText: 'Reserve yours',
      });
      expect(created.structuredContent.variants.map((v: any) => [v.sku, v.qtyInStock, v.unlimited])).toEqual([
        ['JKT-S-OLV', 3, false],
        ['JKT-M-OLV', 0, false],
        ['JKT-M-NVY', 0, true],
      ]);
      expect(created.structuredContent.variants[2].salePriceMoney).toEqual({ value: '159.00', currency: 'USD' });

      const shop = await new Visitor(suite.server.url).get('/shop');
      expect(shop.body).toContain('Waxed Field Jacket');
      const page = await new Visitor(suite.server.url).get('/shop/p/waxed-field-jacket');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Reserve yours');
      expect(page.body).toContain('data-variant-option-name="Size"');

      const again = await suite.manager.post(PRODUCTS, {
        ...twoOptionProduct,
        variants: [{ ...twoOptionProduct.variants[0], sku: 'OTHER' }],
      });
      expect(again.status).toBe(201);
      expect(again.body.urlId).toBe('waxed-field-jacket-2');
      expect((await suite.manager.delete(`${PRODUCTS}/${again.body.id}`)).status).toBe(200);
    });

    it('refuses products that break the rules, each with a message naming the field', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ ...twoOptionProduct, variants: [{ attributes: { Size: 'S' }, price: 100 }] }, /variants\.0\.attributes/],
        [
          {
            ...twoOptionProduct,
            variants: [twoOptionProduct.variants[0], { ...twoOptionProduct.variants[0], sku: 'B' }],
          },
          /same options/,
        ],
        [{ ...twoOptionProduct, variants: [{ ...twoOptionProduct.variants[0], price: 12.5 }] }, /whole cents/],
        [
          { ...twoOptionProduct, variants: [{ ...twoOptionProduct.variants[0], onSale: true, salePrice: 99999 }] },
          /lower than the price/,
        ],
        [{ ...twoOptionProduct, productType: 9 }, /productType/],
        [{ ...twoOptionProduct, isSubscribable: true }, /subscriptionPlan/],
        [{ ...twoOptionProduct, productType: ProductType.GIFT_CARD }, /denominations/],
        [{ ...twoOptionProduct, images: [{ url: 'https://elsewhere.example/a.jpg' }] }, /images\.0\.url/],
        [{ ...twoOptionProduct, additionalFieldsFormId: 'no-such-form' }, /additionalFieldsFormId/],
        [{ ...twoOptionProduct, urlId: 'linen-shirt' }, /already uses this URL/],
      ];
      for (const [body, message] of cases) {
        const answer = await suite.manager.post(PRODUCTS, body);
        expect([400, 409], JSON.stringify(body)).toContain(answer.status);
        expect(answer.body.message, JSON.stringify(body)).toMatch(message);
      }
    });

    it('creates every product type: digital, service, gift card and a subscription with a form', async () => {
      const form = await suite.server.db.selectFrom('forms').select('id').executeTakeFirst();
      const bodies = [
        { title: 'Pattern PDF', productType: ProductType.DIGITAL, variants: [{ price: 900, unlimited: true }] },
        { title: 'Repair Session', productType: ProductType.SERVICE, variants: [{ price: 4500, unlimited: true }] },
        {
          title: 'Store Credit',
          productType: ProductType.GIFT_CARD,
          denominations: [2500, 5000],
          variants: [{ price: 2500, unlimited: true }],
        },
        {
          title: 'Tea of the Month',
          productType: ProductType.PHYSICAL,
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
          additionalFieldsFormId: form?.id ?? null,
          images: [{ url: '/files/products/linen-shirt.jpg', altText: 'Tea tin' }],
          variants: [{ price: 2400, qtyInStock: 50 }],
        },
      ];
      for (const body of bodies) {
        const answer = await suite.manager.post(PRODUCTS, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        expect(answer.body.structuredContent.productType).toBe(body.productType);
        expect(answer.body.structuredContent.variants[0].sku).toMatch(/^SQ[0-9A-F]{10}$/);
      }
      const list = await suite.manager.get(PRODUCTS);
      const tea = list.body.products.find((p: any) => p.title === 'Tea of the Month');
      expect(tea.structuredContent.subscriptionPlan).toEqual({
        billingPeriod: { value: 1, unit: 'MONTH' },
        numBillingCycles: 0,
      });
      expect(tea.assetUrl).toBe('/files/products/linen-shirt.jpg');
      expect(tea.items[0].altText).toBe('Tea tin');
      expect(list.body.limits).toEqual(COLLECTION_LIMITS);
    });

    it('updates a product keeping the ids of the variants it keeps, and deletes products', async () => {
      const [small, , navy] = created.structuredContent.variants;
      const answer = await suite.manager.put(`${PRODUCTS}/${created.id}`, {
        ...twoOptionProduct,
        title: 'Waxed Field Jacket II',
        variantOptionOrdering: ['Color', 'Size'],
        variants: [
          { id: navy.id, attributes: { Size: 'M', Color: 'Navy' }, price: 20900, unlimited: true },
          { id: small.id, attributes: { Size: 'S', Color: 'Olive' }, price: 18900, qtyInStock: 3 },
        ],
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // Read back alone, the product is what the change answered.
      const read = await suite.manager.get(`${PRODUCTS}/${created.id}`);
      expect([read.status, read.body]).toEqual([200, answer.body]);
      expect(answer.body.urlId).toBe('waxed-field-jacket');
      expect(answer.body.structuredContent.variants.map((v: any) => v.id)).toEqual([navy.id, small.id]);
      expect(answer.body.structuredContent.variants[0].sku).toBe('JKT-M-NVY');
      expect(answer.body.structuredContent.variants[0].optionValues.map((o: any) => o.optionName)).toEqual([
        'Color',
        'Size',
      ]);
      expect((await suite.manager.put(`${PRODUCTS}/nope`, twoOptionProduct)).status).toBe(404);
      expect((await suite.manager.delete(`${PRODUCTS}/nope`)).status).toBe(404);
      created = answer.body;
    });

    it('reorders a collection only with every item listed once', async () => {
      const list = await suite.manager.get(PRODUCTS);
      const ids = list.body.products.map((p: any) => p.id) as string[];
      const reversed = [...ids].reverse();
      const items = await suite.server.db
        .selectFrom('items')
        .select('id')
        .where('collection_id', '=', list.body.collection.id)
        .execute();
      const all = [...reversed, ...items.map((i) => i.id).filter((i) => !ids.includes(i))];
      expect(
        (await suite.manager.put(`${PRODUCTS}/order`, { collectionId: list.body.collection.id, itemIds: all.slice(1) }))
          .status,
      ).toBe(400);
      expect(
        (await suite.manager.put(`${PRODUCTS}/order`, { collectionId: list.body.collection.id, itemIds: all })).status,
      ).toBe(200);
      expect((await suite.manager.get(PRODUCTS)).body.products[0].id).toBe(reversed[0]);
    });

    it('refuses the 201st product of a collection with the SPEC limit', async () => {
      const list = await suite.manager.get(PRODUCTS);
      const collectionId = list.body.collection.id;
      const site = await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      const missing = COLLECTION_LIMITS.productsPerCollection - list.body.products.length - 1;
      const filler = Array.from({ length: missing }, (_, i) => ({
        id: newId(),
        site_id: site.id,
        collection_id: collectionId,
        record_type: 11,
        url_id: `filler-${i}`,
        title: `Filler ${i}`,
        excerpt: '',
        body: '',
        structured_content: '{"productType":1}',
        images: '[]',
        position: 1000 + i,
        published_at: now,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < filler.length; i += 50)
        await suite.server.db
          .insertInto('items')
          .values(filler.slice(i, i + 50))
          .execute();
      // One place left and three owners racing for it: exactly one gets it.
      const racing = await Promise.all(
        ['A', 'B', 'C'].map((name) =>
          suite.manager.post(PRODUCTS, {
            ...twoOptionProduct,
            title: `Racer ${name}`,
            variants: [{ price: 100, sku: `RACE-${name}` }],
            variantOptionOrdering: [],
          }),
        ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      const counted = (await suite.manager.get(PRODUCTS)).body;
      expect(counted.products).toHaveLength(COLLECTION_LIMITS.productsPerCollection);
      expect(counted.collections.find((c: any) => c.id === collectionId).productCount).toBe(
        COLLECTION_LIMITS.productsPerCollection,
      );
      const full = await suite.manager.post(PRODUCTS, { ...twoOptionProduct, title: 'One Too Many' });
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ error: 'collection-full' });
      expect(full.body.message).toContain('200 products');
      await suite.server.db.deleteFrom('items').where('url_id', 'like', 'filler-%').execute();
      await suite.server.db.deleteFrom('items').where('title', 'like', 'Racer %').execute();
    });

    it('lists stock and edits it conditionally', async () => {
      const list = await suite.manager.get(`${INVENTORY}?q=jacket`);
      expect(list.status).toBe(200);
      const small = list.body.variants.find((v: any) => v.sku === 'JKT-S-OLV');
      expect(small).toMatchObject({
        title: 'Waxed Field Jacket II',
        qtyInStock: 3,
        unlimited: false,
        attributes: { Size: 'S', Color: 'Olive' },
      });
      const stale = await suite.manager.put(`${INVENTORY}/${small.variantId}`, {
        qtyInStock: 10,
        expectedQtyInStock: 2,
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ error: 'stock-changed', qtyInStock: 3 });
      const set = await suite.manager.put(`${INVENTORY}/${small.variantId}`, { adjustBy: -1, expectedQtyInStock: 3 });
      expect(set.body).toMatchObject({ qtyInStock: 2, previousQtyInStock: 3, restock: null });
      expect((await suite.manager.put(`${INVENTORY}/${small.variantId}`, { adjustBy: -5 })).status).toBe(400);
      expect((await suite.manager.put(`${INVENTORY}/${small.variantId}`, {})).status).toBe(400);
      expect((await suite.editor.get(INVENTORY)).status).toBe(403);
      const low = await suite.manager.get(`${INVENTORY}?maxStock=0`);
      expect(low.body.variants.every((v: any) => v.qtyInStock === 0 && !v.unlimited)).toBe(true);
    });

    it('offers restock mail when a sold-out variant gets stock, and sends it when the store says so', async () => {
      const variants = (await suite.manager.get(INVENTORY)).body.variants as any[];
      const shirt = variants.filter((v) => v.title === 'Relaxed Linen Shirt' && !v.unlimited && v.qtyInStock === 0)[0];
      const tote = variants.find((v) => v.title === 'Waxed Canvas Tote' && v.qtyInStock === 0);
      expect(shirt && tote).toBeTruthy();
      await pendingSignUp(suite.server, shirt.productId, shirt.variantId, 'waiting-shirt@example.com');
      await pendingSignUp(suite.server, tote.productId, tote.variantId, 'waiting-tote@example.com');

      const offered = await suite.manager.put(`${INVENTORY}/${shirt.variantId}`, {
        qtyInStock: 5,
        expectedQtyInStock: 0,
      });
      expect(offered.status).toBe(200);
      expect(offered.body.restock).toEqual({ pending: 1, autoSend: false, sent: 0, failed: 0 });
      const none = await suite.server.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'waiting-shirt@example.com')
        .execute();
      expect(none).toHaveLength(0);

      expect((await suite.manager.put('/api/config/settings/store', { restockAutoSend: true })).status).toBe(200);
      const sent = await suite.manager.put(`${INVENTORY}/${tote.variantId}`, { qtyInStock: 4, expectedQtyInStock: 0 });
      expect(sent.body.restock).toMatchObject({ autoSend: true, sent: 1, failed: 0, pending: 0 });
      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', 'waiting-tote@example.com')
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.text_body).toContain('Waxed Canvas Tote');
      const page = await new Visitor(suite.server.url).get('/shop/p/canvas-tote');
      expect(page.body).not.toContain('sold-out"');
    });
  });
}

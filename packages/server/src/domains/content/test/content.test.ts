import { isSoldOut } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { seedDemoSite } from '../../../seed/seed.js';
import { DIALECTS } from '../../../testing.js';
import { DEMO_PRODUCT_URL_IDS, Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

for (const dialect of DIALECTS) {
  describe(`content service and demo site (${dialect})`, () => {
    const suite = suiteServer(dialect);

    it('answers health', async () => {
      const answer = await Visitor.of(suite.server).get('/api/health');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
    });

    it('serves the demo site on any host, with its shop and every kind of product', async () => {
      const content = suite.server.app.services.content;
      const site = await content.getSiteForHost('shop.example.com:8080');
      expect(site).toMatchObject({
        title: 'Juniper & Oak',
        currency: 'USD',
        timeZone: 'America/New_York',
        locale: 'en-US',
      });
      expect(site.storeSettings.multipleQuantityAllowedForServices).toBe(true);
      expect((await content.getSiteForHost('localhost')).id).toBe(site.id);
      const navigation = await content.getNavigation(site.id);
      expect(navigation.map((n) => n.url)).toEqual(['/shop', '/about', '/blog', '/events', '/explore', '/more']);
      const shop = await content.getCollectionBySlug(site.id, 'shop');
      expect(shop).toMatchObject({ slug: 'shop', type: 13, fullUrl: '/shop' });
      const products = await content.listProducts(site.id, shop!.id);
      expect(products.map((p) => p.urlId)).toEqual(DEMO_PRODUCT_URL_IDS);
      expect(new Set(products.map((p) => p.structuredContent.productType))).toEqual(new Set([1, 2, 3, 4]));
      expect(await content.getCollectionBySlug(site.id, 'nope')).toBeUndefined();
      expect(await content.getProductBySlug(site.id, shop!.id, 'nope')).toBeUndefined();
    });

    it('answers products in template JSON shape', async () => {
      const content = suite.server.app.services.content;
      const site = await content.getSiteForHost('localhost');
      const shop = (await content.getCollectionBySlug(site.id, 'shop'))!;
      const shirt = (await content.getProductBySlug(site.id, shop.id, 'linen-shirt'))!;
      expect(shirt).toMatchObject({
        title: 'Relaxed Linen Shirt',
        urlId: 'linen-shirt',
        fullUrl: '/shop/p/linen-shirt',
      });
      expect(shirt.structuredContent.variantOptionOrdering).toEqual(['Size', 'Color']);
      const xl = shirt.structuredContent.variants.find((v) => v.sku === 'LIN-NAT-XL')!;
      expect(xl).toMatchObject({
        price: 7400,
        salePrice: 0,
        priceMoney: { value: '74.00', currency: 'USD' },
        salePriceMoney: { value: '0.00', currency: 'USD' },
        onSale: false,
        unlimited: false,
        qtyInStock: 2,
        attributes: { Size: 'XL', Color: 'Natural' },
        optionValues: [
          { optionName: 'Size', value: 'XL' },
          { optionName: 'Color', value: 'Natural' },
        ],
      });
      expect((xl.mainImage as { assetUrl: string }).assetUrl).toBe('/files/products/linen-shirt-natural.jpg');
      expect(shirt.items[0]).toMatchObject({ originalSize: '800x1000', mediaFocalPoint: { x: 0.5, y: 0.5 } });
      expect(shirt.assetUrl).toBe(shirt.items[0].assetUrl);

      const ebook = (await content.getProductBySlug(site.id, shop.id, 'field-guide-ebook'))!;
      expect(ebook.structuredContent).toMatchObject({
        productType: 2,
        onSale: true,
        priceMoney: { value: '18.00', currency: 'USD' },
        salePriceMoney: { value: '12.00', currency: 'USD' },
      });
      const tote = (await content.getProductBySlug(site.id, shop.id, 'canvas-tote'))!;
      expect(isSoldOut(tote)).toBe(true);
      expect(isSoldOut(shirt)).toBe(false);
      const coffee = (await content.getProductBySlug(site.id, shop.id, 'coffee-subscription'))!;
      expect(coffee.structuredContent).toMatchObject({
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      });
      const mug = (await content.getProductBySlug(site.id, shop.id, 'custom-mug'))!;
      expect(mug.structuredContent.additionalFieldsFormId).toBe('mug-personalisation');
      const scarf = (await content.getProductBySlug(site.id, shop.id, 'wool-scarf'))!;
      expect(scarf.structuredContent.variants.every((v) => v.onSale && v.salePrice === 6400)).toBe(true);
    });

    it('serves the generated product images', async () => {
      const answer = await fetch(`${suite.server.url}/files/products/linen-shirt-natural.jpg`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    });

    it('caches site lookups and forgets them on a write through the server database', async () => {
      const content = suite.server.app.services.content;
      const site = await content.getSiteForHost('localhost');
      // Writes from elsewhere (another process) wait for invalidate or the cache's 2 s: test/content-cache.test.ts.
      await suite.server.db
        .updateTable('sites')
        .set({ title: 'Juniper & Oak Outlet' })
        .where('id', '=', site.id)
        .execute();
      expect((await content.getSiteForHost('localhost')).title).toBe('Juniper & Oak Outlet');
      await suite.server.db.updateTable('sites').set({ title: 'Juniper & Oak' }).where('id', '=', site.id).execute();
      content.invalidate();
    });

    it('seeds only once', async () => {
      const again = await seedDemoSite(suite.server.db, { filesDir: suite.server.app.config.filesDir });
      expect(again.created).toBe(false);
      const sites = await suite.server.db.selectFrom('sites').select('id').execute();
      expect(sites).toHaveLength(1);
    });

    it('finds a cart by token for the page renderer', async () => {
      const carts = suite.server.app.services.carts;
      const site = await suite.server.app.services.content.getSiteForHost('localhost');
      expect(await carts.getCartByToken(site.id, 'no-such-token')).toBeUndefined();
      const v = Visitor.of(suite.server);
      const shop = (await suite.server.app.services.content.getCollectionBySlug(site.id, 'shop'))!;
      const stickers = (await suite.server.app.services.content.getProductBySlug(site.id, shop.id, 'sticker-pack'))!;
      await v.post('/api/commerce/shopping-cart/entries', { itemId: stickers.id, sku: 'STICKERS-BOT', quantity: 2 });
      const cart = await carts.getCartByToken(site.id, v.cartToken!);
      expect(cart).toMatchObject({ subtotalCents: 1600, totalQuantity: 2 });
    });
  });
}

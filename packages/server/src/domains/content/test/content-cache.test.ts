// The content cache (src/domains/content/content-cache.ts) and the render memo (src/render/render-memo.ts)
// must never show a page older than the last write, nor one visitor's parts to another. Each test
// warms the cache with a page view first, writes through one of the server's write paths, and
// expects the next view to show the write.
import { ProductType, WebsiteRole } from '@tessera/core';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/schema.js';
import { DIALECTS, TEST_DATABASE_URL, type TestServer } from '../../../testing.js';
import { pgConnectionConfig } from '../../../platform/db/connect.js';
import { createOwner, ownerSession, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { cardOrder, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { limitedVariant } from '../../../../test/limited-variant.js';

/** A product page's `tessera-context` script. */
function pageContext(html: string): Record<string, any> {
  const match = /<script type="application\/json" id="tessera-context">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('the page has no tessera-context script');
  const context = JSON.parse(match[1] as string);
  if (!context.product) throw new Error('the page context has no product');
  return context;
}

function stockOnPage(html: string, sku: string): number {
  const variant = pageContext(html).product.structuredContent.variants.find((v: { sku: string }) => v.sku === sku);
  return variant.qtyInStock;
}

/** The cart pill's count as the server printed it. */
function pillCount(html: string): string {
  const match = /tessera-cart-pill__count"[^>]*>([^<]*)</.exec(html);
  if (!match) throw new Error('the page has no cart pill count');
  return (match[1] as string).trim();
}

/** A second connection that the server's process does not watch: another server process's view. */
async function otherProcess(server: TestServer): Promise<Kysely<Database>> {
  if (server.dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
      server.db,
    );
    const file = rows[0]?.file as string;
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(server.db);
  const pool = new pg.Pool({
    ...pgConnectionConfig(TEST_DATABASE_URL),
    max: 1,
    options: `-c search_path=${rows[0]?.schema}`,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

for (const dialect of DIALECTS) {
  describe(`content cache and render memo (${dialect})`, () => {
    let manager: Visitor;
    let editor: Visitor;

    const suite = suiteServer(dialect, {}, MANY_ORDERS);
    beforeAll(async () => {
      await createOwner(suite.server.db, {
        email: 'sm@cache.test',
        password: 'store-password',
        roles: [WebsiteRole.ADMIN],
      });
      manager = await signInOwner(suite.server.url, 'sm@cache.test', 'store-password');
      editor = await ownerSession(suite.server, {
        email: 'ed@cache.test',
        password: 'editor-password',
        roles: [WebsiteRole.EDITOR],
      });
    });

    it('shows the stock a checkout took on the next view of the product page', async () => {
      const variant = await limitedVariant(suite.server, 'wool-scarf');
      const page = () => new Visitor(suite.server.url).get<string>('/shop/p/wool-scarf');
      const before = stockOnPage((await page()).body, variant.sku);
      expect(stockOnPage((await page()).body, variant.sku)).toBe(before);

      const buyer = Visitor.of(suite.server);
      const added = await buyer.post('/api/commerce/shopping-cart/entries', {
        itemId: variant.itemId,
        sku: variant.sku,
        quantity: 1,
      });
      expect(added.status).toBe(200);
      const placed = await buyer.post('/api/checkout/orders', cardOrder());
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(stockOnPage((await page()).body, variant.sku)).toBe(before - 1);
    });

    it('shows the stock a subscription renewal took on the next view', async () => {
      const sku = 'COFFEE-WHOLE';
      const subscriber = Visitor.of(suite.server);
      const item = await suite.server.db
        .selectFrom('items')
        .select('id')
        .where('url_id', '=', 'coffee-subscription')
        .executeTakeFirstOrThrow();
      const started = await subscriber.post('/api/3/commerce/cart/subscription', { itemId: item.id, sku, qty: 1 });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const placed = await subscriber.post(
        '/api/checkout/orders',
        cardOrder({ cartToken: started.body.cartToken, email: 'subscriber@example.com', name: 'Sam Subscriber' }),
      );
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const page = () => new Visitor(suite.server.url).get<string>('/shop/p/coffee-subscription');
      const before = stockOnPage((await page()).body, sku);
      const renewed = await suite.server.app.services.checkout!.renewals.runDue(new Date(Date.now() + 40 * 86_400_000));
      expect(renewed.filter((r) => r.status === 'ordered')).toHaveLength(1);
      expect(stockOnPage((await page()).body, sku)).toBe(before - 1);
    });

    it('shows an inventory change from the owner on the next view', async () => {
      const variant = await limitedVariant(suite.server, 'wool-scarf');
      const page = () => new Visitor(suite.server.url).get<string>('/shop/p/wool-scarf');
      expect(stockOnPage((await page()).body, variant.sku)).toBe(variant.qty_in_stock);
      const set = await manager.put(`/api/config/inventory/${variant.id}`, { qtyInStock: variant.qty_in_stock + 7 });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(stockOnPage((await page()).body, variant.sku)).toBe(variant.qty_in_stock + 7);
    });

    it('shows a product edit and a new product on the next view', async () => {
      const created = await manager.post('/api/config/products', {
        title: 'Cache Test Lamp',
        productType: ProductType.PHYSICAL,
        variants: [{ sku: 'LAMP-1', attributes: {}, price: 4500, qtyInStock: 4 }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const shop = await new Visitor(suite.server.url).get<string>('/shop');
      const url = `/shop/p/${created.body.urlId}`;
      expect(shop.body).toContain('Cache Test Lamp');
      expect((await new Visitor(suite.server.url).get<string>(url)).body).toContain('Cache Test Lamp');
      const edited = await manager.put(`/api/config/products/${created.body.id}`, {
        title: 'Cache Test Lamp, Brass',
        productType: ProductType.PHYSICAL,
        variants: [{ id: created.body.structuredContent.variants[0].id, attributes: {}, price: 4500, qtyInStock: 4 }],
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await new Visitor(suite.server.url).get<string>(url)).body).toContain('Cache Test Lamp, Brass');
      expect((await new Visitor(suite.server.url).get<string>('/shop')).body).toContain('Cache Test Lamp, Brass');
    });

    it('shows a published page edit and a header change on the next view', async () => {
      const created = await editor.post('/api/config/pages', { title: 'Cache Story' });
      const id = created.body.page.id;
      const slug = created.body.page.slug;
      const text = (words: string) => ({
        sections: [{ blocks: [{ type: 2, settings: {}, content: { html: `<p>${words}</p>` } }] }],
      });
      await editor.put(`/api/config/pages/${id}/draft`, text('First version'));
      expect((await editor.post(`/api/config/pages/${id}/publish`, {})).status).toBe(200);
      expect((await new Visitor(suite.server.url).get<string>(`/${slug}`)).body).toContain('First version');
      await editor.put(`/api/config/pages/${id}/draft`, text('Second version'));
      expect((await editor.post(`/api/config/pages/${id}/publish`, {})).status).toBe(200);
      const after = (await new Visitor(suite.server.url).get<string>(`/${slug}`)).body;
      expect(after).toContain('Second version');
      expect(after).not.toContain('First version');

      const header = {
        header: { announcement: 'Cache test announcement' },
        footer: { text: 'Cached footer', links: [] },
      };
      expect((await editor.put('/api/site-header-footer', header)).status).toBe(200);
      expect((await new Visitor(suite.server.url).get<string>(`/${slug}`)).body).toContain('Cache test announcement');
    });

    it('shows a design change on the next view', async () => {
      const page = async () => (await new Visitor(suite.server.url).get<string>('/shop/p/linen-shirt')).body;
      expect(await page()).not.toContain('/site.css?v=1');
      const saved = await editor.put('/api/config/design', { version: 0, 'colors.palette': { accent: '#7a1f4b' } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await page()).toContain('<link rel="stylesheet" href="/site.css?v=1">');
    });

    it('shows a write from another process once invalidated (SQLite: once its data_version probe sees it), and its own at once', async () => {
      const site = await suite.server.app.services.content.getSiteForHost('localhost');
      const page = async () => (await new Visitor(suite.server.url).get<string>('/shop')).body;
      const other = await otherProcess(suite.server);
      try {
        expect(await page()).not.toContain('Elsewhere Outlet');
        await other.updateTable('sites').set({ title: 'Elsewhere Outlet' }).where('id', '=', site.id).execute();
        if (dialect === 'sqlite') {
          // Another connection's commit changes `pragma data_version`, which lookups read at most
          // every OUTSIDE_WRITE_PROBE_MS: a later view shows the write without any invalidation.
          let seen = false;
          for (let i = 0; i < 100 && !seen; i++) {
            await new Promise((resolve) => setTimeout(resolve, 50));
            seen = (await page()).includes('Elsewhere Outlet');
          }
          expect(seen).toBe(true);
        } else {
          // Not announced on the bus: the cached site stays (this is what the time to live bounds).
          expect(await page()).not.toContain('Elsewhere Outlet');
          suite.server.app.services.content.invalidate(site.id);
          expect(await page()).toContain('Elsewhere Outlet');
        }
        // The same change through the server's own database is seen at once.
        await suite.server.db.updateTable('sites').set({ title: site.title }).where('id', '=', site.id).execute();
        expect(await page()).not.toContain('Elsewhere Outlet');
      } finally {
        await other.destroy();
      }
    });

    it('does not keep rows read while a transaction that changes them is open', async () => {
      const variant = await limitedVariant(suite.server, 'wool-scarf');
      const content = suite.server.app.services.content;
      const site = await content.getSiteForHost('localhost');
      const shop = await content.getCollectionBySlug(site.id, 'shop');
      const read = async () =>
        (await content.getProductBySlug(site.id, shop!.id, 'wool-scarf'))!.structuredContent.variants.find(
          (v) => v.sku === variant.sku,
        )!.qtyInStock;
      const before = await read();
      let during: Promise<number> | undefined;
      await suite.server.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('product_variants')
          .set({ qty_in_stock: before + 100 })
          .where('id', '=', variant.id)
          .execute();
        during = read();
        // PostgreSQL answers from another connection with the committed rows; SQLite waits for the commit.
        if (dialect === 'postgres') expect(await during).toBe(before);
      });
      await during;
      expect(await read()).toBe(before + 100);
    });

    it('keeps the site, navigation and page lookups through a stock change, not through a page edit', async () => {
      const variant = await limitedVariant(suite.server, 'wool-scarf');
      const content = suite.server.app.services.content;
      const site = await content.getSiteForHost('localhost');
      const lookups = async () => {
        await content.getSite(site.id);
        await content.getNavigation(site.id);
        await content.getNavigationTree(site.id);
        return content.getCollectionBySlug(site.id, 'shop');
      };
      const misses = () => content.cacheStats().misses;
      const shop = await lookups();
      const item = () => content.getItemBySlug(site.id, shop!.id, 'wool-scarf');
      await item();
      let before = misses();
      await lookups();
      await item();
      expect(misses()).toBe(before);

      // A stock write: the product's lookup reads its variants again, the site's and pages' do not.
      await suite.server.db
        .updateTable('product_variants')
        .set({ qty_in_stock: variant.qty_in_stock + 7 })
        .where('id', '=', variant.id)
        .execute();
      before = misses();
      await lookups();
      expect(misses()).toBe(before);
      await item();
      expect(misses()).toBe(before + 1);

      // A write to the pages (a navigation title): the navigation is read again and shows it.
      const title = `Shop ${Date.now()}`;
      await suite.server.db.updateTable('collections').set({ title }).where('id', '=', shop!.id).execute();
      before = misses();
      await lookups();
      expect(misses()).toBeGreaterThan(before);
      expect((await content.getNavigation(site.id)).map((link) => link.title)).toContain(title);
      expect((await content.getCollectionBySlug(site.id, 'shop'))?.title).toBe(title);
      await suite.server.db.updateTable('collections').set({ title: shop!.title }).where('id', '=', shop!.id).execute();
    });

    it('never shows one visitor’s cart pill or owner roles to another', async () => {
      const variant = await limitedVariant(suite.server, 'wool-scarf');
      const shopper = Visitor.of(suite.server);
      const added = await shopper.post('/api/commerce/shopping-cart/entries', {
        itemId: variant.itemId,
        sku: variant.sku,
        quantity: 2,
      });
      expect(added.status).toBe(200);
      const stranger = Visitor.of(suite.server);
      for (let round = 0; round < 2; round++) {
        const mine = (await shopper.get<string>('/shop/p/wool-scarf')).body;
        const theirs = (await stranger.get<string>('/shop/p/wool-scarf')).body;
        const owners = (await manager.get<string>('/shop/p/wool-scarf')).body;
        expect(pillCount(mine)).toBe('2');
        expect(pillCount(theirs)).not.toBe('2');
        expect(pillCount(owners)).not.toBe('2');
        expect(theirs).toMatch(/<a class="tessera-cart-pill"[^>]* hidden>/);
        expect(pageContext(owners).owner?.roles).toEqual([WebsiteRole.ADMIN]);
        expect(pageContext(theirs).owner).toBeUndefined();
        expect(pageContext(mine).owner).toBeUndefined();
      }
    });
  });
}

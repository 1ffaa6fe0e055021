import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RecordType } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../../../../test/cli-process.js';
import { importCommand, ImportUsageError } from '../import-command.js';
import { exportProducts } from '../../exports/product-export.js';
import { importProducts } from '../product-import.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/imports/', import.meta.url));
const SHOPIFY = join(FIXTURES, 'shopify-products.csv');
const SQUARESPACE = join(FIXTURES, 'squarespace-products.csv');

describe('tessera import products (command line)', { timeout: 300_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'tessera-import-cli-')), 'data');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '' });

  it('reports a dry run line by line, then imports', async () => {
    expect((await run(['seed'], env())).code).toBe(0);
    const dry = await run(['import', 'products', SHOPIFY, '--dry-run'], env());
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('Shopify product CSV → products page /shop');
    expect(dry.out).toContain('line 2: would create linen-apron (Linen apron, 3 variants)');
    expect(dry.out).toContain('line 7: rejected: Variant Price "twelve" is not an amount in USD such as 12.50.');
    expect(dry.out).toContain('Dry run, nothing changed: 2 to create, 0 to update, 5 rejected.');
    const real = await run(['import', 'products', SHOPIFY], env());
    expect(real.out).toContain('2 created, 0 updated, 5 rejected.');
    const again = await run(['import', 'products', SHOPIFY], env());
    expect(again.out).toContain('0 created, 2 updated, 5 rejected.');
    const usage = await run(['import', 'products'], env());
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: tessera import products');
  });
});

for (const dialect of DIALECTS) {
  describe(`product CSV import on ${dialect}`, { timeout: 120_000 }, () => {
    let dir: string;
    const suite = suiteServer(dialect);
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tessera-import-'));
    });
    afterAll(async () => {
      rmSync(dir, { recursive: true, force: true });
    });
    const products = async () =>
      suite.server.db
        .selectFrom('items')
        .select(['id', 'url_id', 'title', 'status', 'structured_content'])
        .where('site_id', '=', DEMO_SITE_ID)
        .where('record_type', '=', RecordType.STORE_ITEM)
        .orderBy('url_id')
        .execute();
    const variants = async (urlId: string) =>
      suite.server.db
        .selectFrom('product_variants')
        .innerJoin('items', 'items.id', 'product_variants.item_id')
        .select([
          'product_variants.id',
          'sku',
          'price_cents',
          'sale_price_cents',
          'on_sale',
          'unlimited',
          'qty_in_stock',
          'attributes',
        ])
        .where('items.url_id', '=', urlId)
        .orderBy('product_variants.position')
        .execute();

    it('a dry run reports creates and each bad row with its line and reason, and writes nothing', async () => {
      const before = await products();
      const report = await importProducts(suite.server.db, {
        siteId: DEMO_SITE_ID,
        csv: readFileSync(SQUARESPACE, 'utf8'),
        dryRun: true,
      });
      expect(report.format).toBe('squarespace');
      expect(report.planned.map((p) => [p.line, p.action, p.urlId])).toEqual([
        [2, 'create', 'stoneware-bowl'],
        [4, 'create', 'knitting-pattern'],
      ]);
      expect(report.rejected).toEqual([
        { line: 5, reason: 'Price is empty.' },
        { line: 6, reason: 'Product type GIFT_CARD is not imported; create it in the editor.' },
        { line: 7, reason: 'variants.0.salePrice: A sale price must be lower than the price.' },
        { line: 8, reason: 'A variant row (no Title) that follows no product row.' },
        { line: 9, reason: 'Stock "lots" is not a whole number.' },
      ]);
      expect(report.imagesNotImported).toBe(2);
      expect(await products()).toEqual(before);
    });

    it('imports Shopify options, variants, sale prices, stock, weights, tags and visibility', async () => {
      const report = await importProducts(suite.server.db, {
        siteId: DEMO_SITE_ID,
        csv: readFileSync(SHOPIFY, 'utf8'),
        dryRun: false,
      });
      expect(report.rejected.map((r) => r.line)).toEqual([7, 8, 9, 10, 11]);
      expect(report.rejected.find((r) => r.line === 11)?.reason).toContain('Another variant has the same options.');
      const apron = await variants('linen-apron');
      expect(
        apron.map((v) => [v.sku, v.price_cents, v.sale_price_cents, v.on_sale, v.unlimited, v.qty_in_stock]),
      ).toEqual([
        ['APRON-NAT-S', 4200, 0, 0, 0, 5],
        ['APRON-NAT-M', 4200, 0, 0, 0, 7],
        ['APRON-RUST-M', 5000, 4200, 1, 0, 0],
      ]);
      expect(JSON.parse(apron[2]!.attributes)).toEqual({ Colour: 'Rust', Size: 'M' });
      const towel = await variants('tea-towel');
      expect(towel.map((v) => [v.sku, v.price_cents, v.unlimited])).toEqual([['TOWEL-1', 1250, 1]]);
      const item = (await products()).find((p) => p.url_id === 'linen-apron')!;
      const content = JSON.parse(item.structured_content);
      expect(content.variantOptionOrdering).toEqual(['Colour', 'Size']);
      expect(Object.values(content.variantWeights)).toEqual([300, 320, 320]);
      const terms = await suite.server.db
        .selectFrom('item_terms')
        .select(['kind', 'value'])
        .where('item_id', '=', item.id)
        .orderBy('value')
        .execute();
      expect(terms).toEqual([
        { kind: 'category', value: 'Aprons' },
        { kind: 'tag', value: 'kitchen' },
        { kind: 'tag', value: 'linen' },
      ]);
      suite.server.app.services.content.invalidate();
      const page = await new Visitor(suite.server.url).get('/shop/p/linen-apron');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Linen apron');
      expect(page.body).toContain('<em>two</em> pockets');
    });

    it('a re-run updates by URL and SKU instead of duplicating, keeping variant ids', async () => {
      const before = await products();
      const ids = (await variants('linen-apron')).map((v) => v.id);
      const changed = readFileSync(SHOPIFY, 'utf8')
        .replace('APRON-NAT-S,300,shopify,5,42.00', 'APRON-NAT-S,300,shopify,9,44.00')
        .replace('tea-towel,Tea towel', 'renamed-towel,Tea towel (renamed)');
      const file = join(dir, 'changed.csv');
      writeFileSync(file, changed);
      const out = await importCommand(suite.server.db, ['products', file, '--site', DEMO_SITE_ID]);
      expect(out).toContain('line 2: updated linen-apron');
      // Matched by its SKU: the towel keeps its address.
      expect(out).toContain('line 6: updated renamed-towel');
      expect(out).toContain('0 created, 2 updated, 5 rejected.');
      const after = await products();
      expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
      expect(after.find((p) => p.url_id === 'tea-towel')?.title).toBe('Tea towel (renamed)');
      const apron = await variants('linen-apron');
      expect(apron.map((v) => v.id)).toEqual(ids);
      expect([apron[0]!.price_cents, apron[0]!.qty_in_stock]).toEqual([4400, 9]);
    });

    it('a failure half-way writes nothing, and bad input is refused with a message', async () => {
      // A page (not a product) holds the stoneware bowl's address, so its insert fails after the first product.
      const shop = await suite.server.db
        .selectFrom('collections')
        .select('id')
        .where('site_id', '=', DEMO_SITE_ID)
        .where('slug', '=', 'shop')
        .executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await suite.server.db
        .insertInto('items')
        .values({
          id: 'c'.repeat(24),
          site_id: DEMO_SITE_ID,
          collection_id: shop.id,
          record_type: RecordType.TEXT,
          url_id: 'stoneware-bowl',
          title: 'In the way',
          excerpt: '',
          body: '',
          structured_content: '{}',
          images: '[]',
          position: 999,
          published_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const reordered = readFileSync(SQUARESPACE, 'utf8').split('\n');
      // The knitting pattern first, then the bowl: the pattern is written, then the bowl fails.
      const file = [reordered[0], reordered[3], reordered[1], reordered[2]].join('\n');
      const before = await products();
      await expect(
        importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: file, dryRun: false }),
      ).rejects.toThrow();
      expect(await products()).toEqual(before);

      const bad = join(dir, 'bad.csv');
      writeFileSync(bad, 'Name,Price\nA,1\n');
      await expect(importCommand(suite.server.db, ['products', bad])).rejects.toThrow(
        'is not a Shopify or Squarespace product CSV',
      );
      writeFileSync(bad, 'Handle,Variant Price\n"open,1\n');
      await expect(importCommand(suite.server.db, ['products', bad])).rejects.toThrow('a quoted field is never closed');
      await expect(importCommand(suite.server.db, ['products', SHOPIFY, '--collection', 'nope'])).rejects.toThrow(
        'The site has no products page "nope".',
      );
      await expect(importCommand(suite.server.db, ['products', SHOPIFY, '--bogus'])).rejects.toThrow(ImportUsageError);
    });

    it('reads and writes amounts in the site currency digits (a yen site)', async () => {
      const site = () => suite.server.db.updateTable('sites').where('id', '=', DEMO_SITE_ID);
      await site().set({ currency: 'JPY' }).execute();
      try {
        const csv = [
          'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty',
          'yen-cup,Yen cup,Title,Default Title,YEN-CUP,1500,1800,4',
          'yen-bowl,Yen bowl,Title,Default Title,YEN-BOWL,12.50,,4',
        ].join('\n');
        const report = await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv, dryRun: false });
        expect(report.rejected).toEqual([
          { line: 3, reason: 'Variant Price "12.50" is not an amount in JPY such as 1250.' },
        ]);
        const [cup] = await variants('yen-cup');
        expect({ price: Number(cup?.price_cents), sale: Number(cup?.sale_price_cents) }).toEqual({
          price: 1800,
          sale: 1500,
        });
        const exported = await exportProducts(suite.server.db, { siteId: DEMO_SITE_ID, format: 'shopify' });
        const row = exported.csv.split('\r\n').find((line) => line.startsWith('yen-cup,'));
        expect(row).toContain(',1500,1800,');
      } finally {
        await site().set({ currency: 'USD' }).execute();
      }
    });
  });
}

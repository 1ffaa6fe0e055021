import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CollectionType, ProductType, RecordType } from '@tessera/core';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../../../../test/cli-process.js';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../platform/config.js';
import { openDatabase } from '../../../platform/db/connect.js';
import { migrateToLatest } from '../../../platform/db/migrations.js';
import type { Database } from '../../../platform/db/schema.js';
import { type ExportFormat, exportProducts } from '../product-export.js';
import { newId, nowIso } from '../../../platform/ids.js';
import { importProducts } from '../../imports/product-import.js';
import { insertBlankSite } from '../../sites/blank-site.js';
import { DIALECTS, startTestServer, TEST_DATABASE_URL, type TestServer, DEMO_SITE_ID } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { withoutPictures } from '../../imports/test/product-image-fixtures.js';

/** The site's catalogue as comparable data: what a product CSV is meant to carry. */
async function catalogue(db: Kysely<Database>, siteId: string) {
  const items = await db
    .selectFrom('items')
    .select(['id', 'url_id', 'title', 'body', 'status', 'structured_content'])
    .where('site_id', '=', siteId)
    .where('record_type', '=', RecordType.STORE_ITEM)
    .orderBy('url_id')
    .execute();
  const out = [];
  for (const item of items) {
    const content = JSON.parse(item.structured_content) as {
      productType: number;
      variantOptionOrdering?: string[];
      variantWeights?: Record<string, number>;
    };
    if (content.productType === ProductType.GIFT_CARD) continue;
    const variants = await db
      .selectFrom('product_variants')
      .selectAll()
      .where('item_id', '=', item.id)
      .orderBy('position')
      .execute();
    const terms = await db.selectFrom('item_terms').select(['kind', 'value']).where('item_id', '=', item.id).execute();
    out.push({
      urlId: item.url_id,
      title: item.title,
      body: item.body,
      status: item.status,
      productType: content.productType,
      options: content.variantOptionOrdering ?? [],
      variants: variants.map((v) => ({
        sku: v.sku,
        attributes: JSON.parse(v.attributes),
        price: Number(v.price_cents),
        salePrice: Number(v.sale_price_cents),
        onSale: Number(v.on_sale),
        unlimited: Number(v.unlimited),
        stock: Number(v.qty_in_stock),
        weight: content.variantWeights?.[v.id] ?? null,
      })),
      tags: terms
        .filter((t) => t.kind === 'tag')
        .map((t) => t.value)
        .sort(),
      categories: terms
        .filter((t) => t.kind === 'category')
        .map((t) => t.value)
        .sort(),
    });
  }
  return out;
}

type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/** What each format is documented to leave out (docs/import.md, "Product CSV export"). */
function carried(products: Catalogue, format: ExportFormat): Catalogue {
  const kept = format === 'shopify' ? products.filter((p) => p.productType !== ProductType.SERVICE) : products;
  return kept.map((p) => ({
    ...p,
    variants: p.variants.map((v) => ({
      ...v,
      salePrice: format === 'shopify' && !v.onSale ? 0 : v.salePrice,
    })),
  }));
}

/** A new blank site with a products page, to import into. */
async function freshShop(db: Kysely<Database>, host: string): Promise<string> {
  const siteId = newId();
  await insertBlankSite(db, {
    id: siteId,
    host,
    title: 'Fresh',
    locale: 'en-US',
    currency: 'USD',
    timeZone: 'UTC',
  });
  const shop = await db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', DEMO_SITE_ID)
    .where('type', '=', CollectionType.PRODUCTS)
    .orderBy('position')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('collections')
    .values({ ...shop, id: newId(), site_id: siteId })
    .execute();
  return siteId;
}

for (const dialect of DIALECTS) {
  describe(`product CSV export on ${dialect}`, { timeout: 120_000 }, () => {
    const suite = suiteServer(dialect);
    beforeAll(async () => {
      // A sale price not below the price, a multi-line body and a quote: the awkward cases.
      await suite.server.db
        .updateTable('items')
        .set({ title: 'Mug "Tall", stoneware', body: '<p>One</p>\n<p>Two, "three"</p>' })
        .where('site_id', '=', DEMO_SITE_ID)
        .where('url_id', '=', 'linen-shirt')
        .execute();
    });

    for (const format of ['shopify', 'squarespace'] as const) {
      it(`round-trips the catalogue through a ${format} CSV`, async () => {
        const exported = await exportProducts(suite.server.db, { siteId: DEMO_SITE_ID, format });
        const before = await catalogue(suite.server.db, DEMO_SITE_ID);
        expect(exported.exported).toBe(carried(before, format).length);
        expect(exported.notes.join('\n')).toContain('gift-card: not exported');

        const siteId = await freshShop(suite.server.db, `${format}.${dialect}.example`);
        const report = await importProducts(suite.server.db, { siteId, csv: exported.csv, dryRun: false });
        expect(report.format).toBe(format);
        expect(report.rejected).toEqual([]);
        expect(report.planned.every((p) => p.action === 'create')).toBe(true);
        const after = await catalogue(suite.server.db, siteId);
        expect(after).toEqual(carried(before, format));
        // Exported again, the new site gives the same file, but for the pictures: imported without
        // fetching them, it has none (imports/test/product-images.test.ts round-trips them).
        expect(report.imagesNotImported).toBeGreaterThan(0);
        const reexported = (await exportProducts(suite.server.db, { siteId, format })).csv;
        expect(withoutPictures(reexported)).toBe(withoutPictures(exported.csv));
        // And importing it again into the same site updates, never duplicates.
        const again = await importProducts(suite.server.db, { siteId, csv: exported.csv, dryRun: false });
        expect(again.planned.every((p) => p.action === 'update')).toBe(true);
        expect(await catalogue(suite.server.db, siteId)).toEqual(after);
      });
    }
  });
}

/** One order the way checkout writes it: the order, two lines and the stock taken, in one transaction. */
async function placeOrder(db: Kysely<Database>, n: number, item: { id: string; variantId: string }) {
  await db.transaction().execute(async (trx) => {
    const id = newId();
    const now = nowIso();
    await trx
      .insertInto('orders')
      .values({
        id,
        site_id: DEMO_SITE_ID,
        order_number: 100_000 + n,
        customer_email: `buyer${n}@example.com`,
        customer_name: `Buyer ${n}`,
        currency: 'USD',
        subtotal_cents: 2000,
        discount_cents: 0,
        shipping_cents: 0,
        tax_cents: 0,
        grand_total_cents: 2000,
        amount_due_cents: 2000,
        status: 'confirmed',
        payment_status: 'paid',
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    for (const line of [1, 2]) {
      await trx
        .insertInto('order_lines')
        .values({
          id: newId(),
          order_id: id,
          item_id: item.id,
          sku: `LINE-${line}`,
          title: 'Line',
          attributes: '{}',
          product_type: ProductType.PHYSICAL,
          quantity: 1,
          unit_price_cents: 1000,
          line_total_cents: 1000,
          additional_fields: null,
        })
        .execute();
    }
    await trx
      .updateTable('product_variants')
      .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', 1) }))
      .where('id', '=', item.variantId)
      .execute();
  });
}

describe('tessera backup and restore (SQLite)', { timeout: 300_000 }, () => {
  let server: TestServer;
  let dir: string;
  let backup: string;
  const STOCK = 1_000_000;
  let item: { id: string; variantId: string };
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'sqlite' });
    dir = mkdtempSync(join(tmpdir(), 'tessera-backup-'));
    const variant = await server.db
      .selectFrom('product_variants')
      .innerJoin('items', 'items.id', 'product_variants.item_id')
      .select(['items.id', 'product_variants.id as variantId'])
      .where('items.site_id', '=', DEMO_SITE_ID)
      .where('items.url_id', '=', 'linen-shirt')
      .executeTakeFirstOrThrow();
    item = variant;
    await server.db
      .updateTable('product_variants')
      .set({ qty_in_stock: STOCK, unlimited: 0 })
      .where('id', '=', item.variantId)
      .execute();
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a consistent database while orders are being written', async () => {
    const sqliteFile = server.database.sqliteFile as string;
    // The CLI's DATA_DIR needs the database as tessera.db; the server's file is exactly that.
    const dataDir = join(sqliteFile, '..');
    mkdirSync(join(dataDir, 'files', 'products'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'products', 'photo.jpg'), 'not really a photo');
    let placed = 0;
    let done = false;
    for (; placed < 50; placed++) await placeOrder(server.db, placed, item);
    const writers = [0, 1, 2].map(async () => {
      while (!done) {
        await placeOrder(server.db, placed++, item);
        // SQLite answers without I/O: let the event loop see the backup process end.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const result = await run(['backup', '--out', join(dir, 'backups')], { DATA_DIR: dataDir, DATABASE_URL: '' });
    done = true;
    await Promise.all(writers);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/Backup written to .*backups \(migration \d{4}/);
    backup = join(dir, 'backups');

    const copy = new SQLite(join(backup, 'tessera.db'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const orders = (
        copy.prepare('select count(*) as n from orders where order_number >= 100000').get() as { n: number }
      ).n;
      const lines = (
        copy
          .prepare(
            'select count(*) as n from order_lines where order_id in (select id from orders where order_number >= 100000)',
          )
          .get() as { n: number }
      ).n;
      const stock = (
        copy.prepare('select qty_in_stock as q from product_variants where id = ?').get(item.variantId) as {
          q: number;
        }
      ).q;
      // Every order in the copy is whole: both its lines and the stock it took, nothing half-written.
      expect(orders).toBeGreaterThanOrEqual(50);
      expect(orders).toBeLessThanOrEqual(placed);
      expect(lines).toBe(orders * 2);
      expect(STOCK - stock).toBe(orders);
    } finally {
      copy.close();
    }
    const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.checksums['tessera.db'].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(manifest.checksums).some((p) => p.startsWith('files/'))).toBe(true);
  });

  it('restores into an empty data dir: the site serves its home page and the order', async () => {
    const dataDir = join(dir, 'restored');
    const refused = await run(['restore', backup], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--yes');
    expect(existsSync(join(dataDir, 'tessera.db'))).toBe(false);

    const restored = await run(['restore', backup, '--yes'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain('Restored the backup of');

    const { db } = openDatabase({ sqliteFile: join(dataDir, 'tessera.db') });
    const app = await buildApp({ db, config: { ...loadConfig({ DATA_DIR: dataDir }), port: 0, logger: false } });
    try {
      await migrateToLatest(db);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      const home = await fetch(`http://127.0.0.1:${address.port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Juniper &amp; Oak');
      const order = await db
        .selectFrom('orders')
        .select(['customer_email', 'grand_total_cents'])
        .where('order_number', '=', 100_000)
        .executeTakeFirst();
      expect(order).toEqual({ customer_email: 'buyer0@example.com', grand_total_cents: 2000 });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('refuses a tampered backup, changing nothing', async () => {
    const cases: [string, (copy: string) => void, string][] = [
      [
        'a changed database',
        (c) => appendFileSync(join(c, 'tessera.db'), 'x'),
        'tessera.db does not match its checksum',
      ],
      [
        'an added file',
        (c) => writeFileSync(join(c, 'files', 'extra.txt'), 'x'),
        'files/extra.txt is not in the manifest',
      ],
      [
        'a newer migration level',
        (c) => {
          const path = join(c, 'manifest.json');
          const manifest = JSON.parse(readFileSync(path, 'utf8'));
          manifest.migrations.push('9999_future');
          writeFileSync(path, JSON.stringify(manifest));
        },
        'made by a newer Tessera',
      ],
    ];
    for (const [name, tamper, message] of cases) {
      const copy = join(dir, `tampered-${cases.findIndex((c) => c[0] === name)}`);
      cpSync(backup, copy, { recursive: true });
      tamper(copy);
      const dataDir = join(dir, `target-${name.replaceAll(' ', '-')}`);
      const result = await run(['restore', copy, '--yes'], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(result.code, name).toBe(1);
      expect(result.err, name).toContain(message);
      expect(existsSync(join(dataDir, 'tessera.db')), name).toBe(false);
    }
  });

  it('on PostgreSQL, points to pg_dump instead', async () => {
    const result = await run(['backup', '--out', join(dir, 'pg')], {
      DATA_DIR: join(dir, 'pg-data'),
      DATABASE_URL: TEST_DATABASE_URL,
    });
    expect(result.code).toBe(2);
    expect(result.err).toContain('pg_dump');
    expect(existsSync(join(dir, 'pg'))).toBe(false);
  });
});

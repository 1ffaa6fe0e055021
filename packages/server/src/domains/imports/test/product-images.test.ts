// Issue 19: the pictures a product CSV names by address (Shopify's Image Src / Image Alt Text /
// Image Position / Variant Image, Squarespace's Hosted Image URLs), downloaded from a local HTTP
// server playing the old shop's picture host into the site's own files, and written back by the
// product CSV export so that an export imports again with its pictures.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CollectionType, WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { exportProducts } from '../../exports/product-export.js';
import { insertBlankSite } from '../../sites/blank-site.js';
import { formatReport, importCommand } from '../import-command.js';
import { importProducts } from '../product-import.js';
import { IMPORT_ALLOW_HOSTS } from '../wordpress-media.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';
import {
  type PictureHost,
  shopifyWithPictures,
  squarespaceWithPictures,
  startPictureHost,
} from './product-image-fixtures.js';

interface Asset {
  assetUrl: string;
  altText: string;
  originalSize: string;
}

const STORE = {
  email: 'picture-import@example.com',
  password: 'a picture import passphrase 5',
  roles: [WebsiteRole.STORE_MANAGER],
};

describe.each(DIALECTS)('product CSV pictures on %s', (dialect) => {
  let host: PictureHost;
  // Its own files folder: the suite counts the files stored under `imports/products/`, which the
  // other suite importing pictures writes for the same demo site.
  const suite = suiteServer(dialect, { store: STORE }, undefined, { ownFiles: true });
  const allow = { [IMPORT_ALLOW_HOSTS]: '127.0.0.1' };
  beforeAll(async () => {
    host = await startPictureHost();
  });
  afterAll(async () => {
    await host?.close();
  });

  const files = (siteId = DEMO_SITE_ID) => suite.server.app.siteFiles(siteId);
  const product = async (urlId: string, siteId = DEMO_SITE_ID) => {
    const item = await suite.server.db
      .selectFrom('items')
      .select(['id', 'images'])
      .where('site_id', '=', siteId)
      .where('url_id', '=', urlId)
      .executeTakeFirstOrThrow();
    const variants = await suite.server.db
      .selectFrom('product_variants')
      .select(['sku', 'main_image'])
      .where('item_id', '=', item.id)
      .orderBy('position')
      .execute();
    return {
      images: JSON.parse(item.images) as Asset[],
      variants: variants.map((v) => ({
        sku: v.sku,
        image: v.main_image ? (JSON.parse(v.main_image) as Asset).assetUrl : null,
      })),
    };
  };
  /** The bytes a `/files/…` address of the site holds. */
  const bytesOf = async (assetUrl: string, siteId = DEMO_SITE_ID) =>
    (await files(siteId)).read(assetUrl.slice('/files/'.length));

  it('lists the pictures a dry run would fetch, says when it would not, and downloads nothing', async () => {
    const csv = shopifyWithPictures(host.origin);
    const storage = await files();
    const dry = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv,
      dryRun: true,
      media: { storage, env: allow },
    });
    const apron = dry.planned.find((p) => p.urlId === 'pic-apron');
    expect(apron?.draft.images.map((i) => [i.line, i.url.replace(host.origin, ''), i.altText])).toEqual([
      [3, '/shop/apron.jpg', 'Apron from the front'],
      [2, '/shop/apron-back.png', 'Apron, from the back'],
      [3, '/shop/blue.jpg', ''],
    ]);
    // What it can tell without downloading: a picture that is not a web address.
    expect(dry.images).toEqual({
      addresses: 7,
      copied: 0,
      failed: [{ line: 10, url: 'ftp://files.example.com/apron.jpg', reason: 'not an http(s) address' }],
    });
    const text = formatReport(dry);
    expect(text).toContain(`  picture ${host.origin}/shop/apron-back.png (alt text: Apron, from the back)`);
    expect(text).toContain('7 picture address(es) to fetch.');
    // Without fetching, the pictures are counted and the owner told how to fetch them.
    const plain = await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv, dryRun: true });
    expect(plain.images).toBeUndefined();
    expect(plain.imagesNotImported).toBe(9);
    expect(formatReport(plain)).toContain('9 image address(es) will not be imported');
    expect(formatReport(plain)).toContain('--fetch-media');
    expect(host.requests).toEqual([]);
    expect(await storage.list('imports/products/')).toEqual([]);
  });

  it('removes the pictures it fetched when the import itself fails', async () => {
    const storage = await files();
    await expect(
      importProducts(suite.server.db, {
        siteId: DEMO_SITE_ID,
        csv: shopifyWithPictures(host.origin),
        collection: 'no-such-page',
        dryRun: false,
        media: { storage, env: allow },
      }),
    ).rejects.toThrow('The site has no products page "no-such-page".');
    expect(await storage.list('imports/products/')).toEqual([]);
  });

  it('fetches a Shopify file’s pictures once each, in position order with alt text, and warns of the rest', async () => {
    host.requests.length = 0;
    const warnings: string[] = [];
    const report = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv: shopifyWithPictures(host.origin),
      dryRun: false,
      media: { storage: await files(), env: allow },
      progress: { step: () => {}, warn: (text) => warnings.push(text) },
    });
    expect(report.rejected).toEqual([]);
    expect(report.planned.map((p) => p.urlId)).toEqual(['pic-apron', 'pic-mug', 'pic-bad']);
    // The apron's front is named by three rows of two products: asked for once.
    expect(host.requests.filter((path) => path === '/shop/apron.jpg')).toHaveLength(1);
    expect(report.images?.addresses).toBe(7);
    expect(report.images?.copied).toBe(3);
    const failed = report.images?.failed.map((f) => [f.line, f.url.replace(host.origin, ''), f.reason]);
    expect(failed?.slice(0, 3)).toEqual([
      [6, '/bad/page.jpg', 'not a picture (JPEG, PNG, GIF, WebP or AVIF)'],
      [7, '/bad/huge.jpg', 'larger than the 15 MB a picture may have'],
      [8, 'http://10.1.2.3/secret.jpg', expect.stringContaining('private or local network address')],
    ]);
    expect(failed?.[3]?.[0]).toBe(9);
    expect(failed?.[3]?.[2]).toContain('localhost resolves to');
    expect(failed?.[4]).toEqual([10, 'ftp://files.example.com/apron.jpg', 'not an http(s) address']);
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toBe(
      `line 6: picture ${host.origin}/bad/page.jpg not imported (not a picture (JPEG, PNG, GIF, WebP or AVIF)).`,
    );

    const apron = await product('pic-apron');
    expect(apron.images.map((i) => [i.altText, i.originalSize])).toEqual([
      ['Apron from the front', '320x200'],
      ['Apron, from the back', '200x320'],
      ['', '64x64'],
    ]);
    const [front, back, blue] = apron.images.map((i) => i.assetUrl);
    expect(front).toMatch(/^\/files\/imports\/products\/[0-9a-f]{16}-apron\.jpg$/);
    expect(back).toMatch(/^\/files\/imports\/products\/[0-9a-f]{16}-apron-back\.png$/);
    expect((await bytesOf(front as string))?.equals(host.pictures.get('/shop/apron.jpg') as Buffer)).toBe(true);
    expect((await bytesOf(back as string))?.equals(host.pictures.get('/shop/apron-back.png') as Buffer)).toBe(true);
    expect(apron.variants).toEqual([
      { sku: 'PA-RED', image: front },
      { sku: 'PA-BLUE', image: blue },
    ]);
    // The mug shows the same copy; the product whose pictures were all refused has none, and nothing was stored for them.
    expect((await product('pic-mug')).images.map((i) => i.assetUrl)).toEqual([front]);
    expect((await product('pic-bad')).images).toEqual([]);
    const stored = (await (await files()).list('imports/products/')).map((f) => f.key).sort();
    expect(stored).toEqual([front, back, blue].map((url) => (url as string).slice('/files/'.length)).sort());
    // The product page shows them.
    const page = await fetch(`${suite.server.url}/shop/p/pic-apron`).then((r) => r.text());
    expect(page).toContain(front);
  });

  it('fetches a Squarespace file’s Hosted Image URLs in order', async () => {
    const report = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv: squarespaceWithPictures(host.origin),
      dryRun: false,
      media: { storage: await files(), env: allow },
    });
    expect(report.format).toBe('squarespace');
    expect(report.images).toEqual({ addresses: 2, copied: 2, failed: [] });
    const bowl = await product('pic-bowl');
    expect(bowl.images.map((i) => [i.assetUrl.replace(/[0-9a-f]{16}/, 'H'), i.originalSize])).toEqual([
      ['/files/imports/products/H-bowl.webp', '300x300'],
      ['/files/imports/products/H-bowl-2.jpg', '120x90'],
    ]);
    expect(bowl.variants.map((v) => v.image)).toEqual([null, null]);
  });

  it('exports the pictures by absolute address on the public URL, and the export imports with them', async () => {
    const server = { publicUrl: suite.server.url, port: 1 };
    const exported = await exportProducts(suite.server.db, { siteId: DEMO_SITE_ID, format: 'shopify', server });
    const apron = await product('pic-apron');
    const [front] = apron.images.map((i) => i.assetUrl);
    expect(exported.csv).toContain(`${server.publicUrl}${front},1,Apron from the front,${server.publicUrl}${front}`);

    // Into a new site: its pictures come from the first site's public address.
    const siteId = newId();
    await insertBlankSite(suite.server.db, {
      id: siteId,
      // No host of its own: the first site still answers the test server's address.
      host: null,
      title: 'Pictures',
      locale: 'en-US',
      currency: 'USD',
      timeZone: 'UTC',
    });
    const shop = await suite.server.db
      .selectFrom('collections')
      .selectAll()
      .where('site_id', '=', DEMO_SITE_ID)
      .where('type', '=', CollectionType.PRODUCTS)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await suite.server.db
      .insertInto('collections')
      .values({ ...shop, id: newId(), site_id: siteId })
      .execute();
    const report = await importProducts(suite.server.db, {
      siteId,
      csv: exported.csv,
      dryRun: false,
      media: { storage: await files(siteId), env: allow },
    });
    expect(report.rejected).toEqual([]);
    expect(report.images?.failed).toEqual([]);
    const copy = await product('pic-apron', siteId);
    expect(copy.images.map((i) => [i.altText, i.originalSize])).toEqual(
      apron.images.map((i) => [i.altText, i.originalSize]),
    );
    for (const [index, image] of copy.images.entries()) {
      const original = await bytesOf(apron.images[index]?.assetUrl as string);
      expect((await bytesOf(image.assetUrl, siteId))?.equals(original as Buffer)).toBe(true);
    }
    expect(copy.variants.map((v) => v.image)).toEqual([copy.images[0]?.assetUrl, copy.images[2]?.assetUrl]);
    // The new site's copies live in its own files, not the first site's.
    expect(await (await files(siteId)).list('imports/products/')).not.toEqual([]);
    await (await files(siteId)).deletePrefix('imports/products/');
  });

  it('the editor’s import previews the pictures and fetches them when asked (fetchMedia=true)', async () => {
    const before = process.env[IMPORT_ALLOW_HOSTS];
    // The job runs with the server's environment.
    process.env[IMPORT_ALLOW_HOSTS] = '127.0.0.1';
    try {
      const csv = squarespaceWithPictures(host.origin)
        .replaceAll('pic-bowl', 'route-bowl')
        .replaceAll('PBOWL', 'RBOWL');
      const send = (query: string) =>
        suite.store.request('POST', `/api/config/imports/products?${query}`, { body: csv, contentType: 'text/csv' });
      const plain = await send('dryRun=true');
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ imagesNotImported: 2, images: null });
      const dry = await send('dryRun=true&fetchMedia=true');
      expect(dry.status).toBe(200);
      expect(dry.body.images).toEqual({ addresses: 2, copied: 0, failed: [] });
      expect(dry.body.planned[0].images).toEqual([
        { url: `${host.origin}/sq/bowl.webp`, altText: '' },
        { url: `${host.origin}/sq/bowl-2.jpg`, altText: '' },
      ]);
      const done = await send('dryRun=false&fetchMedia=true');
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ imagesNotImported: 0, images: { addresses: 2, copied: 2, failed: [] } });
      expect((await product('route-bowl')).images.map((i) => i.originalSize)).toEqual(['300x300', '120x90']);
    } finally {
      if (before === undefined) delete process.env[IMPORT_ALLOW_HOSTS];
      else process.env[IMPORT_ALLOW_HOSTS] = before;
    }
  });

  it('tessera import products --fetch-media lists the pictures in a dry run and fetches them in the real run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-product-pictures-'));
    try {
      const file = join(dir, 'products.csv');
      writeFileSync(
        file,
        squarespaceWithPictures(host.origin).replaceAll('pic-bowl', 'cli-bowl').replaceAll('PBOWL', 'CBOWL'),
      );
      const options = { storage: suite.server.app.fileStorage, env: allow };
      const dry = await importCommand(
        suite.server.db,
        ['products', file, '--site', DEMO_SITE_ID, '--dry-run', '--fetch-media'],
        options,
      );
      expect(dry).toContain(
        `line 2: would create cli-bowl (Picture bowl, 2 variants)\n  picture ${host.origin}/sq/bowl.webp\n`,
      );
      expect(dry).toContain('2 picture address(es) to fetch.');
      const done = await importCommand(
        suite.server.db,
        ['products', file, '--site', DEMO_SITE_ID, '--fetch-media'],
        options,
      );
      expect(done).toContain("2 of 2 picture address(es) fetched into the site's files.");
      expect((await product('cli-bowl')).images).toHaveLength(2);
      await expect(
        importCommand(suite.server.db, ['products', file, '--site', DEMO_SITE_ID, '--fetch-media']),
      ).rejects.toThrow('No file store to copy the pictures into.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Issue 19: a site's own product CSV export imported back into the same site with pictures fetched
// (round trip, restore of a catalogue edit): its pictures are addresses on the site's own public
// address (publicBaseUrl) naming files it already has, so the import uses those files and neither
// downloads them again nor stores second copies. An address there naming no file of this site is
// fetched as any other address.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/suite-server.js';
import { siteBaseUrlById } from '../../../platform/http/public-url.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { exportProducts } from '../../exports/product-export.js';
import { importCommand } from '../import-command.js';
import { importProducts } from '../product-import.js';
import { IMPORT_ALLOW_HOSTS } from '../wordpress-media.js';
import { type PictureHost, squarespaceWithPictures, startPictureHost } from './product-image-fixtures.js';

const STORE = {
  email: 'own-pictures@example.com',
  password: 'own pictures passphrase 77',
  roles: [WebsiteRole.STORE_MANAGER],
};

describe.each(DIALECTS)('a site’s own pictures in its product CSV on %s', (dialect) => {
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

  const files = () => suite.server.app.siteFiles(DEMO_SITE_ID);
  const keys = async () => (await (await files()).list('imports/products/')).map((f) => f.key).sort();
  const images = async (urlId: string) => {
    const item = await suite.server.db
      .selectFrom('items')
      .select('images')
      .where('site_id', '=', DEMO_SITE_ID)
      .where('url_id', '=', urlId)
      .executeTakeFirstOrThrow();
    return (JSON.parse(item.images) as { assetUrl: string; originalSize: string }[]).map((i) => [
      i.assetUrl,
      i.originalSize,
    ]);
  };
  /** The site's products as a Shopify CSV whose picture addresses start with `base`. */
  const exported = async (base: string) =>
    (
      await exportProducts(suite.server.db, {
        siteId: DEMO_SITE_ID,
        format: 'shopify',
        server: { publicUrl: base, port: 1 },
      })
    ).csv;

  it('reuses the files its own export names instead of downloading them again', async () => {
    const first = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv: squarespaceWithPictures(host.origin),
      dryRun: false,
      media: { storage: await files(), env: allow },
    });
    expect(first.images).toEqual({ addresses: 2, copied: 2, failed: [] });
    const pictures = await images('pic-bowl');
    const stored = await keys();
    expect(stored).toHaveLength(2);

    const csv = await exported(suite.server.url);
    expect(csv).toContain(`${suite.server.url}${pictures[0]?.[0]}`);
    const requests = host.requests.length;
    const again = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv,
      dryRun: false,
      media: { storage: await files(), env: allow, ownBaseUrl: suite.server.url },
    });
    expect(again.rejected).toEqual([]);
    expect(again.images?.failed).toEqual([]);
    expect(again.planned.find((p) => p.urlId === 'pic-bowl')?.action).toBe('update');
    expect(await images('pic-bowl')).toEqual(pictures);
    expect(await keys()).toEqual(stored);
    expect(host.requests.length).toBe(requests);
  });

  it('without its own address given (or another address), the same file is downloaded as a copy', async () => {
    const stored = await keys();
    // The same server, another public address: a download, stored under the new address's key.
    const base = suite.server.url.replace('127.0.0.1', 'localhost');
    const report = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv: await exported(suite.server.url),
      dryRun: false,
      media: { storage: await files(), env: allow, ownBaseUrl: base },
    });
    expect(report.images?.failed).toEqual([]);
    // Every picture of the export (the demo's and the bowl's) comes again as a second file.
    const copies = (await keys()).filter((key) => !stored.includes(key));
    expect(copies.length).toBeGreaterThan(2);
    expect(copies).toHaveLength(report.images?.addresses ?? 0);
  });

  it('an address on its own public address naming no file of the site is fetched like any other', async () => {
    const missing = `${suite.server.url}/files/imports/products/not-here.jpg`;
    const csv = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src',
      `own-missing,Own missing,Title,Default Title,OWNMISS-1,5.00,${missing}`,
    ].join('\n');
    const report = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv,
      dryRun: false,
      media: { storage: await files(), env: allow, ownBaseUrl: suite.server.url },
    });
    expect(report.images?.failed).toEqual([{ line: 2, url: missing, reason: expect.stringContaining('404') }]);
    expect(await images('own-missing')).toEqual([]);
  });

  it('the command line and the editor’s import job take the site’s public address from its settings', async () => {
    const stored = await keys();
    const pictures = await images('pic-bowl');
    const dir = mkdtempSync(join(tmpdir(), 'tessera-own-pictures-'));
    try {
      const file = join(dir, 'products.csv');
      // The command: the install's PUBLIC_URL (the site has no address of its own).
      writeFileSync(file, await exported('https://shop.example.test'));
      const server = { publicUrl: 'https://shop.example.test', port: 1 };
      const out = await importCommand(suite.server.db, ['products', file, '--site', DEMO_SITE_ID, '--fetch-media'], {
        storage: suite.server.app.fileStorage,
        env: allow,
        server,
      });
      expect(out).toMatch(/\n(\d+) of \1 picture address\(es\) fetched into the site's files\.$/);
      expect(await images('pic-bowl')).toEqual(pictures);
      expect(await keys()).toEqual(stored);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The editor: the job reads the address as every mailed link does (siteBaseUrlById).
    const own = await siteBaseUrlById(suite.server.app, DEMO_SITE_ID);
    const send = await suite.store.request('POST', '/api/config/imports/products?dryRun=false&fetchMedia=true', {
      body: await exported(own),
      contentType: 'text/csv',
    });
    expect(send.status).toBe(200);
    expect(send.body.images.failed).toEqual([]);
    expect(send.body.images.copied).toBe(send.body.images.addresses);
    expect(await images('pic-bowl')).toEqual(pictures);
    expect(await keys()).toEqual(stored);
  });
});

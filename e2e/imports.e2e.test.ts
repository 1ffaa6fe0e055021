// Import in a real browser (issue 19): a store manager chooses a Shopify product CSV in Commerce ›
// Import products, sees what would be created and rejected (line and reason) with nothing changed,
// imports it and follows the link to a new product's page. On a server of its own, so the shared
// demo shop keeps its catalogue.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { OWNER_PASSWORD } from './fixtures/owner.js';
import { CLI, ROOT, startServer } from './support/server.mjs';

const SHOPIFY = fileURLToPath(
  new URL('../packages/server/test/fixtures/imports/shopify-products.csv', import.meta.url),
);

const WXR = readFileSync(
  fileURLToPath(new URL('../packages/server/test/fixtures/imports/wordpress-blog.xml', import.meta.url)),
  'utf8',
);

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let manager: Page;
/** The old WordPress site the pictures are downloaded from. */
let oldSite: Server;
let oldOrigin: string;
let editorEmail: string;
/** Picture downloads of the progress test, held until it lets them through. */
const held: ServerResponse[] = [];
let holding = false;
let picture: Buffer;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  picture = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#b03a2e' } })
    .jpeg()
    .toBuffer();
  oldSite = createServer((req, res) => {
    if (req.url?.startsWith('/wp-content/uploads/2031/') && holding) held.push(res);
    else if (req.url?.endsWith('/tomatoes.jpg') || req.url?.startsWith('/wp-content/uploads/2031/'))
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => oldSite.listen(0, '127.0.0.1', resolve));
  oldOrigin = `http://127.0.0.1:${(oldSite.address() as AddressInfo).port}`;
  // The old site is on this machine: allow downloads from loopback for this server only.
  server = await startServer({ env: { TESSERA_IMPORT_ALLOW_HOSTS: '127.0.0.1' } });
  const email = `imports-${Date.now()}@example.com`;
  editorEmail = `imports-editor-${Date.now()}@example.com`;
  for (const [who, role] of [
    [email, 'store_manager'],
    [editorEmail, 'editor'],
  ]) {
    const created = spawnSync(
      process.execPath,
      [CLI, 'create-owner', '--email', who, '--password', OWNER_PASSWORD, '--role', role],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
  }
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(10_000);
  manager = await context.newPage();
  await manager.goto('/config');
  await manager.getByLabel('Email').fill(email);
  await manager.getByLabel('Password').fill(OWNER_PASSWORD);
  await manager.getByRole('button', { name: 'Sign in' }).click();
  await manager.waitForURL(/\/config(\/[a-z/]+)?$/);
});

afterAll(async () => {
  for (const res of held.splice(0)) res.destroy();
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => oldSite?.close(resolve));
});

describe('Commerce › Import products', () => {
  it('previews a CSV, imports it and links to each new product', async () => {
    await manager.getByRole('link', { name: 'Product import' }).click();
    await manager.waitForURL('**/config/commerce/import');
    await poll(() => manager.getByRole('heading', { level: 1 }).textContent()).toBe('Import products');
    await manager.getByLabel('File').setInputFiles(SHOPIFY);

    const preview = manager.getByRole('region', { name: 'Preview' });
    await poll(() => preview.count()).toBe(1);
    expect(await preview.textContent()).toMatch(
      /\d+ products? would be created, 0 products would be updated, 5 to leave out\./,
    );
    const table = preview.getByRole('table', { name: 'What the import would do' });
    const rejected = table.getByRole('row').filter({ hasText: 'Rejected' });
    expect(await rejected.count()).toBe(5);
    expect(await table.getByRole('row').filter({ hasText: 'Will create' }).first().textContent()).toMatch(/variant/);
    await expectAccessible(manager, 'import preview');
    // Nothing changed yet: the product has no page.
    expect((await manager.request.get(`${server.url}/shop/p/linen-apron`)).status()).toBe(404);

    await preview.getByRole('button', { name: /^Import \d+ products?$/ }).click();
    const result = manager.getByRole('region', { name: 'Result' });
    await poll(() => result.count()).toBe(1);
    expect(await result.textContent()).toMatch(/\d+ products? created/);
    const link = result.getByRole('link', { name: 'Linen apron' });
    expect(await link.getAttribute('href')).toBe('/shop/p/linen-apron');
    const [productPage] = await Promise.all([manager.context().waitForEvent('page'), link.click()]);
    await productPage.waitForLoadState();
    expect(await productPage.getByRole('heading', { level: 1 }).textContent()).toContain('Linen apron');
    await productPage.close();
  });

  it('says why a file is refused, and keeps the panel usable', async () => {
    await manager.getByLabel('File').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Handle,Title\n"never closed'),
    });
    await poll(() => manager.getByRole('alert').textContent()).toMatch(/Nothing was imported\./);
    expect(await manager.getByLabel('File').isEnabled()).toBe(true);
  });

  it('copies the pictures a CSV names when asked, in their order, and warns of one that is gone', async () => {
    await manager
      .getByRole('alert')
      .getByRole('button')
      .first()
      .click()
      .catch(() => {});
    await manager.getByLabel("Copy the products' pictures into this site").check();
    const csv = [
      'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Image Alt Text',
      `picture-apron,Picture apron,Title,Default Title,PIC-APRON,30.00,${oldOrigin}/wp-content/uploads/2031/back.jpg,2,The back`,
      `picture-apron,,,,,,${oldOrigin}/wp-content/uploads/2031/front.jpg,1,The front`,
      `picture-apron,,,,,,${oldOrigin}/gone.jpg,3,Gone`,
    ].join('\n');
    await manager
      .getByLabel('File')
      .setInputFiles({ name: 'pictures.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = manager.getByRole('region', { name: 'Preview' });
    await poll(
      async () => (await preview.count()) === 1 && (await preview.textContent())?.includes('Picture apron'),
    ).toBe(true);
    expect(await preview.textContent()).toContain('1 variant, 3 pictures');

    await preview.getByRole('button', { name: 'Import 1 product' }).click();
    const result = manager.getByRole('region', { name: 'Result' });
    await poll(() => result.count()).toBe(1);
    expect(await result.getByRole('list', { name: 'Warnings' }).textContent()).toContain(
      `Line 4: picture ${oldOrigin}/gone.jpg not imported (HTTP 404).`,
    );
    const page = await manager.request.get(`${server.url}/shop/p/picture-apron`);
    const html = await page.text();
    const front = html.search(/\/files\/imports\/products\/[0-9a-f]{16}-front\.jpg/);
    const back = html.search(/\/files\/imports\/products\/[0-9a-f]{16}-back\.jpg/);
    expect(front).toBeGreaterThan(0);
    expect(back).toBeGreaterThan(front);
    expect(html).toContain('alt="The front"');
  });
});

describe('Website › WordPress import', () => {
  /** The content editor, signed in, in a browser context of their own. */
  async function signedInEditor() {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(10_000);
    const editor = await context.newPage();
    await editor.goto('/config');
    await editor.getByLabel('Email').fill(editorEmail);
    await editor.getByLabel('Password').fill(OWNER_PASSWORD);
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.waitForURL(/\/config(\/[a-z/]+)?$/);
    return { context, editor };
  }

  it('imports posts and pages with their pictures copied into the site', async () => {
    const { context, editor } = await signedInEditor();
    await editor.getByRole('link', { name: 'WordPress import' }).click();
    await poll(() => editor.getByRole('heading', { level: 1 }).textContent()).toBe('Import from WordPress');
    await editor.getByLabel("Copy the export's pictures into this site").check();
    await editor.getByLabel('File').setInputFiles({
      name: 'harbour.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(WXR.replaceAll('https://harbour.example.org', oldOrigin)),
    });
    const preview = editor.getByRole('region', { name: 'Preview' });
    await poll(() => preview.count()).toBe(1);
    const table = preview.getByRole('table', { name: 'What the import would do' });
    expect(await table.getByRole('row').filter({ hasText: 'page, published' }).count()).toBe(2);
    await expectAccessible(editor, 'WordPress import preview');
    await preview.getByRole('button', { name: /^Import \d+ items?$/ }).click();
    const result = editor.getByRole('region', { name: 'Result' });
    await poll(() => result.count()).toBe(1);
    expect(await result.locator('pre').textContent()).toContain("1 file copied into the site's files");
    // The post shows the copy, served by this site.
    const post = await editor.request.get(`${server.url}/blog/tomato-harvest`);
    expect(await post.text()).toContain('/files/wordpress/2024/08/tomatoes.jpg');
    expect((await editor.request.get(`${server.url}/files/wordpress/2024/08/tomatoes.jpg`)).status()).toBe(200);
    // The page came in beside the demo's own About page, and its old nested address redirects.
    expect(await (await editor.request.get(`${server.url}/about-2`)).text()).toContain('We garden by the sea.');
    const moved = await editor.request.get(`${server.url}/garden/planting-calendar/`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    await context.close();
  });
  it("shows the server's progress while the pictures come in, and finds the import again after a reload", async () => {
    const { context, editor } = await signedInEditor();
    await editor.getByRole('link', { name: 'WordPress import' }).click();
    await poll(() => editor.getByRole('heading', { level: 1 }).textContent()).toBe('Import from WordPress');
    await editor.getByLabel("Copy the export's pictures into this site").check();
    const posts = [1, 2, 3].map(
      (n) => `<item><title><![CDATA[Slow post ${n}]]></title><dc:creator><![CDATA[ines]]></dc:creator>
<content:encoded><![CDATA[<p>Post ${n}.</p><p><img src="${oldOrigin}/wp-content/uploads/2031/07/slow-${n}.jpg" alt="Slow ${n}"></p>]]></content:encoded>
<wp:post_id>${700 + n}</wp:post_id><wp:post_date_gmt><![CDATA[2024-08-16 07:45:00]]></wp:post_date_gmt><wp:post_name><![CDATA[slow-post-${n}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type></item>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Slow blog</title><link>${oldOrigin}</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>${oldOrigin}</wp:base_site_url>
${posts.join('\n')}</channel></rss>`;
    await editor
      .getByLabel('File')
      .setInputFiles({ name: 'slow.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
    const preview = editor.getByRole('region', { name: 'Preview' });
    await poll(() => preview.count()).toBe(1);
    holding = true;
    await preview.getByRole('button', { name: 'Import 3 items' }).click();

    // The server copies the first picture (held): the bar shows the phase and how far the import is.
    const running = editor.getByRole('region', { name: 'Import progress' });
    await poll(() => running.getByText('Copying pictures and files: 0 of 3 files').count()).toBe(1);
    const bar = running.getByRole('progressbar');
    const percent = async () => Number(await bar.getAttribute('value'));
    expect(await percent()).toBeGreaterThan(0);
    expect(await running.textContent()).toContain('Importing slow.xml');
    await expectAccessible(editor, 'import progress');

    // Reloaded mid-import, the panel finds the running import and follows it again.
    await editor.reload();
    await poll(() => running.count()).toBe(1);
    const before = await percent();
    held.shift()?.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    await poll(() => running.getByText('Copying pictures and files: 1 of 3 files').count()).toBe(1);
    expect(await percent()).toBeGreaterThan(before);

    holding = false;
    for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    const result = editor.getByRole('region', { name: 'Result' });
    await poll(() => result.count()).toBe(1);
    expect(await result.textContent()).toMatch(/3 items created/);
    expect(await result.getByRole('link', { name: 'Slow post 2' }).getAttribute('href')).toBe('/blog/slow-post-2');
    expect(await running.count()).toBe(0);
    await context.close();
  });
});

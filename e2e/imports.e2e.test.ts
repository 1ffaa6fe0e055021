// Import in a real browser (issue 19): a store manager chooses a Shopify product CSV in Commerce ›
// Import products, sees what would be created and rejected (line and reason) with nothing changed,
// imports it and follows the link to a new product's page. On a server of its own, so the shared
// demo shop keeps its catalogue.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  const picture = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#b03a2e' } })
    .jpeg()
    .toBuffer();
  oldSite = createServer((req, res) => {
    if (req.url?.endsWith('/tomatoes.jpg')) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
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
});

describe('Website › WordPress import', () => {
  it('imports posts and pages with their pictures copied into the site', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(10_000);
    const editor = await context.newPage();
    await editor.goto('/config');
    await editor.getByLabel('Email').fill(editorEmail);
    await editor.getByLabel('Password').fill(OWNER_PASSWORD);
    await editor.getByRole('button', { name: 'Sign in' }).click();
    await editor.waitForURL(/\/config(\/[a-z/]+)?$/);
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
});

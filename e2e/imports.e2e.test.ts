// Import in a real browser (issue 19): a store manager chooses a Shopify product CSV in Commerce ›
// Import products, sees what would be created and rejected (line and reason) with nothing changed,
// imports it and follows the link to a new product's page. On a server of its own, so the shared
// demo shop keeps its catalogue.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { OWNER_PASSWORD } from './fixtures/owner.js';
import { CLI, ROOT, startServer } from './support/server.mjs';

const SHOPIFY = fileURLToPath(
  new URL('../packages/server/test/fixtures/imports/shopify-products.csv', import.meta.url),
);

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let manager: Page;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  server = await startServer({});
  const email = `imports-${Date.now()}@example.com`;
  const created = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', email, '--password', OWNER_PASSWORD, '--role', 'store_manager'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
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

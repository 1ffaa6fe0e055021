// Finding 9 of the 2026-11 attack review: a store manager saves a product body with a
// `<meta http-equiv="refresh">` to another site and a script through the owner API; a visitor who
// opens the product page stays on it and no script runs. The product is this test's own and is
// deleted afterwards.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const TITLE = `Refresh Vase ${stamp}`;
const BODY =
  '<p>Hand-thrown stoneware.</p>' +
  '<meta http-equiv="refresh" content="0;url=https://example.com">' +
  '<script>window.__ownerScriptRan = true; alert("owned")</script>' +
  '<img src="/files/none.png" onerror="window.__ownerScriptRan = true">';

let browser: Browser;
let manager: Page;
let visitor: BrowserContext;
let productId = '';

async function crumbOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
}

beforeAll(async () => {
  browser = await launchBrowser();
  manager = await signedInOwner(browser, { role: 'store_manager', prefix: 'html-manager' });
  visitor = await newVisitor(browser);
});

afterAll(async () => {
  if (productId && manager) {
    await manager.request
      .delete(`/api/config/products/${productId}`, { headers: { 'x-csrf-token': await crumbOf(manager) } })
      .catch(() => undefined);
  }
  await visitor?.close().catch(() => undefined);
  await manager
    ?.context()
    .close()
    .catch(() => undefined);
  await browser?.close();
});

describe('owner HTML in a product body', () => {
  it('finding 9: a visitor opening a product whose body holds a meta refresh and a script stays on the page and no script runs', async () => {
    const created = await manager.request.post('/api/config/products', {
      data: {
        title: TITLE,
        productType: 1,
        body: BODY,
        variants: [{ sku: `VASE-${stamp}`, price: 2500, qtyInStock: 5 }],
      },
      headers: { 'x-csrf-token': await crumbOf(manager) },
    });
    expect(created.status(), await created.text()).toBe(201);
    const product = await created.json();
    productId = product.id;

    const page = await visitor.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const leftFor: string[] = [];
    // Nothing may reach another site; a request there is recorded and refused.
    await page.route('https://example.com/**', (route) => {
      leftFor.push(route.request().url());
      return route.abort();
    });
    await page.goto(product.fullUrl);
    const url = page.url();
    await expect.poll(() => page.locator('.ProductItem-description').textContent()).toContain('Hand-thrown stoneware.');
    // A zero-second refresh would have fired by now; give it ample time anyway.
    await page.waitForTimeout(2500);
    expect(page.url()).toBe(url);
    expect(new URL(page.url()).pathname).toBe(product.fullUrl);
    expect(leftFor).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __ownerScriptRan?: boolean }).__ownerScriptRan)).toBe(
      undefined,
    );
    expect(await page.locator('meta[http-equiv]').count()).toBe(0);
    expect(await page.locator('.ProductItem-description script').count()).toBe(0);
    expect(await page.locator('.ProductItem-description [onerror]').count()).toBe(0);
    await page.close();
  });
});

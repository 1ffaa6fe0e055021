// A visitor asks to hear when a sold-out product comes back: the restock widget of the sold-out
// variant of the linen shirt and of the fully sold-out canvas tote, in a real browser.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor, serverDataDir } from './fixtures/env.js';
import { restockSuccessText } from '@tessera/core';
import { ProductPage, readContext } from './fixtures/storefront.js';
import { CLI, ROOT } from './support/server.mjs';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newVisitor(browser);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

const visibleWidget = () => page.locator('.product-restock-notification:visible');

describe('restock sign-up', () => {
  it('shows the widget for the sold-out variant, refuses bad emails and signs the visitor up', async () => {
    const product = new ProductPage(page);
    await product.goto('linen-shirt');
    await page.waitForSelector('[data-island="restock"][data-island-state="live"]', { state: 'attached' });
    await product.choose({ Size: 'M', Color: 'Indigo' });
    await expect.poll(() => visibleWidget().count()).toBe(1);
    const widget = visibleWidget();
    const email = widget.locator('input[name="email"]');
    const submit = widget.locator('input[type="submit"]');
    const error = widget.locator('.product-restock-error');

    await submit.click();
    await expect.poll(() => error.textContent()).toBe('Email cannot be blank');
    await email.fill('not an email');
    await submit.click();
    await expect.poll(() => error.textContent()).toBe('Email is invalid');

    await email.fill('shopper@example.com');
    await submit.click();
    const success = page.locator('.product-restock-success');
    // The store's configured text, or 'Signed up!' when it has none (the demo store sets one).
    const expected = restockSuccessText(((await readContext(page)).storeSettings ?? {}) as Record<string, string>);
    await expect.poll(() => success.textContent()).toBe(expected);
    expect(await error.count()).toBe(0);
    const done = page.locator('.product-restock-notification[data-restock-state="signed-up"]');
    expect(await done.locator('.product-restock-cta').count()).toBe(1);
    expect(await done.locator('form').count()).toBe(0);
    await expectAccessible(page, '/shop/p/linen-shirt (signed up)');

    // Another variant that is in stock shows no widget.
    await product.choose({ Size: 'S', Color: 'Natural' });
    await expect.poll(() => visibleWidget().count()).toBe(0);
  });

  it('signs up on a fully sold-out product and accepts the same address twice', async () => {
    for (const attempt of [1, 2]) {
      const product = new ProductPage(page);
      await product.goto('canvas-tote');
      await page.waitForSelector('[data-island="restock"][data-island-state="live"]', { state: 'attached' });
      const firstVariant = await page.locator('.product-restock-notification').first().getAttribute('data-variant-id');
      // The server shows the first variant's form of a fully sold-out product; the island keeps it.
      await expect.poll(() => visibleWidget().count()).toBe(1);
      await product.choose({ Color: 'Sand' });
      await expect.poll(() => visibleWidget().getAttribute('data-variant-id')).not.toBe(firstVariant);
      await product.choose({ Color: 'Olive' });
      await expect.poll(() => visibleWidget().getAttribute('data-variant-id')).toBe(firstVariant);
      const widget = visibleWidget();
      await expect.poll(() => widget.count()).toBe(1);
      await widget.locator('input[name="email"]').fill('tote-fan@example.com');
      await widget.locator('input[type="submit"]').click();
      const expected = restockSuccessText(((await readContext(page)).storeSettings ?? {}) as Record<string, string>);
      await expect
        .poll(() => page.locator('.product-restock-success').textContent(), { message: `attempt ${attempt}` })
        .toBe(expected);
    }
  });

  it("notifies the store owner's sign-ups once and unsubscribes from the link in the message", async () => {
    const dataDir = serverDataDir();
    const email = `store-${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const created = spawnSync(
      process.execPath,
      [CLI, 'create-owner', '--email', email, '--password', password, '--role', 'store_manager'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const headers = { 'x-csrf-token': crumb };
    const signIn = await page.request.post('/api/config/session', { data: { email, password }, headers });
    expect(signIn.status()).toBe(200);
    const product = (await readContext(page)).product!;
    const send = await page.request.post('/api/site-users/account/notifications/restock/send/all', {
      data: {},
      headers,
    });
    expect(send.status()).toBe(200);
    expect((await send.json()).sent).toBeGreaterThanOrEqual(1);

    // Without SMTP_URL the message is a row of mail_outbox.
    const db = new Database(join(dataDir, 'tessera.db'), { readonly: true, fileMustExist: true });
    const rows = db
      .prepare('select text_body, html_body from mail_outbox where to_address = ?')
      .all('tote-fan@example.com') as { text_body: string; html_body: string }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.html_body).toContain(product.title);
    const link = /Unsubscribe: (\S+)/.exec(rows[0]!.text_body)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Unsubscribe');
    await expectAccessible(page, '/unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('You are unsubscribed');
    await expectAccessible(page, '/unsubscribe (done)');

    const again = await page.request.post('/api/site-users/account/notifications/restock/send/all', {
      data: {},
      headers,
    });
    expect((await again.json()).sent).toBe(0);
  });
});

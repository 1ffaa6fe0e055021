// Product reviews in a real browser (issue 23), on a built server of its own: a buyer of a fulfilled
// order gets the review-request mail, follows its signed link, posts a review without signing in;
// the owner approves it in the editor's Reviews panel; a visitor sees it with its photo, the average
// and the JSON-LD; the shop grid shows the product's stars.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { CLI, ROOT, startServer } from './support/server.mjs';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let shop: string;
const contexts: BrowserContext[] = [];
const BUYER = 'reviewer@example.com';
/** A 1 × 1 PNG: the reviewer's photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const OWNER = { email: 'reviews-owner@example.com', password: 'correct horse battery staple' };

function withDb<T>(run: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly });
  try {
    return run(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  shop = server.url.replace('127.0.0.1', 'localhost');
  // A paid order of the linen shirt, fulfilled eight days ago (the demo's delay is seven days).
  withDb((db) => {
    const item = db.prepare("select id, site_id from items where url_id = 'linen-shirt'").get() as {
      id: string;
      site_id: string;
    };
    const at = new Date(Date.now() - 8 * 86_400_000).toISOString();
    db.prepare(
      `insert into orders (id, site_id, order_number, customer_email, customer_name, currency, subtotal_cents,
        discount_cents, shipping_cents, tax_cents, grand_total_cents, gift_card_cents, amount_due_cents, refunded_cents,
        coupons, tax_lines, status, payment_status, fulfillment_status, fulfilled_at, created_at, updated_at)
       values ('e2e-review-order', ?, 990001, ?, 'Rita Reviewer', 'USD', 8800, 0, 0, 0, 8800, 0, 0, 0, '[]', '[]',
        'confirmed', 'paid', 'fulfilled', ?, ?, ?)`,
    ).run(item.site_id, BUYER, at, at, at);
    db.prepare(
      `insert into order_lines (id, order_id, item_id, sku, title, attributes, product_type, quantity, unit_price_cents, line_total_cents)
       values ('e2e-review-line', 'e2e-review-order', ?, 'SKU', 'Linen shirt', '{}', 1, 1, 8800, 8800)`,
    ).run(item.id);
  }, false);
  const created = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', OWNER.email, '--password', OWNER.password, '--role', 'store_manager'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('product reviews', () => {
  it('a buyer reviews from the mailed link, the owner approves, a visitor sees the review and the average', async () => {
    // The owner sends the due review requests now (the job does it every 15 minutes).
    const ownerContext = await newVisitor(browser, { baseURL: shop });
    contexts.push(ownerContext);
    const owner = await ownerContext.newPage();
    await owner.goto('/');
    const crumb = (await ownerContext.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const headers = { 'x-csrf-token': crumb };
    expect((await owner.request.post('/api/config/session', { data: OWNER, headers })).status()).toBe(200);
    const sent = await owner.request.post('/api/config/reviews/requests', { data: {}, headers });
    expect(await sent.json()).toEqual({ sent: 1 });

    const mail = withDb(
      (db) => db.prepare('select text_body from mail_outbox where to_address = ?').get(BUYER) as { text_body: string },
    );
    const link = /(https?:\/\/\S+\/reviews\/request\?token=\S+)/.exec(mail.text_body)![1]!;
    expect(new URL(link).origin).toBe(new URL(shop).origin);

    const buyerContext = await newVisitor(browser, { baseURL: shop });
    contexts.push(buyerContext);
    const buyer = await buyerContext.newPage();
    await buyer.goto(link);
    await expect.poll(async () => (await buyer.locator('h1').first().textContent())?.trim()).toContain('Linen');
    expect(await seriousViolations(buyer)).toEqual([]);
    await buyer.getByLabel('4 stars').check();
    await buyer.getByLabel('Title', { exact: true }).fill('Soft and well cut');
    await buyer
      .getByLabel('Your review', { exact: true })
      .fill('Wore it all summer; the linen gets softer with every wash.');
    await buyer
      .getByLabel('Photo 1', { exact: true })
      .setInputFiles({ name: 'shirt.png', mimeType: 'image/png', buffer: PHOTO });
    await buyer.getByLabel('What photo 1 shows', { exact: true }).fill('The shirt folded on a chair');
    await buyer.getByRole('button', { name: 'Send review' }).click();
    await expect
      .poll(async () => (await buyer.locator('h1').first().textContent())?.trim())
      .toBe('Thank you for your review');
    // The link works once.
    expect((await buyer.goto(link))?.status()).toBe(410);

    await owner.goto('/config/commerce/reviews');
    const card = owner.locator('li', { hasText: 'Soft and well cut' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => owner.getByRole('status').first().textContent()).toContain('is shown');

    const visitorContext = await newVisitor(browser, { baseURL: shop });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto('/shop/p/linen-shirt');
    const summary = visitor.locator('a[data-reviews-anchor]');
    await expect.poll(() => summary.textContent()).toContain('4.0 out of 5 stars, 1 review');
    await summary.click();
    await expect.poll(() => visitor.url()).toContain('#reviews');
    expect(await visitor.locator('#reviews').textContent()).toContain('Soft and well cut');
    const photo = visitor.locator('#reviews img[alt="The shirt folded on a chair"]');
    await expect.poll(() => photo.count()).toBe(1);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const ld = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    const product = ld['@graph'].find((node: { '@type': string }) => node['@type'] === 'Product');
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(await seriousViolations(visitor)).toEqual([]);

    // The shop grid shows the stars on the product's card.
    await visitor.goto('/shop');
    const gridCard = visitor.locator('.product-card', { hasText: 'Linen' });
    await expect
      .poll(() => gridCard.locator('.product-card__rating').textContent())
      .toContain('4.0 out of 5 stars, 1 review');
  });
});

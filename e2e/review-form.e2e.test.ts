// The product page's review form in a real browser (issue 23), on a built server of its own: a
// visitor not signed in follows "Sign in to write a review" to the account sign-in and comes back to
// the reviews; a signed-in buyer writes a review on the product page; the server's message is shown
// as it is, the built-in captcha appears when the server says one is due, and once solved the review
// is sent and awaits approval. Every state is checked with axe.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { startServer } from './support/server.mjs';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
let context: BrowserContext;
let page: Page;
const USER = { firstName: 'Nora', email: 'nora-reviewer@example.com', password: 'a long enough password 42' };
const PRODUCT = '/shop/p/linen-shirt';

function withDb<T>(run: (db: Database.Database) => T): T {
  const db = new Database(join(server.dataDir, 'tessera.db'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/** A paid order of the linen shirt placed by the signed-up site user. */
function paidOrderOfUser(email: string) {
  withDb((db) => {
    const item = db.prepare("select id, site_id from items where url_id = 'linen-shirt'").get() as {
      id: string;
      site_id: string;
    };
    const user = db.prepare('select id from site_users where email = ?').get(email) as { id: string };
    const at = new Date().toISOString();
    db.prepare(
      `insert into orders (id, site_id, order_number, site_user_id, customer_email, customer_name, currency, subtotal_cents,
        discount_cents, shipping_cents, tax_cents, grand_total_cents, gift_card_cents, amount_due_cents, refunded_cents,
        coupons, tax_lines, status, payment_status, fulfillment_status, created_at, updated_at)
       values ('e2e-form-order', ?, 990101, ?, ?, 'Nora Reviewer', 'USD', 8800, 0, 0, 0, 8800, 0, 0, 0, '[]', '[]',
        'confirmed', 'paid', 'unfulfilled', ?, ?)`,
    ).run(item.site_id, user.id, email, at, at);
    db.prepare(
      `insert into order_lines (id, order_id, item_id, sku, title, attributes, product_type, quantity, unit_price_cents, line_total_cents)
       values ('e2e-form-line', 'e2e-form-order', ?, 'SKU', 'Linen shirt', '{}', 1, 1, 8800, 8800)`,
    ).run(item.id);
  });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.url.replace('127.0.0.1', 'localhost'),
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('the review form on the product page', () => {
  it('sends a visitor who is not signed in to the sign-in and back to the reviews', async () => {
    // An account first (signing up signs in), then out again.
    await page.goto('/account/signup');
    await page.getByLabel('First name').fill(USER.firstName);
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/account');
    await context.clearCookies();

    await page.goto(PRODUCT);
    const signIn = page.getByRole('link', { name: 'Sign in to write a review' });
    await expect
      .poll(() => signIn.getAttribute('href'))
      .toBe('/account/login?next=%2Fshop%2Fp%2Flinen-shirt%23reviews');
    expect(await page.locator('[data-island="review-form"]').count()).toBe(0);
    await expectAccessible(page, 'product page, signed out');
    await signIn.click();
    await page.waitForURL('**/account/login**');
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === PRODUCT);
    // Not a buyer (and the demo lets buyers only): the server's reason, no form.
    await expect
      .poll(() => page.locator('.product-reviews__notice').textContent())
      .toBe('Only customers who bought this product can review it.');
  });

  it('lets a signed-in buyer post a review, with the captcha once the server asks for one', async () => {
    paidOrderOfUser(USER.email);
    // (A new load: the page is at the same address with the #reviews fragment.)
    await page.goto('/account');
    await page.goto(`${PRODUCT}#reviews`);
    const form = page.locator('form.review-write__form');
    await expect.poll(() => form.isVisible()).toBe(true);
    await expectAccessible(page, 'product page, review form');

    // Three posts from this address already (to a product that is not there): the next needs a captcha.
    const statuses = await page.evaluate(async () => {
      const crumb = /(?:^|;\s*)crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const xsrf = document.querySelector<HTMLInputElement>('input[name="xsrfToken"]')?.value ?? '';
      const answers: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await fetch('/api/reviews/products/no-such-product', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': decodeURIComponent(crumb),
            'x-xsrf-token': xsrf,
          },
          body: JSON.stringify({ rating: 5, title: 'Warm-up', body: 'Counting towards the captcha.' }),
        });
        answers.push(response.status);
      }
      return answers;
    });
    expect(statuses).toEqual([404, 404, 404]);

    // A body too short: the server's message as it is.
    await page.getByLabel('4 stars').check();
    await page.getByLabel('Title', { exact: true }).fill('Cool on hot days');
    await page.getByLabel('Your review', { exact: true }).fill('Nice');
    await page.getByRole('button', { name: 'Send review' }).click();
    const error = page.locator('.review-write__error');
    await expect.poll(() => error.textContent()).toBe('body: Please write at least 10 characters about the product.');

    // A proper review: the server says a captcha is due; the widget appears.
    await page.getByLabel('Your review', { exact: true }).fill('Breathes well and softens with every wash.');
    await page.getByRole('button', { name: 'Send review' }).click();
    await expect
      .poll(() => error.textContent())
      .toBe('You have sent several reviews in a short time. Complete CAPTCHA before submitting.');
    const captcha = page.locator('.review-write__captcha');
    await expect.poll(() => captcha.isVisible()).toBe(true);
    await expectAccessible(page, 'product page, review form with captcha');
    await page.getByLabel("I'm not a robot").check();
    await expect.poll(() => captcha.getAttribute('data-captcha-state'), { timeout: 30_000 }).toBe('verified');
    await page.getByRole('button', { name: 'Send review' }).click();

    const done = page.locator('.review-write__done');
    await expect
      .poll(() => done.textContent())
      .toBe('Thank you! Your review was received and appears here once the shop has approved it.');
    expect(await form.count()).toBe(0);
    await expectAccessible(page, 'product page, review sent');
    const stored = withDb((db) =>
      db.prepare('select status, rating, title from product_reviews where author_key = ?').get(USER.email),
    );
    expect(stored).toEqual({ status: 'pending', rating: 4, title: 'Cool on hot days' });

    // The page again: the server says this buyer has reviewed the product.
    await page.reload();
    await expect
      .poll(() => page.locator('.product-reviews__notice').textContent())
      .toBe('You have already reviewed this product. Thank you!');
  });
});

// The product page's review form in a real browser (issue 23), on a built server of its own: a
// visitor not signed in follows "Sign in to write a review" to the account sign-in and comes back to
// the reviews; a signed-in buyer writes a review on the product page; the server's message is shown
// as it is, the built-in captcha appears when the server says one is due, and once solved the review
// is sent and awaits approval. A buyer attaches a photo (a file that is not a picture is refused
// first), and with JavaScript off the same form posts itself and the page says the review awaits
// approval, or gives the server's reason; refused, it shows what was typed again, and past the captcha
// threshold it asks a question a person answers without scripts. Every state is checked with axe. The server believes one
// proxy hop, so the later tests post from addresses of their own (the captcha counts per address).
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
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

let orders = 0;

/** A paid order of the product (`urlId`, the linen shirt by default) placed by the signed-up site user. */
function paidOrderOfUser(email: string, urlId = 'linen-shirt') {
  const n = ++orders;
  withDb((db) => {
    const item = db.prepare('select id, site_id from items where url_id = ?').get(urlId) as {
      id: string;
      site_id: string;
    };
    const user = db.prepare('select id from site_users where email = ?').get(email) as { id: string };
    const at = new Date().toISOString();
    db.prepare(
      `insert into orders (id, site_id, order_number, site_user_id, customer_email, customer_name, currency, subtotal_cents,
        discount_cents, shipping_cents, tax_cents, grand_total_cents, gift_card_cents, amount_due_cents, refunded_cents,
        coupons, tax_lines, status, payment_status, fulfillment_status, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'Nora Reviewer', 'USD', 8800, 0, 0, 0, 8800, 0, 0, 0, '[]', '[]',
        'confirmed', 'paid', 'unfulfilled', ?, ?)`,
    ).run(`e2e-form-order-${n}`, item.site_id, 990100 + n, user.id, email, at, at);
    db.prepare(
      `insert into order_lines (id, order_id, item_id, sku, title, attributes, product_type, quantity, unit_price_cents, line_total_cents)
       values (?, ?, ?, 'SKU', 'Product', '{}', 1, 1, 8800, 8800)`,
    ).run(`e2e-form-line-${n}`, `e2e-form-order-${n}`, item.id);
  });
}

/** The stored review of the test user for a product, with its photos. */
const storedReview = (urlId: string) =>
  withDb((db) =>
    db
      .prepare(
        `select r.status, r.rating, r.title, r.photos from product_reviews r join items i on i.id = r.item_id
         where r.author_key = ? and i.url_id = ?`,
      )
      .get(USER.email, urlId),
  ) as { status: string; rating: number; title: string; photos: string } | undefined;

let addresses = 0;

/** A browser of its own, posting from its own client address (the server believes one proxy hop). */
async function ownBrowser(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const own = await browser.newContext({
    baseURL: server.url.replace('127.0.0.1', 'localhost'),
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${++addresses}` },
    ...options,
  });
  own.setDefaultTimeout(15_000);
  const ownPage = await own.newPage();
  await ownPage.goto('/account/login');
  await ownPage.getByLabel('Email').fill(USER.email);
  await ownPage.getByLabel('Password').fill(USER.password);
  await ownPage.getByRole('button', { name: 'Sign in' }).click();
  await ownPage.waitForURL('**/account');
  return { context: own, page: ownPage };
}

/**
 * axe on a page as a browser without JavaScript shows it. axe itself needs scripts, so the page's
 * markup as the server sends it to that browser (its `<noscript>` parts shown, its scripts left out)
 * is served again at the same address to a scripted page, with the server's style sheets.
 */
async function expectAccessibleWithoutScripts(plain: Page, label: string) {
  const address = plain.url().split('#')[0]!;
  const html = (await (await plain.request.get(address)).text())
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?noscript>/gi, '');
  const scripted = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const copy = await scripted.newPage();
    await copy.route(address, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
    await copy.goto(address);
    expect(await copy.locator('#reviews').count()).toBe(1);
    await expectAccessible(copy, label);
  } finally {
    await scripted.close();
  }
}

const picture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e6b8a' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: '1' } });
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

  it('lets the buyer attach a photo with what it shows; a file that is not a picture is refused', async () => {
    paidOrderOfUser(USER.email, 'canvas-tote');
    const { context: own, page: tab } = await ownBrowser();
    try {
      await tab.goto('/shop/p/canvas-tote#reviews');
      await expect
        .poll(() => tab.locator('[data-island="review-form"]').getAttribute('data-review-state'))
        .toBe('ready');
      await tab.getByLabel('5 stars').check();
      await tab.getByLabel('Title', { exact: true }).fill('Carries everything');
      await tab.getByLabel('Your review', { exact: true }).fill('Strong handles, and the canvas has not frayed.');
      await tab.getByText('Add photos (optional)').click();
      await expectAccessible(tab, 'product page, review form with photo fields');
      // A text file dressed as a picture: the server's reason, the review not sent.
      await tab.getByLabel('Photo 1', { exact: true }).setInputFiles({
        name: 'tote.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
      await tab.getByRole('button', { name: 'Send review' }).click();
      const error = tab.locator('.review-write__error');
      await expect
        .poll(() => error.textContent())
        .toBe('Photo 1 is not a picture. Add JPEG, PNG, WebP or GIF photos only.');
      expect(storedReview('canvas-tote')).toBeUndefined();
      // A real picture in its place, with what it shows.
      await tab.getByLabel('Photo 1', { exact: true }).setInputFiles({
        name: 'tote.png',
        mimeType: 'image/png',
        buffer: await picture(),
      });
      await tab.getByLabel('What photo 1 shows').fill('The tote on a market stall');
      await tab.getByRole('button', { name: 'Send review' }).click();
      await expect
        .poll(() => tab.locator('.review-write__done').textContent())
        .toBe('Thank you! Your review was received and appears here once the shop has approved it.');
      await expectAccessible(tab, 'product page, review with a photo sent');
      const stored = storedReview('canvas-tote')!;
      expect(stored).toMatchObject({ status: 'pending', rating: 5, title: 'Carries everything' });
      const photos = JSON.parse(stored.photos) as { key: string; alt: string }[];
      expect(photos).toEqual([{ key: expect.stringMatching(/\.png$/), alt: 'The tote on a market stall' }]);
      const file = await tab.request.get(`/files/${photos[0]!.key}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
    } finally {
      await own.close();
    }
  });

  it('works with JavaScript off: the form posts itself and the page says the review awaits approval', async () => {
    paidOrderOfUser(USER.email, 'field-guide-ebook');
    const { context: own, page: tab } = await ownBrowser({ javaScriptEnabled: false });
    try {
      await tab.goto('/shop/p/field-guide-ebook#reviews');
      const form = tab.locator('form.review-write__form');
      expect(await form.isVisible()).toBe(true);
      expect(await tab.getByText('Turn on JavaScript').count()).toBe(0);
      await expectAccessibleWithoutScripts(tab, 'product page without JavaScript, review form');
      const fill = async () => {
        await tab.getByLabel('4 stars').check();
        await tab.getByLabel('Title', { exact: true }).fill('Good trail companion');
        await tab.getByLabel('Your review', { exact: true }).fill('Clear maps and it reads well on a phone.');
        await tab.getByText('Add photos (optional)').click();
      };
      // The server refuses a file that is not a picture: back on the product page with its reason.
      await fill();
      await tab.getByLabel('Photo 1', { exact: true }).setInputFiles({
        name: 'guide.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('<html>not a picture</html>'),
      });
      await tab.getByRole('button', { name: 'Send review' }).click();
      await tab.waitForURL((url) => url.searchParams.get('review') === 'refused');
      expect(new URL(tab.url()).hash).toBe('#reviews');
      await expect
        .poll(() => tab.locator('.review-write__error').textContent())
        .toBe('Photo 1 is not a picture. Add JPEG, PNG, WebP or GIF photos only.');
      await expectAccessibleWithoutScripts(tab, 'product page without JavaScript, refused review');
      expect(storedReview('field-guide-ebook')).toBeUndefined();

      // Again with a picture: sent, and the page says it awaits approval.
      await fill();
      await tab.getByLabel('Photo 2', { exact: true }).setInputFiles({
        name: 'guide.png',
        mimeType: 'image/png',
        buffer: await picture(),
      });
      await tab.getByLabel('What photo 2 shows').fill('The guide open at a map');
      await tab.getByRole('button', { name: 'Send review' }).click();
      await tab.waitForURL((url) => url.searchParams.get('review') === 'sent');
      await expect
        .poll(() => tab.locator('.product-reviews__sent').textContent())
        .toBe('Thank you! Your review was received and appears here once the shop has approved it.');
      expect(await form.count()).toBe(0);
      await expectAccessibleWithoutScripts(tab, 'product page without JavaScript, review sent');
      const stored = storedReview('field-guide-ebook')!;
      expect(stored).toMatchObject({ status: 'pending', rating: 4, title: 'Good trail companion' });
      expect(JSON.parse(stored.photos)).toEqual([{ key: expect.any(String), alt: 'The guide open at a map' }]);
    } finally {
      await own.close();
    }
  });

  it('with JavaScript off, keeps what was typed when refused and asks a question in place of the captcha', async () => {
    paidOrderOfUser(USER.email, 'sticker-pack');
    const { context: own, page: tab } = await ownBrowser({ javaScriptEnabled: false });
    try {
      await tab.goto('/shop/p/sticker-pack#reviews');
      // Three posts from this address already (to a product that is not there): the next needs a captcha.
      const crumb = (await own.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
      const xsrf = (await tab.locator('input[name="xsrfToken"]').getAttribute('value')) ?? '';
      for (let i = 0; i < 3; i++) {
        const warm = await tab.request.post('/api/reviews/products/no-such-product', {
          headers: { 'x-csrf-token': decodeURIComponent(crumb), 'x-xsrf-token': xsrf },
          data: { rating: 5, title: 'Warm-up', body: 'Counting towards the captcha.' },
        });
        expect(warm.status()).toBe(404);
      }
      const title = 'Bright <b>colours</b> & "sharp" edges';
      const body = 'They stuck to my laptop for a year </textarea> and never peeled.';
      await tab.getByLabel('3 stars').check();
      await tab.getByLabel('Title', { exact: true }).fill(title);
      await tab.getByLabel('Your review', { exact: true }).fill(body);
      await tab.getByRole('button', { name: 'Send review' }).click();
      await tab.waitForURL((url) => url.searchParams.get('review') === 'refused');
      await expect
        .poll(() => tab.locator('.review-write__error').textContent())
        .toBe('You have sent several reviews in a short time. Complete CAPTCHA before submitting.');
      // What was typed is there again, as text.
      expect(await tab.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
      expect(await tab.getByLabel('Your review', { exact: true }).inputValue()).toBe(body);
      expect(await tab.getByLabel('3 stars').isChecked()).toBe(true);
      expect(await tab.locator('.review-write__form b').count()).toBe(0);
      // The question a person answers without scripts.
      const label = (await tab.locator('label[for="review-write-captcha-answer"]').textContent()) ?? '';
      const [, a, b] = /What is (\d+) plus (\d+)\?/.exec(label) ?? [];
      expect(a && b).toBeTruthy();
      await expectAccessibleWithoutScripts(tab, 'product page without JavaScript, review form with its question');
      // A wrong answer: refused again, the text still there, a new question.
      await tab.getByLabel(label).fill('0');
      await tab.getByRole('button', { name: 'Send review' }).click();
      await tab.waitForURL((url) => url.searchParams.get('reviewNote')?.startsWith('The CAPTCHA could not') === true);
      expect(await tab.getByLabel('Your review', { exact: true }).inputValue()).toBe(body);
      expect(storedReview('sticker-pack')).toBeUndefined();
      const next = (await tab.locator('label[for="review-write-captcha-answer"]').textContent()) ?? '';
      const [, c, d] = /What is (\d+) plus (\d+)\?/.exec(next) ?? [];
      await tab.getByLabel(next).fill(String(Number(c) + Number(d)));
      await tab.getByRole('button', { name: 'Send review' }).click();
      await tab.waitForURL((url) => url.searchParams.get('review') === 'sent');
      await expect
        .poll(() => tab.locator('.product-reviews__sent').textContent())
        .toBe('Thank you! Your review was received and appears here once the shop has approved it.');
      expect(storedReview('sticker-pack')).toMatchObject({ status: 'pending', rating: 3, title });
    } finally {
      await own.close();
    }
  });
});

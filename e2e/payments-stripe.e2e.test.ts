// Paying with Stripe in a real browser (issue 17): a built server of its own, connected to the local
// fake Stripe through STRIPE_* variables. The visitor chooses Stripe, pays on the fake's hosted page,
// comes back and sees the order confirmed; no request to Tessera carries a card number.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { newVisitor } from './fixtures/env.js';
import { ProductPage } from './fixtures/storefront.js';
import { addThroughApi } from './fixtures/visitor.js';
import { type ShopServer, startStripeShop } from './fixtures/stripe-shop.js';

let browser: Browser;
let fake: StripeFake;
let server: ShopServer;
let closeShop: (() => Promise<void>) | undefined;
/** The shop as the buyer sees it: `localhost`, the address Tessera builds return URLs from when none is set. */
let shop: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({
    fake,
    server,
    browser,
    close: closeShop,
  } = await startStripeShop({
    env: (stripe) => {
      // Afterpay active on the account: the server learns it at start and product pages offer installments.
      stripe.account.capabilities.afterpay_clearpay_payments = 'active';
      return {};
    },
  }));
  shop = server.url.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await closeShop?.();
});

function orderByNumber(orderNumber: number) {
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly: true });
  try {
    return db
      .prepare('select id, status, payment_status, amount_due_cents from orders where order_number = ?')
      .get(orderNumber) as { id: string; status: string; payment_status: string; amount_due_cents: number } | undefined;
  } finally {
    db.close();
  }
}

/** A text value shaped like a card number: 13 to 19 digits, possibly grouped by spaces or dashes. */
const CARD_NUMBER = /^(?:\d[ -]?){12,18}\d$/;

/** Every text value of a request body (JSON or form, nested JSON in a field too), to look for card numbers in. */
function textValues(body: string): string[] {
  const values: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') values.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  try {
    walk(JSON.parse(body));
  } catch {
    for (const value of new URLSearchParams(body).values()) {
      values.push(value);
      try {
        walk(JSON.parse(value));
      } catch {
        // Plain text.
      }
    }
  }
  return values;
}

describe('Stripe checkout', () => {
  it('pays on the Stripe page, comes back to a confirmed order, and never sends card data to the shop', async () => {
    const context = await newVisitor(browser, { baseURL: shop });
    contexts.push(context);
    const allowed = new Set([new URL(shop).origin, new URL(fake.url).origin]);
    const blocked: string[] = [];
    await context.route(
      (url) => !allowed.has(url.origin) && url.protocol !== 'data:' && url.protocol !== 'blob:',
      async (route) => {
        blocked.push(route.request().url());
        await route.abort('blockedbyclient');
      },
    );
    const toShop: Request[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).origin === new URL(shop).origin) toShop.push(request);
    });
    const page = await context.newPage();

    await addThroughApi(page, 'sticker-pack');
    expect((await page.goto('/checkout'))?.status()).toBe(200);
    const form = page.locator('form.checkout__form');
    await form.locator('input[name=email]').click();
    await expect.poll(() => form.getAttribute('data-island-state')).toBe('live');
    await page.fill('input[name=email]', 'stripe-buyer@example.com');
    await page.fill('input[name=name]', 'Ada Buyer');
    await page.fill('input[name=line1]', '12 Warren Street');
    await page.fill('input[name=city]', 'Hudson');
    await page.fill('input[name=region]', 'NY');
    await page.fill('input[name=postalCode]', '12534');
    await page.selectOption('select[name=country]', 'US');
    const stripe = page.getByRole('radio', { name: /Stripe/ });
    await expect.poll(() => stripe.isChecked()).toBe(true);
    // The test-card field is there (test mode) but hidden, and even a number typed into it is not sent.
    await page.getByRole('radio', { name: 'Card', exact: true }).check();
    await page.fill('input[name=cardNumber]', '4242 4242 4242 4242');
    await stripe.check();
    await expect.poll(() => page.locator('.checkout__card').isHidden()).toBe(true);
    await page.click('button.checkout__submit');

    await page.waitForURL((url) => url.origin === new URL(fake.url).origin && url.pathname.startsWith('/pay/'));
    await expect.poll(async () => (await page.locator('h1').textContent())?.trim()).toBe('Fake Stripe Checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\//);
    await expect.poll(async () => (await page.locator('h1').first().textContent())?.trim()).toMatch('Order confirmed');

    const number = Number((await page.locator('.checkout__order-number strong').textContent())?.replace('#', ''));
    const order = orderByNumber(number);
    expect(order).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const created = fake.requestsTo('/v1/checkout/sessions').filter((r) => r.method === 'POST');
    expect(created).toHaveLength(1);
    expect(created[0]!.body.metadata.order_id).toBe(order?.id);
    expect(created[0]!.body.line_items[0].price_data.unit_amount).toBe(String(order?.amount_due_cents));
    expect(created[0]!.idempotencyKey).toBe(`tessera-order-${order?.id}`);
    expect(fake.delivered).toMatchObject([{ type: 'checkout.session.completed', status: 200 }]);

    // What the browser sent to the shop: no card field and nothing shaped like a card number.
    expect(blocked).toEqual([]);
    expect(toShop.some((r) => r.url().endsWith('/api/checkout/orders'))).toBe(true);
    for (const request of toShop) {
      const body = request.postData() ?? '';
      const url = decodeURIComponent(request.url());
      expect(`${url} ${body}`).not.toMatch(/card(Number|Cvc|Expiry)/);
      expect(`${url} ${decodeURIComponent(body)}`.replace(/[ -]/g, '')).not.toContain('4242424242424242');
      expect(textValues(body).filter((value) => CARD_NUMBER.test(value.trim()))).toEqual([]);
    }
  });
});

describe('installment messaging with Stripe connected', () => {
  it('shows the line and opens the popup by keyboard, trapping focus and locking scroll', async () => {
    const context = await newVisitor(browser, { baseURL: shop });
    contexts.push(context);
    const page = await context.newPage();
    await new ProductPage(page).goto('wool-scarf');
    const line = page.locator('.tessera-installments');
    const info = line.locator('.tessera-installments__info');
    await line.scrollIntoViewIfNeeded();
    await expect.poll(() => info.isVisible()).toBe(true);
    await expect
      .poll(async () => (await line.locator('.tessera-installments__text').textContent())?.trim())
      .toMatch(/^or 4 payments of \$\d+\.\d\d$/);
    await info.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.tessera-installments-modal');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect.poll(async () => (await dialog.textContent()) ?? '').toContain('4');
    const scrollLocked = () =>
      page.evaluate(() => document.documentElement.classList.contains('tessera-scroll-locked'));
    expect(await scrollLocked()).toBe(true);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('tessera-installments__info'))).toBe(
      true,
    );
    expect(await scrollLocked()).toBe(false);
  });
});

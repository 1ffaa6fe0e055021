// Paying with PayPal in a real browser (issue 17): a built server of its own, connected to the local
// fake PayPal through PAYPAL_* variables. The visitor chooses PayPal, approves on the fake's page,
// comes back and sees the order confirmed; no request to Tessera carries a card number.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalFake, startPaypalFake } from '../packages/server/test/fakes/paypal-fake.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { addThroughApi } from './fixtures/visitor.js';
import { startServer } from './support/server.mjs';

let browser: Browser;
let fake: PaypalFake;
let server: Awaited<ReturnType<typeof startServer>>;
/** The shop as the buyer sees it: `localhost`, the address Tessera builds return URLs from when none is set. */
let shop: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await startPaypalFake({ webhookDelivery: 'auto' });
  server = await startServer({
    env: {
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
      PAYPAL_MODE: 'sandbox',
      PAYPAL_API_BASE: fake.url,
    },
  });
  shop = server.url.replace('127.0.0.1', 'localhost');
  fake.webhooks.url = `${server.url}/api/payments/paypal/webhook`;
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

function orderByNumber(orderNumber: number) {
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly: true });
  try {
    return db.prepare('select id, status, payment_status from orders where order_number = ?').get(orderNumber) as
      | { id: string; status: string; payment_status: string }
      | undefined;
  } finally {
    db.close();
  }
}

/** A text value shaped like a card number: 13 to 19 digits, possibly grouped by spaces or dashes. */
const CARD_NUMBER = /^(?:\d[ -]?){12,18}\d$/;

/** Every text value of a request body (JSON or form), to look for card numbers in. */
function textValues(body: string): string[] {
  try {
    const values: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === 'string') values.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    walk(JSON.parse(body));
    return values;
  } catch {
    return [...new URLSearchParams(body).values()];
  }
}

describe('PayPal checkout', () => {
  it('pays on the PayPal page, comes back to a confirmed order, and never sends card data to the shop', async () => {
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
    await page.fill('input[name=email]', 'paypal-buyer@example.com');
    await page.fill('input[name=name]', 'Ada Buyer');
    await page.fill('input[name=line1]', '12 Warren Street');
    await page.fill('input[name=city]', 'Hudson');
    await page.fill('input[name=region]', 'NY');
    await page.fill('input[name=postalCode]', '12534');
    await page.selectOption('select[name=country]', 'US');
    await page.getByRole('radio', { name: 'PayPal' }).check();
    await page.click('button.checkout__submit');

    await page.waitForURL((url) => url.origin === new URL(fake.url).origin && url.pathname === '/checkoutnow');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\//);
    await expect.poll(async () => (await page.locator('h1').first().textContent())?.trim()).toMatch('Order confirmed');

    const number = Number((await page.locator('.checkout__order-number strong').textContent())?.replace('#', ''));
    expect(orderByNumber(number)).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    const [created] = fake.requestsTo('POST', '/v2/checkout/orders');
    expect(created.body.purchase_units[0].custom_id).toBe(orderByNumber(number)?.id);
    expect(fake.requestsTo('POST', `/v2/checkout/orders/${fake.orders.keys().next().value}/capture`)).toHaveLength(1);

    // What the browser sent to the shop: no card field and nothing shaped like a card number.
    expect(blocked).toEqual([]);
    const bodies = toShop.map((r) => r.postData() ?? '').filter((body) => body !== '');
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      expect(body).not.toMatch(/card(Number|Cvc|Expiry)/);
      expect(textValues(body).filter((value) => CARD_NUMBER.test(value.trim()))).toEqual([]);
    }
  });
});

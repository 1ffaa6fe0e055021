// Donations in a real browser (issue 23): a built server of its own, connected to the local fake
// Stripe. A donor gives a custom monthly amount through the donation block's plain form, pays on the
// fake's page, lands on "contribution confirmed", gets the receipt, and cancels from its link.
import { join } from 'node:path';
import { BlockType } from '@tessera/core';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { seriousViolations } from './fixtures/axe.js';
import { newVisitor } from './fixtures/env.js';
import { type ShopServer, startStripeShop } from './fixtures/stripe-shop.js';

let browser: Browser;
let fake: StripeFake;
let server: ShopServer;
let closeShop: (() => Promise<void>) | undefined;
let shop: string;
const contexts: BrowserContext[] = [];
const DONOR = 'monthly-donor@example.com';

const BLOCK = {
  id: 'e2e-donation',
  type: BlockType.DONATION,
  settings: {},
  content: {
    title: 'Support the studio',
    suggestedCents: [1000, 2500],
    minimumCents: 500,
    allowCustom: true,
    intervals: ['once', 'month'],
  },
};

function withDb<T>(run: (db: Database.Database) => T, readonly = true): T {
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly });
  try {
    return run(db);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  ({ fake, server, browser, close: closeShop } = await startStripeShop());
  shop = server.url.replace('127.0.0.1', 'localhost');
  // The owner's page with the donation block (before any visitor has seen it, so nothing is cached).
  withDb((db) => {
    const row = db.prepare("select id, sections from collections where slug = 'about'").get() as {
      id: string;
      sections: string;
    };
    const sections = JSON.parse(row.sections) as unknown[];
    sections.push({ blocks: [BLOCK] });
    db.prepare('update collections set sections = ? where id = ?').run(JSON.stringify(sections), row.id);
  }, false);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await closeShop?.();
});

describe('donations', () => {
  it('a donor gives a custom monthly amount through Stripe, gets the receipt and cancels from its link', async () => {
    const context = await newVisitor(browser, { baseURL: shop });
    contexts.push(context);
    const page = await context.newPage();
    expect((await page.goto('/about'))?.status()).toBe(200);
    const form = page.locator('form.donation-form');
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Monthly').check();
    await form.getByLabel(/Or another amount/).fill('12.50');
    await form.getByLabel('Your name').fill('Mo Donor');
    await form.getByLabel(/Email/).fill(DONOR);
    await form.getByRole('button', { name: 'Donate' }).click();

    await page.waitForURL((url) => url.origin === new URL(fake.url).origin && url.pathname.startsWith('/pay/'));
    const created = fake.requestsTo('/v1/checkout/sessions').at(-1)!;
    expect(created.body.line_items[0].price_data).toMatchObject({ currency: 'usd', unit_amount: '1250' });
    expect(created.body.payment_intent_data.setup_future_usage).toBe('off_session');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/donate\/thanks\//);
    await expect
      .poll(async () => (await page.locator('h1').first().textContent())?.trim())
      .toBe('Thank you for your contribution');
    expect(await page.locator('main').textContent()).toContain('$12.50');
    expect(await seriousViolations(page)).toEqual([]);

    const receipt = await expect
      .poll(() =>
        withDb(
          (db) =>
            db.prepare('select subject, text_body from mail_outbox where to_address = ?').all(DONOR) as {
              subject: string;
              text_body: string;
            }[],
        ),
      )
      .toHaveLength(1)
      .then(() =>
        withDb(
          (db) =>
            db.prepare('select text_body from mail_outbox where to_address = ?').get(DONOR) as { text_body: string },
        ),
      );
    expect(receipt.text_body).toContain('Amount: $12.50');
    expect(receipt.text_body).toMatch(/Date: \w+ \d{1,2}, \d{4}/);
    const link = /(https?:\/\/\S+\/donate\/cancel\?token=\S+)/.exec(receipt.text_body)![1]!;
    expect(new URL(link).origin).toBe(new URL(shop).origin);

    await page.goto(link);
    await page.getByRole('button', { name: 'Cancel my donation' }).click();
    await expect
      .poll(async () => (await page.locator('h1').first().textContent())?.trim())
      .toBe('Your donation is cancelled');
    const status = withDb(
      (db) =>
        db.prepare('select status, next_charge_at from donations where donor_email = ?').get(DONOR) as {
          status: string;
          next_charge_at: string | null;
        },
    );
    expect(status).toEqual({ status: 'cancelled', next_charge_at: null });
  });
});

// A monthly gift through PayPal in a real browser (issue 23): a built server of its own whose only
// provider is the local fake PayPal (PAYPAL_* variables, webhooks posted by the fake as PayPal would).
// The donor gives a custom monthly amount through the donation block's plain form, approves the
// subscription on the fake's page, lands on "contribution confirmed", gets the receipt, a renewal
// PayPal takes brings a second receipt, and the receipt's link cancels the subscription at PayPal.
// The store manager then refunds that renewal from the editor's Donations panel.
import { join } from 'node:path';
import { BlockType } from '@tessera/core';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaypalFake, startPaypalFake } from '../packages/server/test/fakes/paypal-fake.js';
import { seriousViolations } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { startServer } from './support/server.mjs';

let browser: Browser;
let fake: PaypalFake;
let server: Awaited<ReturnType<typeof startServer>>;
let shop: string;
const contexts: BrowserContext[] = [];
const DONOR = 'paypal-monthly@example.com';

const BLOCK = {
  id: 'e2e-paypal-donation',
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

const receipts = () =>
  withDb(
    (db) =>
      db.prepare('select subject, text_body from mail_outbox where to_address = ? order by created_at').all(DONOR) as {
        subject: string;
        text_body: string;
      }[],
  );

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
  withDb((db) => {
    const row = db.prepare("select id, sections from collections where slug = 'about'").get() as {
      id: string;
      sections: string;
    };
    const sections = JSON.parse(row.sections) as unknown[];
    sections.push({ blocks: [BLOCK] });
    db.prepare('update collections set sections = ? where id = ?').run(JSON.stringify(sections), row.id);
  }, false);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe('donations with PayPal', () => {
  it('a donor gives a custom monthly amount through PayPal, gets a receipt per payment and cancels from its link', async () => {
    const context = await newVisitor(browser, { baseURL: shop });
    contexts.push(context);
    const page = await context.newPage();
    expect((await page.goto('/about'))?.status()).toBe(200);
    const form = page.locator('form.donation-form');
    await expect.poll(() => form.isVisible()).toBe(true);

    await form.getByLabel('Monthly').check();
    await form.getByLabel(/Or another amount/).fill('12.50');
    await form.getByLabel('Your name').fill('Pat Donor');
    await form.getByLabel(/Email/).fill(DONOR);
    await form.getByRole('button', { name: 'Donate' }).click();

    // PayPal's page for the subscription: every month at the donor's amount.
    await page.waitForURL(
      (url) => url.origin === new URL(fake.url).origin && url.pathname === '/webapps/billing/subscriptions',
    );
    expect(await page.locator('body').textContent()).toContain('12.50 USD every month');
    const created = fake.requestsTo('POST', '/v1/billing/subscriptions').at(-1)!;
    expect(created.body.plan.billing_cycles[0].pricing_scheme.fixed_price).toEqual({
      currency_code: 'USD',
      value: '12.50',
    });
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL(/\/donate\/thanks\//);
    await expect
      .poll(async () => (await page.locator('h1').first().textContent())?.trim())
      .toBe('Thank you for your contribution');
    expect(await page.locator('main').textContent()).toContain('$12.50');
    expect(await seriousViolations(page)).toEqual([]);

    await expect.poll(() => receipts().length).toBe(1);
    const subscriptionId = created.body.custom_id
      ? [...fake.subscriptions.subscriptions.values()].find((s) => s.customId === created.body.custom_id)!.id
      : '';
    // A month later PayPal takes the next payment and tells the shop: a second receipt.
    fake.bill(subscriptionId);
    await expect.poll(() => receipts().length).toBe(2);
    for (const receipt of receipts()) {
      expect(receipt.text_body).toContain('Amount: $12.50');
      expect(receipt.text_body).toMatch(/\/donate\/cancel\?token=/);
    }
    const link = /(https?:\/\/\S+\/donate\/cancel\?token=\S+)/.exec(receipts()[1]!.text_body)![1]!;
    expect(new URL(link).origin).toBe(new URL(shop).origin);

    await page.goto(link);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel my donation' }).click();
    await expect
      .poll(async () => (await page.locator('h1').first().textContent())?.trim())
      .toBe('Your donation is cancelled');
    expect(fake.subscriptions.find(subscriptionId).status).toBe('CANCELLED');
    const status = withDb(
      (db) => db.prepare('select status from donations where donor_email = ?').get(DONOR) as { status: string },
    );
    expect(status).toEqual({ status: 'cancelled' });
  });

  it('the store manager refunds the renewal from the Donations panel, through PayPal, once', async () => {
    const page = await signedInOwner(browser, { role: 'store_manager', prefix: 'gift-refunds', server });
    contexts.push(page.context());
    await page.goto('/config/commerce/donations');
    await page.getByRole('button', { name: 'Payments of Pat Donor' }).click();
    const payments = page.getByRole('table', { name: 'Payments of this gift' });
    await expect.poll(() => payments.isVisible()).toBe(true);
    expect(await payments.getByRole('link', { name: /Refund from order #\d+/ }).count()).toBe(1);
    await payments.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Refund this payment?' });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund $12.50' }).click();
    await expect
      .poll(async () => (await page.getByRole('status').allTextContents()).join(' '))
      .toContain('Refunded $12.50');
    // The answer shows before the payments are read again: their "Refund…" goes once they are.
    await expect.poll(() => payments.getByRole('button', { name: 'Refund…' }).count()).toBe(0);
    const refunds = fake.requestsTo('POST', '/v2/payments/captures/').filter((r) => r.path.endsWith('/refund'));
    expect(refunds).toHaveLength(1);
    // PayPal's webhook about it (posted by the fake) records nothing more.
    await expect
      .poll(() =>
        withDb((db) => db.prepare("select count(*) as n from donation_refunds where status = 'succeeded'").get()),
      )
      .toEqual({ n: 1 });
    await fake.webhooks.settled();
    const rows = withDb((db) => db.prepare('select amount_cents, source from donation_refunds').all());
    expect(rows).toEqual([{ amount_cents: 1250, source: 'owner' }]);
  });
});

// Paid member areas in a real browser (issue 23): a built server of its own with the local fake
// Stripe. The owner makes an area of the Members page with a one-time plan in the Member areas panel;
// a visitor signs up, is shown the plans on the page's access-denied page (106), buys the plan on
// the fake's hosted page, lands on membership confirmed (208) and then sees the page. A second
// visitor joins on a monthly plan and loses access once a renewal is declined and the paid month
// is over (the renewals job runs every second in this server). The first visitor's payment, refunded
// in Stripe's dashboard, ends that access, and the owner sees the refunded amount in the panel.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { type OffSessionFake, startOffSessionFake } from '../packages/server/test/fakes/stripe-offsession-fake.js';
import { expectAccessible } from './fixtures/axe.js';
import { newVisitor } from './fixtures/env.js';
import { readContext } from './fixtures/storefront.js';
import { OWNER_PASSWORD } from './fixtures/owner.js';
import { CLI, ROOT } from './support/server.mjs';
import { type ShopServer, startStripeShop } from './fixtures/stripe-shop.js';

let browser: Browser;
let fake: StripeFake;
/** Renewal charges (off-session payment intents) answered as each test says; the rest goes to `fake`. */
let offSession: OffSessionFake;
let server: ShopServer;
let closeShop: (() => Promise<void>) | undefined;
let shop: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({
    fake,
    server,
    browser,
    close: closeShop,
  } = await startStripeShop({
    env: async (stripe) => {
      offSession = await startOffSessionFake({ secretKey: stripe.secretKey, forwardTo: stripe.url });
      return { STRIPE_API_BASE: offSession.url, TESSERA_JOB_INTERVAL_MS: '1000' };
    },
    closeMore: async () => {
      await offSession?.close();
    },
  }));
  shop = server.url.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await closeShop?.();
});

async function page(): Promise<Page> {
  const context = await newVisitor(browser, { baseURL: shop, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

let owner: Page;
/** The first visitor, who bought the one-time plan. */
let mia: Page;

async function ownerMakesArea() {
  const email = 'areas-owner@example.com';
  const created = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', email, '--password', OWNER_PASSWORD, '--role', 'store_manager'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  owner = await page();
  await owner.goto('/config/login');
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Password').fill(OWNER_PASSWORD);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await owner.waitForURL(/\/config(\/pages)?$/);
  await owner.goto('/config/commerce/member-areas');
  const add = owner.getByRole('form', { name: 'Add a member area' });
  await add.getByLabel('Name').fill('Insiders');
  await add.getByRole('checkbox', { name: /Members/ }).check();
  await add.getByRole('button', { name: 'Add member area' }).click();
  const area = owner.getByRole('listitem', { name: 'Insiders' });
  const plan = area.getByRole('form', { name: 'Add a plan' });
  await plan.getByLabel('Plan name').fill('Lifetime');
  await plan.getByLabel('Kind').selectOption('one-time');
  await plan.getByLabel('Price', { exact: true }).fill('15');
  await plan.getByRole('button', { name: 'Add plan' }).click();
  await expect.poll(() => area.getByRole('button', { name: 'Stop offering Lifetime' }).count()).toBe(1);
  await expectAccessible(owner, 'member areas panel');
}

async function payOnCheckout(visitor: Page, email: string, name: string) {
  const form = visitor.locator('form.checkout__form');
  await form.locator('input[name=email]').click();
  await expect.poll(() => form.getAttribute('data-island-state')).toBe('live');
  await visitor.fill('input[name=email]', email);
  await visitor.fill('input[name=name]', name);
  for (const [name, value] of [
    ['line1', '12 Warren Street'],
    ['city', 'Hudson'],
    ['region', 'NY'],
    ['postalCode', '12534'],
  ] as const) {
    const field = visitor.locator(`input[name=${name}]`);
    if (await field.isVisible()) await field.fill(value);
  }
  const country = visitor.locator('select[name=country]');
  if (await country.isVisible()) await country.selectOption('US');
  const stripe = visitor.getByRole('radio', { name: /Stripe/ });
  await expect.poll(() => stripe.isChecked()).toBe(true);
  await visitor.click('button.checkout__submit');

  await visitor.waitForURL((url) => url.origin === new URL(fake.url).origin && url.pathname.startsWith('/pay/'));
  await visitor.getByRole('button', { name: 'Pay' }).click();
}

describe('member areas', () => {
  it('a visitor signs up, pays for a plan with Stripe and then sees the area page', async () => {
    await ownerMakesArea();
    const visitor = await page();
    mia = visitor;
    await visitor.goto('/account/signup');
    await visitor.getByLabel('First name').fill('Mia');
    await visitor.getByLabel('Email').fill('mia-member@example.com');
    await visitor.getByLabel('Password').fill('a long member password');
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.waitForURL('**/account');

    expect((await visitor.goto('/members'))?.status()).toBe(403);
    expect((await readContext(visitor)).pageType).toBe(106);
    await expect.poll(async () => (await visitor.locator('h1').first().textContent())?.trim()).toBe('Insiders');
    await expectAccessible(visitor, 'member area access denied (106)');
    await visitor.getByRole('button', { name: 'Buy access' }).click();
    await visitor.waitForURL('**/checkout');

    await payOnCheckout(visitor, 'mia-member@example.com', 'Mia Member');
    await visitor.waitForURL(/\/membership\/confirmed\?order=/);
    await expect
      .poll(async () => (await visitor.locator('h1').first().textContent())?.trim())
      .toBe('Welcome to Insiders');
    await expectAccessible(visitor, 'membership confirmed (208)');

    expect((await visitor.goto('/members'))?.status()).toBe(200);
    expect((await readContext(visitor)).pageType).not.toBe(106);
  });

  it('a member on a monthly plan loses access when the renewal is declined and the paid month is over', async () => {
    const area = owner.getByRole('listitem', { name: 'Insiders' });
    const plan = area.getByRole('form', { name: 'Add a plan' });
    await plan.getByLabel('Plan name').fill('Monthly');
    await plan.getByLabel('Kind').selectOption('recurring');
    await plan.getByLabel('Price', { exact: true }).fill('5');
    await plan.getByRole('button', { name: 'Add plan' }).click();
    await expect.poll(() => area.getByRole('button', { name: 'Stop offering Monthly' }).count()).toBe(1);

    const visitor = await page();
    await visitor.goto('/account/signup');
    await visitor.getByLabel('First name').fill('Theo');
    await visitor.getByLabel('Email').fill('theo-member@example.com');
    await visitor.getByLabel('Password').fill('another long member password');
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await visitor.waitForURL('**/account');
    await visitor.goto('/members');
    await visitor.locator('.member-plan').filter({ hasText: 'Monthly' }).getByRole('button').click();
    await visitor.waitForURL('**/checkout**');
    await payOnCheckout(visitor, 'theo-member@example.com', 'Theo Member');
    await visitor.waitForURL(/\/membership\/confirmed\?order=/);
    expect((await visitor.goto('/members'))?.status()).toBe(200);

    // A month and more passes: the first month began 40 days ago and the renewal is due; the bank declines it.
    offSession.answer = 'card_declined';
    const db = new Database(join(server.dataDir, 'tessera.db'));
    try {
      const sub = db
        .prepare('select id from subscriptions where customer_email = ? order by created_at desc limit 1')
        .get('theo-member@example.com') as { id: string };
      expect(sub).toBeDefined();
      const earlier = new Date(Date.now() - 40 * 86_400_000).toISOString();
      db.prepare('update subscription_cycles set due_at = ? where subscription_id = ?').run(earlier, sub.id);
      db.prepare('update subscriptions set next_billing_at = ? where id = ?').run(
        new Date(Date.now() - 60_000).toISOString(),
        sub.id,
      );
      // The renewals job tries the charge (declined) within a few seconds.
      await expect
        .poll(
          () =>
            (
              db.prepare('select count(*) as n from subscription_cycles where subscription_id = ?').get(sub.id) as {
                n: number;
              }
            ).n,
          {
            timeout: 20_000,
            interval: 250,
          },
        )
        .toBe(2);
    } finally {
      db.close();
    }
    expect(offSession.intents.some((intent) => intent.answered === 'card_declined')).toBe(true);
    expect((await visitor.goto('/members'))?.status()).toBe(403);
    expect((await readContext(visitor)).pageType).toBe(106);
  });

  it('a refund made in Stripe’s dashboard ends the access it paid for and shows in the panel’s revenue', async () => {
    const paid = [...fake.sessions.values()].find(
      (session) => session.customer_email === 'mia-member@example.com' && session.payment_intent,
    );
    expect(paid).toBeDefined();
    const refund = await fake.refundFromDashboard(paid!.payment_intent!);
    expect(refund.events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    expect(refund.statuses).toEqual([200, 200]);
    expect((await mia.goto('/members'))?.status()).toBe(403);

    await owner.goto('/config/commerce/member-areas');
    const area = owner.getByRole('listitem', { name: 'Insiders' });
    await area.getByRole('button', { name: 'Members and revenue' }).click();
    const revenue = area.getByRole('table', { name: 'Revenue per plan' });
    await expect.poll(() => revenue.getByRole('columnheader', { name: 'Refunded' }).count()).toBe(1);
    const lifetime = revenue.getByRole('row').filter({ hasText: 'Lifetime' });
    await expect.poll(() => lifetime.getByRole('cell').allTextContents()).toEqual(['Lifetime', '0', '$0.00', '$15.00']);
    await expectAccessible(owner, 'member areas panel, revenue with a refund');
  });
});

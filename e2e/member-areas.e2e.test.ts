// Paid member areas in a real browser (issue 23): a built server of its own with the local fake
// Stripe. The owner makes an area of the Members page with a one-time plan in the Member areas panel;
// a visitor signs up, is shown the plans on the page's access-denied page (106), buys the plan on
// the fake's hosted page, lands on membership confirmed (208) and then sees the page.
import { spawnSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeFake, startStripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { readContext } from './fixtures/storefront.js';
import { OWNER_PASSWORD } from './fixtures/owner.js';
import { CLI, ROOT, startServer } from './support/server.mjs';

let browser: Browser;
let fake: StripeFake;
let server: Awaited<ReturnType<typeof startServer>>;
let shop: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await startStripeFake();
  server = await startServer({
    env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url },
  });
  shop = server.url.replace('127.0.0.1', 'localhost');
  fake.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

async function page(): Promise<Page> {
  const context = await newVisitor(browser, { baseURL: shop, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function ownerMakesArea() {
  const email = 'areas-owner@example.com';
  const created = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', email, '--password', OWNER_PASSWORD, '--role', 'store_manager'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir }, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  const owner = await page();
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

describe('member areas', () => {
  it('a visitor signs up, pays for a plan with Stripe and then sees the area page', async () => {
    await ownerMakesArea();
    const visitor = await page();
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

    const form = visitor.locator('form.checkout__form');
    await form.locator('input[name=email]').click();
    await expect.poll(() => form.getAttribute('data-island-state')).toBe('live');
    await visitor.fill('input[name=email]', 'mia-member@example.com');
    await visitor.fill('input[name=name]', 'Mia Member');
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
    await visitor.waitForURL(/\/membership\/confirmed\?order=/);
    await expect
      .poll(async () => (await visitor.locator('h1').first().textContent())?.trim())
      .toBe('Welcome to Insiders');
    await expectAccessible(visitor, 'membership confirmed (208)');

    expect((await visitor.goto('/members'))?.status()).toBe(200);
    expect((await readContext(visitor)).pageType).not.toBe(106);
  });
});

// The member-area block (67, issue 23) and cancelling a membership, on a built server of its own with
// the local fake Stripe. The owner makes an area with a monthly plan in the Member areas panel, adds
// the block to a page through its form (choosing the area), and publishes; a visitor sees the block
// and its button on the published page, follows it to the plans, signs up and subscribes. The member
// then cancels on the area's page: access stays until the end of the month already paid, and once
// that month is over (the test moves the paid period back in the database) the area's page is denied.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { expectAccessible } from './fixtures/axe.js';
import { newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { readContext } from './fixtures/storefront.js';
import { type ShopServer, startStripeShop } from './fixtures/stripe-shop.js';

let browser: Browser;
let fake: StripeFake;
let server: ShopServer;
let closeShop: (() => Promise<void>) | undefined;
const contexts: BrowserContext[] = [];
const MEMBER = 'club-member@example.com';
/** The member's page, signed in as a site user. */
let member: Page;

beforeAll(async () => {
  ({ fake, server, browser, close: closeShop } = await startStripeShop());
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await closeShop?.();
});

function withDb<T>(run: (db: Database.Database) => T): T {
  const db = new Database(join(server.dataDir, 'tessera.db'));
  try {
    return run(db);
  } finally {
    db.close();
  }
}

async function payOnCheckout(page: Page) {
  const form = page.locator('form.checkout__form');
  await form.locator('input[name=email]').click();
  await expect.poll(() => form.getAttribute('data-island-state')).toBe('live');
  await page.fill('input[name=email]', MEMBER);
  await page.fill('input[name=name]', 'Cleo Member');
  const address = { line1: '12 Warren Street', city: 'Hudson', region: 'NY', postalCode: '12534' };
  for (const [name, value] of Object.entries(address)) {
    const field = page.locator(`input[name=${name}]`);
    if (await field.isVisible()) await field.fill(value);
  }
  const country = page.locator('select[name=country]');
  if (await country.isVisible()) await country.selectOption('US');
  await expect.poll(() => page.getByRole('radio', { name: /Stripe/ }).isChecked()).toBe(true);
  await page.click('button.checkout__submit');
  await page.waitForURL((url) => url.origin === new URL(fake.url).origin && url.pathname.startsWith('/pay/'));
  await page.getByRole('button', { name: 'Pay' }).click();
}

/** The editor is a large page: on a loaded two-core machine its work alone can pass the default 90 s. */
const EDITOR_TEST_TIMEOUT = 150_000;

describe('the member-area block and cancelling', () => {
  it(
    'is set up in the editor through its form, choosing the area, and published',
    async () => {
      const owner = await signedInOwner(browser, { role: 'admin', prefix: 'club-owner', server });
      contexts.push(owner.context());
      await owner.goto('/config/commerce/member-areas');
      const add = owner.getByRole('form', { name: 'Add a member area' });
      await add.getByLabel('Name').fill('Studio Club');
      await add.getByRole('checkbox', { name: /Members/ }).check();
      await add.getByRole('button', { name: 'Add member area' }).click();
      const area = owner.getByRole('listitem', { name: 'Studio Club' });
      const plan = area.getByRole('form', { name: 'Add a plan' });
      await plan.getByLabel('Plan name').fill('Monthly');
      await plan.getByLabel('Kind').selectOption('recurring');
      await plan.getByLabel('Price', { exact: true }).fill('5');
      await plan.getByRole('button', { name: 'Add plan' }).click();
      await expect.poll(() => area.getByRole('button', { name: 'Stop offering Monthly' }).count()).toBe(1);

      await owner.goto('/config');
      await owner.getByLabel('New page title').fill('Join');
      await owner.getByRole('button', { name: 'Create page' }).click();
      await owner.waitForURL(/\/config\/pages\//);
      await owner.waitForSelector('iframe.ed-frame');
      await owner.getByRole('button', { name: 'Add section' }).click();
      await owner.getByLabel('Add block').selectOption({ label: 'Member area' });
      const panel = owner.getByRole('region', { name: 'Member area settings' });
      await panel.waitFor();
      const choice = panel.getByRole('combobox', { name: /^Member area/ });
      await expect.poll(() => choice.locator('option', { hasText: 'Studio Club' }).count()).toBe(1);
      await choice.selectOption({ label: 'Studio Club' });
      await panel.getByLabel('Title', { exact: true }).fill('Join the Studio Club');
      await panel.getByLabel('Text', { exact: true }).fill('Glaze recipes and firing notes, every month.');
      await panel.getByLabel('Button label').fill('See the plans');
      await expectAccessible(owner, 'the member-area block settings');
      await expect.poll(() => owner.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
      await owner.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => owner.locator('[aria-live="polite"]').textContent()).toBe('Published');
    },
    EDITOR_TEST_TIMEOUT,
  );

  it('shows on the published page and leads a visitor to the plans and a paid membership', async () => {
    // The address the site is known by (the provider sends the member back there, with its cookies).
    const context = await newVisitor(browser, { baseURL: server.url.replace('127.0.0.1', 'localhost') });
    contexts.push(context);
    member = await context.newPage();
    expect((await member.goto('/join'))?.status()).toBe(200);
    const block = member.locator('main .member-area-block');
    expect(await block.getByRole('heading').textContent()).toBe('Join the Studio Club');
    expect(await block.textContent()).toContain('Glaze recipes and firing notes, every month.');
    await expectAccessible(member, 'the published member-area block');
    await block.getByRole('link', { name: 'See the plans' }).click();
    await member.waitForURL(/\/member-areas\/[^/]+$/);
    const areaPath = new URL(member.url()).pathname;
    expect(await member.locator('.member-plan').allTextContents()).toEqual([expect.stringContaining('Monthly')]);
    await member.getByRole('link', { name: 'Create an account' }).click();
    await member.getByLabel('First name').fill('Cleo');
    await member.getByLabel('Email').fill(MEMBER);
    await member.getByLabel('Password').fill('a long member password 7');
    await member.getByRole('button', { name: 'Create account' }).click();
    await member.waitForURL('**/account');

    await member.goto(areaPath);
    await member
      .locator('.member-plan')
      .filter({ hasText: 'Monthly' })
      .getByRole('button', { name: 'Subscribe' })
      .click();
    await member.waitForURL('**/checkout**');
    await payOnCheckout(member);
    await member.waitForURL(/\/membership\/confirmed\?order=/, { waitUntil: 'commit' });
    await expect
      .poll(async () => (await member.locator('h1').first().textContent())?.trim())
      .toBe('Welcome to Studio Club');
    expect((await member.goto('/members'))?.status()).toBe(200);
  });

  it('a member who cancels keeps access to the end of the paid month, then loses it', async () => {
    await member.goto('/join');
    await member.getByRole('link', { name: 'See the plans' }).click();
    const status = member.locator('.member-area__status');
    await expect.poll(() => status.textContent()).toMatch(/^You are a member until \d{4}-\d{2}-\d{2}\.$/);
    const until = (await status.textContent()) ?? '';
    expect(await member.locator('.member-area__cancel').textContent()).toContain(
      'If you cancel, you keep access until the end of the period you paid for.',
    );
    await expectAccessible(member, 'the member area page with the cancel button');
    await member.getByRole('button', { name: 'Cancel Monthly' }).click();
    await expect.poll(() => member.getByRole('button', { name: 'Cancel Monthly' }).count()).toBe(0);
    expect(await status.textContent()).toBe(until);
    expect((await member.goto('/members'))?.status()).toBe(200);
    const sub = withDb(
      (db) =>
        db.prepare('select id, status, next_billing_at from subscriptions where customer_email = ?').get(MEMBER) as {
          id: string;
          status: string;
          next_billing_at: string | null;
        },
    );
    expect(sub).toMatchObject({ status: 'cancelled', next_billing_at: null });

    // Forty days on: the month paid for began 40 days ago, and nothing renews it.
    withDb((db) =>
      db
        .prepare('update subscription_cycles set due_at = ? where subscription_id = ?')
        .run(new Date(Date.now() - 40 * 86_400_000).toISOString(), sub.id),
    );
    expect((await member.goto('/members'))?.status()).toBe(403);
    expect((await readContext(member)).pageType).toBe(106);
    await expect.poll(() => member.getByRole('button', { name: 'Subscribe' }).count()).toBe(1);
    await expectAccessible(member, 'member area access denied after the paid month');
  });
});

// The donation block (52, issue 23) set up the way an owner does it: added in the page editor and
// configured through its form (suggested amounts, the custom amount's minimum, which kinds of gift),
// then published. Visitors see what the owner chose on the published page, a gift under the minimum
// is refused with the SPEC's message, two gifts are paid on the local fake Stripe's page, and the
// owner then sees them added up in the Analytics panel's donation totals. A built server of its own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { expectAccessible } from './fixtures/axe.js';
import { newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { type ShopServer, startStripeShop } from './fixtures/stripe-shop.js';

let browser: Browser;
let fake: StripeFake;
let server: ShopServer;
let closeShop: (() => Promise<void>) | undefined;
let owner: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ fake, server, browser, close: closeShop } = await startStripeShop());
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await owner
    ?.context()
    .close()
    .catch(() => undefined);
  await closeShop?.();
});

async function visitor(): Promise<Page> {
  const context = await newVisitor(browser, { baseURL: server.url });
  contexts.push(context);
  return context.newPage();
}

/** Fills the published block's form and pays on the fake's hosted page; ends on "contribution confirmed". */
async function give(page: Page, choose: (form: ReturnType<Page['locator']>) => Promise<void>, email: string) {
  await page.goto('/give');
  const form = page.locator('form.donation-form');
  await choose(form);
  await form.getByLabel('Your name').fill('Dee Donor');
  await form.getByLabel(/Email/).fill(email);
  await form.getByRole('button', { name: 'Give now' }).click();
  await page.waitForURL((url) => url.origin === new URL(fake.url).origin && url.pathname.startsWith('/pay/'));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/donate\/thanks\//, { waitUntil: 'commit' });
  await expect
    .poll(async () => (await page.locator('h1').first().textContent())?.trim())
    .toBe('Thank you for your contribution');
}

/** The editor is a large page: on a loaded two-core machine its work alone can pass the default 90 s. */
const EDITOR_TEST_TIMEOUT = 150_000;

describe('the donation block through the editor', () => {
  it(
    'is added and configured through its form in the page editor, and published',
    async () => {
      owner = await signedInOwner(browser, { role: 'admin', prefix: 'donor-block', server });
      await owner.getByLabel('New page title').fill('Give');
      await owner.getByRole('button', { name: 'Create page' }).click();
      await owner.waitForURL(/\/config\/pages\//);
      await owner.waitForSelector('iframe.ed-frame');
      await owner.getByRole('button', { name: 'Add section' }).click();
      await owner.getByLabel('Add block').selectOption({ label: 'Donation' });
      const panel = owner.getByRole('region', { name: 'Donation settings' });
      await panel.waitFor();
      await panel.getByLabel('Title', { exact: true }).fill('Keep the kiln firing');
      const suggested = panel.getByLabel('Suggested amounts');
      await suggested.fill('15, forty');
      await expect.poll(() => panel.getByText('Type amounts like 10, 25.50, 50.').count()).toBe(1);
      await suggested.fill('15, 40');
      await panel.getByLabel('Minimum gift').fill('8');
      await panel.getByRole('checkbox', { name: 'Yearly' }).uncheck();
      await panel.getByLabel('Button label').fill('Give now');
      await expectAccessible(owner, 'the donation block settings');
      await expect.poll(() => owner.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
      await owner.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => owner.locator('[aria-live="polite"]').textContent()).toBe('Published');
    },
    EDITOR_TEST_TIMEOUT,
  );

  it('shows visitors the owner’s choices and refuses a gift under the minimum', async () => {
    const page = await visitor();
    expect((await page.goto('/give'))?.status()).toBe(200);
    const form = page.locator('form.donation-form');
    expect(await form.getByRole('heading').textContent()).toBe('Keep the kiln firing');
    const amounts = form.getByRole('group', { name: 'Amount' }).getByRole('radio');
    expect(await Promise.all((await amounts.all()).map((radio) => radio.getAttribute('value')))).toEqual([
      '1500',
      '4000',
    ]);
    expect(await form.getByRole('radio', { name: '$40.00' }).count()).toBe(1);
    const kinds = form.getByRole('group', { name: 'How often' });
    expect((await kinds.locator('label').allTextContents()).map((label) => label.trim())).toEqual([
      'One time',
      'Monthly',
    ]);
    const custom = form.getByLabel(/Or another amount/);
    expect(await form.locator('label', { hasText: 'Or another amount' }).textContent()).toContain('at least $8.00');
    expect(await custom.getAttribute('min')).toBe('8.00');
    await expectAccessible(page, 'the published donation block');

    // Under the minimum: the browser's own check is skipped here so that the server answers.
    await custom.fill('5');
    await form.evaluate((element: HTMLFormElement) => {
      element.noValidate = true;
    });
    await form.getByLabel('Your name').fill('Lo Amount');
    await form.getByLabel(/Email/).fill('low@example.com');
    await form.getByRole('button', { name: 'Give now' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('The minimum gift is $8.00.');
  });

  it('takes a one-time suggested gift and a monthly custom one, paid on the provider’s page', async () => {
    const page = await visitor();
    await give(page, (f) => f.getByRole('radio', { name: '$40.00' }).check(), 'once-donor@example.com');
    expect(await page.locator('main').textContent()).toContain('$40.00');
    const monthly = await visitor();
    await give(
      monthly,
      async (f) => {
        await f.getByRole('radio', { name: 'Monthly' }).check();
        await f.getByLabel(/Or another amount/).fill('12');
      },
      'monthly-donor@example.com',
    );
    expect(await monthly.locator('main').textContent()).toContain('$12.00');
  });

  it('shows the gifts in the Analytics panel’s donation totals', async () => {
    await owner.goto('/config/analytics');
    const totals = owner.getByRole('table', { name: 'Donations (all time)' });
    const usd = totals.getByRole('row').filter({ hasText: 'USD' });
    // Currency, received, payments, donors, renewing gifts.
    await expect.poll(() => usd.getByRole('cell').allTextContents()).toEqual(['USD', '$52.00', '2', '2', '1']);
    await expectAccessible(owner, 'the Analytics panel with donation totals');
  });
});

// Store → Payment providers in a real browser (issue 17): an owner connects Stripe with a wrong
// key and reads Stripe's refusal beside the field, then with the right key and sees it masked
// with "Test mode" and the webhook address; then disconnects. A server of its own is started with
// TESSERA_SECRET_KEY and the provider APIs pointed at the local fakes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeFake, startStripeFake } from '../packages/server/test/fakes/stripe-fake.js';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { startServer } from './support/server.mjs';

let browser: Browser;
let stripe: StripeFake;
let server: Awaited<ReturnType<typeof startServer>>;
let owner: Page;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  stripe = await startStripeFake();
  server = await startServer({
    env: { TESSERA_SECRET_KEY: 'e2e-payments-secret-key-0123456789abcdef', STRIPE_API_BASE: stripe.url },
  });
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'store_manager', prefix: 'payments', server });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

describe('payment providers in the Store panel', () => {
  it('refuses a wrong Stripe key beside the field, then connects the right one in test mode', async () => {
    await owner.goto('/config/commerce/store/payments');
    const card = owner.getByRole('region', { name: /^Stripe/ });
    await poll(() => card.getByText('Not connected').count()).toBe(1);
    const webhook = await card.getByLabel('Webhook address to enter at Stripe').inputValue();
    expect(webhook).toMatch(/\/api\/payments\/stripe\/webhook$/);

    await card.getByLabel('Secret key').fill('sk_test_thisIsNotTheKey123');
    await card.getByLabel('Webhook signing secret').fill(stripe.webhookSecret);
    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await poll(() => card.locator('.ed-field-error').allTextContents()).toEqual([
      'Stripe did not accept this secret key. Copy it again from the Stripe dashboard.',
    ]);
    expect(await card.getByLabel('Secret key').getAttribute('aria-invalid')).toBe('true');

    await card.getByLabel('Secret key').fill(stripe.secretKey);
    await card.getByRole('button', { name: 'Connect Stripe' }).click();
    await poll(() => card.getByRole('status').textContent()).toBe('Stripe connected.');
    await poll(() => card.getByText('Test mode').count()).toBe(1);
    expect(await card.getByText(`sk_test_…${stripe.secretKey.slice(-4)}`).count()).toBe(1);
    // The whole key is nowhere on the page.
    expect(await owner.content()).not.toContain(stripe.secretKey);
    await expectAccessible(owner, 'store: payment providers');

    await card.getByRole('button', { name: 'Disconnect Stripe' }).click();
    await poll(() => card.getByText('Not connected').count()).toBe(1);
  });
});

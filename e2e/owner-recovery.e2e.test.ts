// Security finding 13 in a real browser: after repeated wrong passwords the owner sign-in page asks
// for the self-hosted captcha (no lock-out), the owner ticks it and gets in; the page links to the
// reset by mail.
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor, serverUrl } from './fixtures/env.js';
import { createOwner, OWNER_PASSWORD } from './fixtures/owner.js';

/** A sign-in sent from another loopback address (the per-address delays then do not apply to it). */
function signInFrom(localAddress: string, email: string, password: string): Promise<number> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${serverUrl()}/api/config/session`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', cookie: 'crumb=c', 'x-csrf-token': 'c' },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('owner recovery', () => {
  it('asks for the captcha after repeated failures and lets the owner in once it is ticked', {
    timeout: 90_000,
  }, async () => {
    const email = createOwner('admin', 'captcha');
    const context = await newVisitor(browser);
    const page = await context.newPage();
    const tryPassword = async (password: string) => {
      await page.goto('/config/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForLoadState('domcontentloaded');
    };

    // Three wrong passwords here, two more from other addresses: the account now asks for a captcha.
    for (let i = 0; i < 3; i++) {
      await tryPassword('not-the-password');
      await expect.poll(() => page.locator('.account-form__error').textContent()).toContain('incorrect');
    }
    for (const address of ['127.0.0.2', '127.0.0.3']) {
      expect(await signInFrom(address, email, 'not-the-password')).toBe(401);
    }
    // This address waits out its delay (5 s after three failures), then the right password asks for the tick.
    await page.waitForTimeout(5_300);
    await tryPassword(OWNER_PASSWORD);
    await expect.poll(() => page.locator('.account-form__error').textContent()).toContain('Tick the check box');
    await expect.poll(() => page.locator('[data-island="captcha-field"]').count()).toBe(1);
    await expect.poll(() => page.getByRole('checkbox', { name: "I'm not a robot" }).count()).toBe(1);
    await expectAccessible(page, 'owner sign-in with captcha');
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/config/forgot-password',
    );

    // Submitting without the tick is stopped in the page; with it, the right password signs in.
    await page.getByLabel('Password').fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.tessera-captcha__error').textContent()).toContain('Tick the check box');
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await expect
      .poll(() => page.locator('[data-island="captcha-field"]').getAttribute('data-captcha-state'), {
        timeout: 20_000,
      })
      .toBe('verified');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/config(\/pages)?$/);
    await context.close();
  });

  it('offers the owner a reset link by mail', async () => {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    await page.goto('/config/forgot-password');
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => page.locator('.account-form__notice').textContent()).toContain('If an owner of this site');
    await expectAccessible(page, 'owner forgot-password page');
    await context.close();
  });
});

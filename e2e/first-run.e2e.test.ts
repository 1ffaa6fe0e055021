// Issue 19, first run, as a new user meets it: a fresh install with no owner prints a one-time setup
// address; the first administrator is created in the browser, a blank site is chosen, and the
// owner lands in the editor. The server is this test's own (a fresh, owner-less database), not
// the shared one the other browser tests use.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './support/server.mjs';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';

const SETUP_LINE = /(http:\/\/localhost:\d+\/config\/setup\?token=\S+)/;

describe('first run', () => {
  let browser: Browser;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates the first administrator from the setup address in the log, starts blank and lands in the editor', async () => {
    await expect.poll(() => SETUP_LINE.exec(server.output())?.[1]).toBeDefined();
    const address = SETUP_LINE.exec(server.output())![1].replace('//localhost:', '//127.0.0.1:');
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();

    // The sign-in page points to the setup while the site has no owner.
    await page.goto('/config');
    expect(new URL(page.url()).pathname).toBe('/config/login');
    await expect.poll(() => page.getByRole('link', { name: 'Set it up' }).getAttribute('href')).toBe('/config/setup');

    await page.goto(address);
    await expectAccessible(page, 'first-run setup');
    await page.getByLabel('Your email').fill('founder@example.com');
    // A weak password (long enough for the browser's minlength check) is refused with the reason.
    await page.getByLabel('Password').fill('lowercaseonly');
    // Live feedback as it is typed (the password-strength island, core's rule).
    await expect.poll(() => page.locator('#setup-password-rule').textContent()).toContain('Too easy to guess');
    await page.getByLabel('Site title').fill('Moss & Stone');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Site language').selectOption('de-DE');
    await page.getByLabel('A blank site').check();
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await expect.poll(() => page.locator('.account-form__error').textContent()).toContain('Too easy to guess');

    // The form keeps what was entered; a good password goes through.
    expect(await page.getByLabel('Site title').inputValue()).toBe('Moss & Stone');
    expect(await page.getByLabel('A blank site').isChecked()).toBe(true);
    await page.getByLabel('Password').fill('moss-and-stone-2026');
    await page.getByRole('button', { name: 'Create the administrator' }).click();
    await page.waitForURL((url) => url.pathname === '/config');
    await expect.poll(() => page.getByRole('button', { name: 'Create page' }).count()).toBeGreaterThan(0);
    // The editor says which site it edits (an install can serve several).
    expect(await page.locator('.ed-nav__site').textContent()).toBe('Editing Moss & Stone');
    expect(await page.title()).toBe('Moss & Stone · Tessera editor');

    // The address is spent; the blank site carries the title, with no demo products.
    const again = await page.goto(address);
    expect(again?.status()).toBe(404);
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    expect(await page.content()).toContain('Moss &amp; Stone');
    expect((await page.goto('/shop'))?.status()).toBe(404);
    await context.close();
  });
});

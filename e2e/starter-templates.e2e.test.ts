// Issue 19, starter templates: on a fresh install the first-run setup offers the starter templates;
// choosing one creates a complete site whose home page passes axe. Each template gets its own
// fresh, owner-less server (the setup runs once per install), not the shared one.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './support/server.mjs';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';

const SETUP_LINE = /(http:\/\/localhost:\d+\/config\/setup\?token=\S+)/;

/** Per template: a heading of its home page and a page it links to from there. */
const STARTERS = [
  { name: 'shop', heading: 'Useful things, well made', link: 'Shop the collection', path: '/shop' },
  { name: 'portfolio', heading: 'Landscapes in quiet light', link: 'See the work', path: '/work' },
  { name: 'blog', heading: 'Notes from the wheel', link: 'Read the journal', path: '/journal' },
] as const;

describe('starter templates from the first-run setup', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const starter of STARTERS) {
    it(`sets up a ${starter.name} site whose home page passes axe`, { timeout: 150_000 }, async () => {
      const server = await startServer();
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      try {
        context.setDefaultTimeout(10_000);
        await expect.poll(() => SETUP_LINE.exec(server.output())?.[1]).toBeDefined();
        const address = SETUP_LINE.exec(server.output())![1].replace('//localhost:', '//127.0.0.1:');
        const page = await context.newPage();
        await page.goto(address);
        await page.getByLabel('Your email').fill(`${starter.name}@example.com`);
        await page.getByLabel('Password').fill('starter-site-2026');
        await page.getByLabel('Site title').fill(`Our ${starter.name}`);
        const choice = page.locator(`input[name="start"][value="${starter.name}"]`);
        await choice.check();
        expect(await choice.isChecked()).toBe(true);
        await page.getByRole('button', { name: 'Create the administrator' }).click();
        await page.waitForURL((url) => url.pathname === '/config');

        const home = await page.goto('/');
        expect(home?.status()).toBe(200);
        await expect.poll(() => page.getByRole('heading', { level: 1, name: starter.heading }).count()).toBe(1);
        expect(await page.content()).toContain(`Our ${starter.name}`);
        await expectAccessible(page, `${starter.name} starter home page`);

        await page.getByRole('link', { name: starter.link }).click();
        await page.waitForURL((url) => url.pathname === starter.path);
        expect(await page.locator('main').count()).toBe(1);
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }
});

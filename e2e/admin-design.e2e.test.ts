// An owner changes the palette and the heading font through the design API; a visitor's browser
// then shows both on the published site, with the font file served by Tessera and no CSP refusal.
import { spawnSync } from 'node:child_process';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newVisitor, serverUrl } from './fixtures/env.js';
import { CLI, ROOT } from './support/server.mjs';

const PASSWORD = 'design owner password';

let browser: Browser;
let owner: BrowserContext;
let api: APIRequestContext;
let crumb = '';

/** Owner writes carry the crumb cookie's value in the header, as the editor does. */
function put(path: string, data: unknown) {
  return api.put(path, { data, headers: { 'x-csrf-token': crumb } });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const email = `designer-${Date.now()}@example.com`;
  const created = spawnSync(
    process.execPath,
    [CLI, 'create-owner', '--email', email, '--password', PASSWORD, '--role', 'editor'],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: inject('tesseraDataDir') },
      encoding: 'utf8',
    },
  );
  expect(created.status, created.stderr).toBe(0);
  owner = await newVisitor(browser);
  api = owner.request;
  const home = await owner.newPage();
  await home.goto('/');
  crumb = (await owner.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  await home.close();
  const signIn = await api.post('/api/config/session', {
    data: { email, password: PASSWORD },
    headers: { 'x-csrf-token': crumb },
  });
  expect(signIn.status()).toBe(200);
});

afterAll(async () => {
  // Give the shared server its default look back for the browser tests that follow.
  await put('/api/config/design', {
    'colors.palette': {},
    'colors.activeThemeId': null,
    'fonts.activeThemeId': null,
    'fonts.fontUsageCategories': [],
  }).catch(() => undefined);
  await owner?.close().catch(() => undefined);
  await browser?.close();
});

async function watchedPage(context: BrowserContext): Promise<{ page: Page; refused: string[] }> {
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const origin = new URL(serverUrl()).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) refused.push(`outside: ${request.url()}`);
  });
  return { page, refused };
}

describe('site design on the published site', () => {
  it('shows a new palette and heading font on every page a visitor opens', async () => {
    const saved = await put('/api/config/design', {
      'colors.palette': { background: '#f4efe6', accent: '#7a1f4b' },
      'fonts.fontUsageCategories': [{ id: 'heading', family: 'lora', weight: 700 }],
    });
    expect(saved.status()).toBe(200);

    const visitor = await newVisitor(browser);
    const { page, refused } = await watchedPage(visitor);
    for (const path of ['/', '/shop/p/linen-shirt']) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const look = await page.evaluate(() => {
        const heading = document.querySelector('h1') as HTMLElement;
        return {
          background: getComputedStyle(document.body).backgroundColor,
          headingFont: getComputedStyle(heading).fontFamily,
          accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
          loraLoaded: document.fonts.check('700 32px Lora'),
        };
      });
      expect(look.background, path).toBe('rgb(244, 239, 230)');
      expect(look.accent, path).toBe('#7a1f4b');
      expect(look.headingFont, path).toMatch(/^"?Lora"?,/);
      expect(look.loraLoaded, path).toBe(true);
    }
    expect(refused).toEqual([]);
    await visitor.close();
  });
});

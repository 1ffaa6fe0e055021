// An owner changes the palette and the heading font, through the design API and through the
// editor's Design panel (seen live in its preview frame); a visitor's browser then shows both on the
// published site, with the font file served by Tessera and no CSP refusal.
import { spawnSync } from 'node:child_process';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, serverDataDir, serverUrl } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
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
      env: { ...process.env, DATA_DIR: serverDataDir() },
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

/** The theme's own look: no palette, theme or font choices. */
const DEFAULT_DESIGN = {
  'colors.palette': {},
  'colors.activeThemeId': null,
  'fonts.activeThemeId': null,
  'fonts.fontUsageCategories': [],
};

afterAll(async () => {
  // Give the shared server its default look back for the browser tests that follow.
  await put('/api/config/design', DEFAULT_DESIGN).catch(() => undefined);
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

describe('the Design panel', () => {
  it('changes a palette colour and the heading font live in the preview, saves, and visitors see both', async () => {
    expect((await put('/api/config/design', DEFAULT_DESIGN)).status()).toBe(200);
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'design-panel' });
    // Every tweak lifecycle event of the panel, in order (the panel also sends them as window events).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { tweaks: string[] }).tweaks = seen;
      window.addEventListener('tessera:tweak', (event) => {
        const { tweak, type } = (event as CustomEvent<{ tweak: string; type: string }>).detail;
        seen.push(`${tweak}:${type}`);
      });
    });
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Design' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/config/design');
    await expect.poll(() => page.getByRole('heading', { name: 'Design', level: 1 }).isVisible()).toBe(true);

    const preview = page.getByTitle('Site preview').contentFrame();
    const heading = preview.locator('h1').first();
    await heading.waitFor();
    const look = () =>
      preview.locator('body').evaluate((body) => ({
        background: getComputedStyle(body).backgroundColor,
        headingFont: getComputedStyle(document.querySelector('h1') as HTMLElement).fontFamily,
        loraLoaded: document.fonts.check('600 32px Lora'),
      }));
    const before = await look();
    expect(before.background).not.toBe('rgb(233, 240, 228)');
    expect(before.headingFont).not.toMatch(/Lora/);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    // Colours: the palette's background, seen in the frame before anything is saved.
    await page.getByLabel('Background', { exact: true }).fill('#e9f0e4');
    await expect.poll(async () => (await look()).background).toBe('rgb(233, 240, 228)');
    expect(await page.getByLabel('Background hex value').inputValue()).toBe('#e9f0e4');

    // Fonts, reached from the keyboard: the heading font.
    const tabs = page.getByRole('tablist', { name: 'Design settings' });
    await tabs.getByRole('tab', { name: 'Colours' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.getByRole('tab', { name: 'Fonts' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/config/design/fonts');
    await page.getByLabel('Heading font').selectOption('lora');
    await expect.poll(async () => (await look()).headingFont).toMatch(/^"?Lora"?,/);
    await expect.poll(async () => (await look()).loraLoaded).toBe(true);
    // Buttons: a square shape shows at once; back to pill, the buttons are no longer a change.
    await tabs.getByRole('tab', { name: 'Buttons' }).click();
    const radius = () =>
      preview
        .locator('.button')
        .first()
        .evaluate((b) => getComputedStyle(b).borderTopLeftRadius);
    expect(await radius()).not.toBe('0px');
    await page.getByRole('radio', { name: 'Square' }).check();
    await expect.poll(radius).toBe('0px');
    await page.getByRole('radio', { name: 'Pill' }).check();
    await expect.poll(radius).not.toBe('0px');
    // Nothing is published yet.
    const unsaved = await newVisitor(browser);
    const early = await unsaved.newPage();
    await early.goto('/');
    expect(await early.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(233, 240, 228)');
    await unsaved.close();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    // The frame reloads with the published stylesheet and still shows both.
    await expect.poll(async () => (await look()).background).toBe('rgb(233, 240, 228)');
    await expect.poll(async () => (await look()).headingFont).toMatch(/^"?Lora"?,/);

    const tweaks = await page.evaluate(() => (window as unknown as { tweaks: string[] }).tweaks);
    expect(tweaks).toEqual([
      'colours:before open',
      'colours:after show',
      'colours:change',
      'colours:close',
      'colours:after close',
      'fonts:before open',
      'fonts:after show',
      'fonts:change',
      'fonts:close',
      'fonts:after close',
      'buttons:before open',
      'buttons:after show',
      'buttons:change',
      'buttons:change',
      'buttons:save',
    ]);
    await page.context().close();

    const visitor = await newVisitor(browser);
    const { page: site, refused } = await watchedPage(visitor);
    const fontFiles: string[] = [];
    site.on('response', (response) => {
      if (/\/fonts\/lora\/lora-latin-\d+-normal\.woff2$/.test(response.url()) && response.status() === 200) {
        fontFiles.push(new URL(response.url()).origin);
      }
    });
    await site.goto('/');
    await site.evaluate(() => document.fonts.ready);
    const published = await site.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      headingFont: getComputedStyle(document.querySelector('h1') as HTMLElement).fontFamily,
      loraLoaded: document.fonts.check('600 32px Lora'),
    }));
    expect(published.background).toBe('rgb(233, 240, 228)');
    expect(published.headingFont).toMatch(/^"?Lora"?,/);
    expect(published.loraLoaded).toBe(true);
    expect(fontFiles.length).toBeGreaterThan(0);
    expect(new Set(fontFiles)).toEqual(new Set([new URL(serverUrl()).origin]));
    expect(refused).toEqual([]);
    await visitor.close();
  });

  it('says so in the words of SPEC §8 when fonts cannot be loaded, and records font-pack changes', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'design-fonts' });
    await page.route('**/api/config/design/fonts*', (route) => route.abort());
    await page.route('**/fonts/inter/**', (route) => route.abort());
    await page.goto('/config/design/fonts');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Unable to load fonts' }).count())
      .toBeGreaterThan(0);
    await page.unroute('**/api/config/design/fonts*');
    // The font list and the font browser each offer to try again.
    const retry = page
      .getByRole('alert')
      .filter({ hasText: 'Unable to load fonts' })
      .getByRole('button', { name: 'Try again' });
    await expect.poll(() => retry.count()).toBe(2);
    await retry.first().click();
    await expect.poll(() => retry.count()).toBe(1);
    await retry.first().click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Unable to load fonts' }).count()).toBe(0);
    const inter = page.getByRole('list', { name: 'Fonts' }).getByRole('listitem').filter({ hasText: 'Sans Serif' });
    await expect.poll(() => inter.textContent()).toContain('Unable to load preview for Inter');
    // The other families load and can be given to a kind of text.
    const mono = page.getByRole('list', { name: 'Fonts' }).getByRole('listitem').filter({ hasText: 'JetBrains Mono' });
    await expect.poll(() => mono.getByRole('button').textContent()).toBe('Use JetBrains Mono for heading');
    await expect.poll(() => mono.locator('span[style*="tessera-preview-jetbrains-mono"]').count()).toBe(1);
    expect(await mono.textContent()).not.toContain('Unable to load preview');

    // A font-pack change is recorded as clean-to-dirty, then dirty-to-dirty (SPEC §4).
    const packs = page.getByRole('tablist', { name: 'Font packs' });
    const packEvent = () => page.waitForRequest((r) => r.url().endsWith('/api/config/design/events'));
    await packs.getByRole('tab', { name: 'Classic' }).click();
    const [first] = await Promise.all([packEvent(), page.getByRole('button', { name: 'Use Classic' }).click()]);
    expect(first.postDataJSON()).toEqual({
      event: 'font-pack-change',
      transition: 'clean-to-dirty',
      fontPackId: 'classic',
    });
    expect((await first.response())?.status()).toBe(202);
    await expect.poll(() => packs.getByRole('tab', { name: 'Classic (in use)' }).count()).toBe(1);
    // From the keyboard: the next tab is the theme's own fonts.
    await packs.getByRole('tab', { name: 'Classic (in use)' }).focus();
    await page.keyboard.press('ArrowRight');
    const [second] = await Promise.all([packEvent(), page.getByRole('button', { name: 'Use Theme fonts' }).click()]);
    expect(second.postDataJSON()).toEqual({
      event: 'font-pack-change',
      transition: 'dirty-to-dirty',
      fontPackId: null,
    });
    // Back where it started: nothing to save.
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('renames a colour theme and sizes button text, shown in the preview and saved as dirty paths', async () => {
    const original = (await (await api.get('/api/config/design')).json()).design;
    const theme = original.colors.themes[0] as { id: string; name: string };
    const renamed = `Evening ${Date.now().toString(36)}`;
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'design-rename' });
    try {
      await page.goto('/config/design');
      await page.getByLabel('Edit the colours of').selectOption({ label: `Theme: ${theme.name}` });
      const name = page.getByLabel('Theme name');
      expect(await name.inputValue()).toBe(theme.name);
      await name.fill('');
      await expect.poll(() => page.getByText('Enter a name for this colour theme.').isVisible()).toBe(true);
      await name.fill(renamed);
      const inUse = page.getByRole('group', { name: 'Colour theme in use' });
      await expect.poll(() => inUse.getByRole('radio', { name: renamed }).count()).toBe(1);
      expect(await page.getByText('Enter a name for this colour theme.').count()).toBe(0);

      await page.getByRole('tablist', { name: 'Design settings' }).getByRole('tab', { name: 'Fonts' }).click();
      const preview = page.getByTitle('Site preview').contentFrame();
      const buttonSize = () =>
        preview
          .locator('.button')
          .first()
          .evaluate((b) => getComputedStyle(b).fontSize);
      expect(await buttonSize()).toBe('16px');
      await page.getByLabel('Buttons text size').selectOption({ label: '125%' });
      await expect.poll(buttonSize).toBe('20px');

      const [saved] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/config/design')),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);
      expect(Object.keys(saved.postDataJSON()).sort()).toEqual([
        'colors.themes',
        'fonts.fontUsageCategories',
        'version',
      ]);
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'All changes saved' }).count()).toBe(1);
      const stored = (await (await api.get('/api/config/design')).json()).design;
      expect(stored.colors.themes.find((t: { id: string }) => t.id === theme.id).name).toBe(renamed);
      expect(stored.fonts.fontUsageCategories).toContainEqual({ id: 'buttons', scale: 1.25 });
    } finally {
      await page.context().close();
      await put('/api/config/design', { ...DEFAULT_DESIGN, 'colors.themes': original.colors.themes });
    }
  });
});

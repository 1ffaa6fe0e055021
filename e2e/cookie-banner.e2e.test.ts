// The cookie banner from the owner's Settings to the visitor's choice: an administrator switches
// the banner on under the restrictive policy; a visitor sees it (printed by the server, no flash),
// declines, and from then on no tracking call leaves the page, even after a reload; another
// visitor accepts and is tracked; a visitor without JavaScript declines through the plain form.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

const STAMP = Date.now().toString(36);
const TEXT = `We count visits with cookies only if you agree (${STAMP}).`;
const TRACKING = /^\/api\/(census|events|v1\/clanker|1\/performance)\//;

interface Saved {
  cookiePolicy: string;
  cookieBanner: Record<string, unknown>;
}

let browser: Browser;
let admin: Page;
let original: Saved | undefined;
let privacyUrl = '';

async function crumbOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
}

async function settingsOf(page: Page): Promise<Saved> {
  const answer = await page.request.get('/api/config/settings');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Saved;
}

/** A fresh visitor whose tracking calls are listed as they leave the page. */
async function visitor(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await newVisitor(browser, options);
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (TRACKING.test(path)) calls.push(path);
  });
  return { context, page, calls };
}

function bannerOf(page: Page) {
  return page.getByRole('region').filter({ hasText: TEXT });
}

async function consentOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'tessera_consent')?.value;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signedInOwner(browser, { role: 'admin', prefix: 'cookie-banner' });
  original = await settingsOf(admin);
});

afterAll(async () => {
  // The e2e server is shared: give the site its cookie policy and banner back.
  if (admin && original) {
    const answer = await admin.request.put('/api/config/settings', {
      data: { cookiePolicy: original.cookiePolicy, cookieBanner: original.cookieBanner },
      headers: { 'x-csrf-token': await crumbOf(admin) },
    });
    expect(answer.status()).toBe(200);
  }
  await browser?.close();
});

describe('cookie banner', () => {
  it('is set up by the owner in Settings, with field errors and the keyboard', async () => {
    await admin.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Settings' }).click();
    await admin
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Cookies and tracking' })
      .click();
    await expect.poll(() => admin.getByRole('heading', { level: 2, name: 'Cookies and tracking' }).count()).toBe(1);

    const enable = admin.getByLabel('Ask visitors to accept or decline cookies');
    await enable.focus();
    await admin.keyboard.press('Space');
    await expect.poll(() => enable.isChecked()).toBe(true);
    await admin.getByLabel('Restrictive').check();
    await admin.getByLabel('Banner text').fill(TEXT);

    // A wrong address is caught, named beside its field, and focused.
    const link = admin.getByLabel('Privacy link', { exact: true });
    await link.selectOption({ label: 'Another address…' });
    const address = admin.getByLabel('Privacy link address');
    await address.fill('javascript:alert(1)');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() =>
        admin.getByText('Choose one of your pages, or give a site path (/privacy) or an http(s) address.').count(),
      )
      .toBe(1);
    await expect.poll(() => address.evaluate((el) => el === document.activeElement)).toBe(true);

    // Then one of the site's pages is chosen instead.
    const firstPage = link.locator('optgroup[label="Your pages"] option').first();
    privacyUrl = (await firstPage.getAttribute('value')) ?? '';
    expect(privacyUrl).toMatch(/^\/[\w-]/);
    await link.selectOption(privacyUrl);
    await admin.getByLabel('Privacy link words').fill('Our privacy notice');
    await admin.getByLabel('Accept button label').fill('Allow cookies');
    await admin.getByLabel('Decline button label').fill('No thanks');
    await admin.getByLabel('Box at the bottom left').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        admin
          .getByRole('status')
          .filter({ hasText: /^Saved$/ })
          .count(),
      )
      .toBe(1);

    const saved = await settingsOf(admin);
    expect(saved.cookiePolicy).toBe('restrictive');
    expect(saved.cookieBanner).toEqual({
      enabled: true,
      text: TEXT,
      privacyLabel: 'Our privacy notice',
      privacyUrl,
      acceptLabel: 'Allow cookies',
      declineLabel: 'No thanks',
      position: 'bottom-left',
    });
  });

  it('shows a visitor the banner; after a decline nothing is tracked, not even after a reload', async () => {
    const { context, page, calls } = await visitor();
    await page.goto('/');
    const banner = bannerOf(page);
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.getAttribute('class')).toContain('cookie-banner--bottom-left');
    expect(await banner.getByRole('link', { name: 'Our privacy notice' }).getAttribute('href')).toBe(privacyUrl);
    await expectAccessible(page, 'home page with the cookie banner');

    // Restrictive and undecided: the tracker waits.
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);

    await banner.getByRole('button', { name: 'No thanks' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    await expect.poll(() => consentOf(page)).toBe('declined');

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await bannerOf(page).count()).toBe(0);
    // The server itself leaves the banner out for this visitor, so it can never flash.
    expect(await (await page.request.get('/')).text()).not.toContain(TEXT);
    await page.goto('/shop');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await context.close();
  });

  it('tracks a visitor who accepts, from the moment of the accept', async () => {
    const { context, page, calls } = await visitor();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    await bannerOf(page).getByRole('button', { name: 'Allow cookies' }).click();
    await expect.poll(() => calls).toContain('/api/census/batch');
    await expect.poll(() => bannerOf(page).isVisible()).toBe(false);
    expect(await consentOf(page)).toBe('accepted');
    // The tracker may keep its cookies now, restrictive policy or not.
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'ss_cvr')).toBe(true);

    calls.length = 0;
    await page.reload();
    expect(await bannerOf(page).count()).toBe(0);
    await expect.poll(() => calls).toContain('/api/census/batch');
    await context.close();
  });

  it('takes the choice of a visitor without JavaScript through the plain form', async () => {
    const { context, page } = await visitor({ javaScriptEnabled: false });
    await page.goto('/shop');
    const banner = bannerOf(page);
    expect(await banner.isVisible()).toBe(true);
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    expect(await consentOf(page)).toBe('declined');
    expect(await bannerOf(page).count()).toBe(0);
    await context.close();
  });
});

// The theme's header on a phone (issue 22): one line (site title, cart, menu button) below the
// navigation breakpoint; the menu is a full-screen panel with folders as disclosure groups, works
// without JavaScript, closes on Escape and on its close button, keeps focus inside, and passes axe.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser: Browser;
const contexts: Awaited<ReturnType<typeof newVisitor>>[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function phone(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newVisitor(browser, { ...PHONE, ...options });
  contexts.push(context);
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) {
    // The popup overlay would cover the page: a returning visitor has closed it.
    await page.addInitScript(() => {
      localStorage.setItem('tessera-popup-overlay-version', '1');
      localStorage.setItem('tessera-popup-overlay-closed-date', new Date().toISOString());
    });
  }
  await page.goto(path);
  return page;
}

const toggle = (page: Page) => page.locator('.site-header .mobile-menu > summary');
const menuNav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function violations(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).map((v) => `${v.id} (${v.help}) ${v.nodes.join(', ')}`);
}

describe('the mobile menu at 390 px', () => {
  it('the header is one line: site title, cart and a menu button; the desktop navigation is hidden', async () => {
    const page = await phone('/blog');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(false);
    const title = await page.locator('.site-header .site-title').boundingBox();
    const cart = await page.locator('.site-header .site-header__cart').boundingBox();
    const button = await toggle(page).boundingBox();
    expect(title && cart && button).toBeTruthy();
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    for (const box of [cart, button]) expect(Math.abs(middle(box as never) - middle(title as never))).toBeLessThan(8);
    expect((title as { x: number }).x).toBeLessThan((cart as { x: number }).x);
    expect((cart as { x: number }).x).toBeLessThan((button as { x: number }).x);
    const header = await page.locator('.site-header__inner').boundingBox();
    expect(header?.height).toBeLessThan(90);
    expect(await toggle(page).textContent()).toContain('Menu');
    expect(await violations(page)).toEqual([]);
  });

  it('opens full screen, navigates into a folder, and closes on Escape with focus back on the button', async () => {
    const page = await phone('/blog');
    await toggle(page).click();
    const panel = page.locator('.mobile-menu__panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    const box = await panel.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    expect(await toggle(page).getAttribute('aria-label')).toBeNull();
    expect(await toggle(page).innerText()).toContain('Close menu');
    expect(await violations(page)).toEqual([]);

    // Folders are disclosure groups: their pages show once the folder is opened.
    const gallery = menuNav(page).getByRole('link', { name: 'Gallery', exact: true });
    expect(await gallery.isVisible()).toBe(false);
    await menuNav(page).locator('summary', { hasText: 'Explore' }).click();
    await expect.poll(() => gallery.isVisible()).toBe(true);
    await gallery.click();
    await page.waitForURL('**/gallery');

    // On the folder's page the menu opens with that folder open; Escape closes it.
    await toggle(page).click();
    await expect.poll(() => menuNav(page).getByRole('link', { name: 'Gallery', exact: true }).isVisible()).toBe(true);
    await menuNav(page).getByRole('link', { name: 'Gallery', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.matches('.mobile-menu > summary'))).toBe(true);
    expect(await violations(page)).toEqual([]);
  });

  it('keeps focus inside the open menu and closes on its close button', async () => {
    const page = await phone('/blog');
    await page.waitForLoadState('networkidle');
    await toggle(page).click();
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(true);
    const outside: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => document.activeElement?.closest('.mobile-menu') !== null);
      if (!inside) outside.push(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
    }
    expect(outside).toEqual([]);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.mobile-menu') !== null)).toBe(true);
    await toggle(page).click();
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(false);
  });

  it('works without JavaScript', async () => {
    const page = await phone('/blog', { javaScriptEnabled: false });
    await toggle(page).click();
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(true);
    await menuNav(page).locator('summary', { hasText: 'More' }).click();
    await expect.poll(() => menuNav(page).getByRole('link', { name: 'Contact' }).isVisible()).toBe(true);
    await toggle(page).click();
    await expect.poll(() => page.locator('.mobile-menu__panel').isVisible()).toBe(false);
  });

  it('wide screens keep the desktop navigation and no menu button', async () => {
    const page = await phone('/blog', { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(true);
    expect(await toggle(page).isVisible()).toBe(false);
    expect(await page.locator('.site-header__cart').isVisible()).toBe(false);
  });
});

// The site beyond the shop (issue 4 part A) in a real browser: pages made of sections and blocks,
// galleries and their lightbox, the popup overlay, the lock screen, folders in the navigation, the
// language switcher, the splash page; rendering without JavaScript, layout shift, the JavaScript
// budget and accessibility.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';

let browser: Browser;
const contexts: Awaited<ReturnType<typeof newVisitor>>[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

async function open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await newVisitor(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The popup overlay covers a corner; most checks close it first as a visitor would. */
async function dismissPopup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('tessera-popup-overlay-version', '1');
    localStorage.setItem('tessera-popup-overlay-closed-date', new Date().toISOString());
  });
}

describe('pages made of sections and blocks', () => {
  it('home: hero heading, text and button, product summary, gallery, quote and newsletter', async () => {
    const page = await open('/');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Made slowly, kept for years');
    const hero = page.locator('.page-section--hero');
    expect(await hero.locator('.page-section__background img').getAttribute('srcset')).toContain('?format=500w 500w');
    expect(await hero.getByRole('link', { name: 'Shop the collection' }).getAttribute('href')).toBe('/shop');
    expect(await page.locator('.block--summary .product-card').count()).toBe(4);
    expect(await page.locator('.block--gallery .gallery__img').count()).toBe(6);
    expect(await page.locator('.block--quote blockquote').textContent()).toContain('stop noticing');
    const journal = page.locator('.summary--list .summary__item');
    expect(await journal.count(), 'the journal summary lists the demo posts').toBeGreaterThan(0);
    for (const item of await journal.all()) {
      expect(await item.locator('.summary__date').textContent()).toMatch(/ago$/);
      expect(await item.locator('a.summary__link').getAttribute('href')).toMatch(/^\/blog\//);
    }
    expect(await page.locator('.tessera-newsletter form').count()).toBe(1);
    for (const img of await page.locator('main img').all()) {
      if (await img.evaluate((el) => el.closest('.product-card') !== null)) continue;
      expect(await img.getAttribute('srcset'), await img.evaluate((el) => el.outerHTML)).toMatch(/\dw/);
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
    }
  });

  it('about: every kind of block a visitor meets', async () => {
    const page = await open('/about');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('About Juniper & Oak');
    for (const variant of ['inline', 'poster', 'card', 'overlap', 'collage', 'stack']) {
      const image = page.locator(`.image-block--${variant} img`);
      expect(await image.count(), variant).toBe(1);
      expect(await image.getAttribute('srcset')).toContain('1000w');
      expect(await image.getAttribute('alt')).not.toBe('');
      expect(await image.getAttribute('style')).toContain('object-position');
    }
    // Accordion: native details, the first open.
    const questions = page.locator('.accordion__item');
    expect(await questions.count()).toBe(3);
    await questions.nth(1).locator('summary').click();
    await expect.poll(() => questions.nth(1).getAttribute('open')).toBe('');
    expect(await page.locator('.marquee__row').first().textContent()).toContain('Made nearby');
    // Video overlay: a thumbnail only when the video has a main image.
    const videos = page.locator('.block--video');
    expect(await videos.nth(0).locator('.video-block__thumb').count()).toBe(1);
    expect(await videos.nth(1).locator('.video-block__overlay.no-thumb').count()).toBe(1);
    expect(await videos.nth(1).locator('img').count()).toBe(0);
    expect(await page.locator('audio.audio-block__player').getAttribute('src')).toBe('/files/content/shop-radio.wav');
    // Code and markdown never run HTML.
    expect(await page.locator('.code-block code').textContent()).toContain('<p class="care">');
    expect(await page.locator('.block--markdown strong').first().textContent()).toBe('three rules');
    expect(await page.locator('.block--markdown script').count()).toBe(0);
    expect(await page.locator('.block--markdown').textContent()).toContain('<script>alert(1)</script>');
    // Map offline: a drawn picture and a link, no outside script.
    expect(await page.locator('.map-block svg').count()).toBe(1);
    expect(await page.locator('.map-block__address').textContent()).toContain('512 Warren Street');
    expect(await page.locator('.social-links__link').count()).toBe(3);
    expect(await page.locator('.menu-block__name').first().textContent()).toBe('Filter coffee');
    expect(await page.locator('.block--spacer').count()).toBe(1);
    expect(await page.locator('.block--horizontalrule hr').count()).toBe(1);
    const embed = page.locator('.block--embed iframe');
    expect(await embed.getAttribute('sandbox')).toBe('');
    // The stored embed carries a script; inside the sandbox it never runs.
    await expect
      .poll(() => page.frameLocator('.block--embed iframe').locator('body').textContent())
      .toContain('Open Thursday to Sunday');
    // Summaries in every layout: grid (home), list (home), carousel and wall (here).
    expect(await page.locator('.summary--carousel .product-card').count()).toBe(6);
    expect(await page.locator('.summary--wall').count()).toBe(1);
    expect(await page.locator('form.search-block').getAttribute('action')).toBe('/search');
    expect(await page.locator('.calendar-block__table caption').textContent()).toMatch(/\d{4}/);
    const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src') ?? ''));
    expect(scripts.every((src) => src.startsWith('/assets/'))).toBe(true);
  });

  it('navigation: folders (index goes to its first child, none is not a link), contact and members', async () => {
    const page = await open('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/gallery');
    expect(await nav.getByRole('link', { name: 'More', exact: true }).count()).toBe(0);
    expect(await nav.locator('.site-nav__folder-label--static').textContent()).toBe('More');
    await nav.getByText('More', { exact: true }).hover();
    await nav.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.goto('/explore');
    expect(new URL(page.url()).pathname).toBe('/gallery');
    const members = await page.request.get('/members', { maxRedirects: 0 });
    expect([200, 403]).toContain(members.status());
  });

  it('language switcher: the about page in French, the rest falls back to English', async () => {
    const page = await open('/about');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('À propos de Juniper & Oak');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).getAttribute('href'),
    ).toBe('/shop?lang=fr');
  });

  it('splash page without header or footer, and a not-found page', async () => {
    const page = await open('/welcome');
    expect(await page.locator('.site-header').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe('Juniper & Oak');
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toContain('couldn’t find');
  });
});

describe('galleries', () => {
  it('grid opens a lightbox; arrow keys move; Escape closes and focus returns', async () => {
    const page = await open('/gallery');
    const grid = page.locator('.gallery--grid');
    // A visitor looks before pressing: until the island is live a press opens the picture's file.
    await expect.poll(() => grid.getAttribute('data-island-state')).toBe('live');
    const first = grid.locator('.gallery__link').first();
    await first.click();
    const dialog = page.locator('dialog.lightbox');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('class')).toContain('lightbox--dark');
    await expect.poll(() => dialog.getAttribute('data-index')).toBe('0');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getAttribute('data-index')).toBe('1');
    expect(await dialog.locator('img').getAttribute('src')).toContain('linen-dusk.jpg');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog.getAttribute('data-index')).toBe('0');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('slideshow: next and previous buttons, thumbnails and a light lightbox; carousel and stacked render', async () => {
    const page = await open('/gallery');
    const slideshow = page.locator('.gallery--slideshow');
    await slideshow.locator('.gallery__next').click();
    await expect.poll(() => slideshow.locator('.gallery__current').textContent()).toBe('2');
    await slideshow.locator('.gallery__next').click();
    await expect.poll(() => slideshow.locator('.gallery__current').textContent()).toBe('3');
    await slideshow.locator('.gallery__prev').click();
    await expect.poll(() => slideshow.locator('.gallery__current').textContent()).toBe('2');
    await slideshow.locator('.gallery__thumb').nth(5).click();
    await expect.poll(() => slideshow.locator('.gallery__current').textContent()).toBe('6');
    await slideshow.locator('.gallery__slide').nth(5).locator('.gallery__link').click();
    await expect.poll(() => page.locator('dialog.lightbox--light').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.lightbox').count()).toBe(0);

    const carousel = page.locator('.gallery--carousel');
    expect(await carousel.locator('.gallery__slide').count()).toBe(8);
    await carousel.locator('.gallery__next').click();
    await expect.poll(() => carousel.locator('.gallery__current').textContent()).toBe('2');
    const stacked = page.locator('.gallery--stacked');
    expect(await stacked.locator('.gallery__img').count()).toBe(3);
    expect(await stacked.locator('.gallery__description').count()).toBe(0);
  });
});

describe('popup overlay', () => {
  it('shows once, closes, remembers the version and is not shown again', async () => {
    const page = await open('/about');
    const panel = page.locator('.popup-overlay__panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await page.locator('.popup-overlay').getAttribute('data-position')).toBe('bottom-right');
    await panel.getByRole('button', { name: 'Close popup' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    const stored = await page.evaluate(() => ({
      version: localStorage.getItem('tessera-popup-overlay-version'),
      closed: localStorage.getItem('tessera-popup-overlay-closed-date'),
    }));
    expect(stored.version).toBe('1');
    expect(Number.isNaN(Date.parse(stored.closed ?? ''))).toBe(false);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    expect(await panel.isVisible()).toBe(false);
  });
});

describe('password-protected page', () => {
  it('shows the lock screen, refuses a wrong password, unlocks for the session', async () => {
    const page = await open('/lookbook');
    expect(await page.locator('h1').textContent()).toBe('Lookbook');
    expect(await page.locator('body').getAttribute('class')).toContain('page-type-103');
    expect(await page.locator('.image-block').count()).toBe(0);
    await page.getByLabel('Password').fill('not it');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect
      .poll(() => page.locator('.lock-screen__error').textContent())
      .toBe('That password is not right. Please try again.');
    await page.getByLabel('Password').fill('juniper');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Autumn lookbook');
    expect(await page.locator('body').getAttribute('class')).toContain('page-type-105');
    await page.reload();
    expect(await page.locator('h1').first().textContent()).toBe('Autumn lookbook');
  });
});

describe('without JavaScript, layout shift, script budget and accessibility', () => {
  it('every content page renders its blocks without JavaScript', async () => {
    const context = await newVisitor(browser, { javaScriptEnabled: false });
    contexts.push(context);
    const page = await context.newPage();
    for (const [path, heading] of [
      ['/', 'Made slowly, kept for years'],
      ['/about', 'About Juniper & Oak'],
      ['/gallery', 'Gallery'],
      ['/welcome', 'Juniper & Oak'],
      ['/lookbook', 'Lookbook'],
    ] as const) {
      await page.goto(path);
      expect(await page.locator('h1').first().textContent(), path).toBe(heading);
    }
    await page.goto('/gallery');
    expect(await page.locator('.gallery__thumb').first().getAttribute('href')).toMatch(/^#gallery-/);
    expect(await page.locator('.gallery--grid .gallery__link').first().getAttribute('href')).toBe(
      '/files/content/morning-field.jpg',
    );
  });

  it('keeps layout shift at or below 0.02 and loads at most 50 KB of gzipped script before idle', async () => {
    const problems: string[] = [];
    for (const path of ['/', '/about', '/gallery']) {
      const context = await newVisitor(browser);
      contexts.push(context);
      const page = await context.newPage();
      await dismissPopup(page);
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number; __loaded: boolean };
        w.__cls = 0;
        w.__loaded = false;
        addEventListener('load', () => {
          w.__loaded = true;
        });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      let beforeLoad = 0;
      let loaded = false;
      page.on('load', () => {
        loaded = true;
      });
      page.on('response', async (response) => {
        if (loaded || response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        beforeLoad += gzipSync(body, { level: 9 }).length;
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(600);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      if (cls > 0.02) problems.push(`${path}: layout shift ${cls.toFixed(3)}`);
      if (beforeLoad > 50 * 1024) problems.push(`${path}: ${beforeLoad} bytes of gzipped script before idle`);
    }
    expect(problems).toEqual([]);
  });

  it('fits a phone screen (375 px) without sideways scrolling', async () => {
    const context = await newVisitor(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(context);
    const page = await context.newPage();
    await dismissPopup(page);
    const overflowing: string[] = [];
    for (const path of ['/', '/about', '/gallery', '/lookbook', '/welcome']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      if (scroll > width) overflowing.push(`${path}: ${scroll} px in ${width} px`);
    }
    expect(overflowing).toEqual([]);
  });

  it('passes axe on the content pages, the lock screen and the splash page', async () => {
    const found: string[] = [];
    for (const path of ['/', '/about', '/gallery', '/lookbook', '/welcome', '/about?lang=fr']) {
      const context = await newVisitor(browser);
      contexts.push(context);
      const page = await context.newPage();
      await dismissPopup(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const v of await seriousViolations(page)) found.push(`${path}: ${v.id} (${v.help}) ${v.nodes.join(', ')}`);
    }
    expect(found).toEqual([]);
  });
});

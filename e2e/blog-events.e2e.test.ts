// A visitor reads the journal, comments and likes, finds an event and takes it to a calendar,
// and searches the site, in a real browser against the real built server. Each screen passes axe.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function open(path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
}

const postTitles = () => page.locator('.post-card__title a').allTextContents();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newVisitor(browser, { acceptDownloads: true });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('blog, events and search', () => {
  it('pages through the journal and filters it by a tag', async () => {
    await open('/blog');
    expect(await postTitles()).toHaveLength(5);
    await expect.poll(() => page.locator('.blog-pagination__status').textContent()).toBe('Page 1 of 2');
    await expectAccessible(page, '/blog');

    await page.getByRole('link', { name: 'Older posts' }).click();
    await page.waitForURL('**/blog?page=2');
    expect(await postTitles()).toEqual(['Where to find us this season', 'The story behind our sticker pack']);
    await page.getByRole('link', { name: 'Newer posts' }).click();
    await page.waitForURL(/\/blog$/);

    await page.locator('.term-list a.tag-link', { hasText: 'care' }).click();
    await page.waitForURL('**/blog?tag=care');
    expect(await postTitles()).toEqual(['Caring for linen: a short guide', 'Wool season is here']);
    await expect.poll(() => page.locator('.blog-filter').textContent()).toContain('Tagged “care”');
  });

  it('opens a post, posts a comment and sees it, then likes the post once', async () => {
    await page.getByRole('link', { name: 'Caring for linen: a short guide', exact: true }).click();
    await page.waitForURL('**/blog/caring-for-linen');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Caring for linen: a short guide');
    expect(await page.locator('.comments__title').textContent()).toBe('2 Comments');
    await expectAccessible(page, '/blog/caring-for-linen');

    const text = `Washed mine cold as you said <b>and</b> it worked ${Date.now()}`;
    await page.getByLabel('Name').fill('Browser Visitor');
    await page.getByLabel('Comment', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Post comment' }).click();
    await page.waitForURL('**/blog/caring-for-linen?comment=approved#comments');
    await expect.poll(() => page.locator('.comments__notice').textContent()).toBe('Thanks! Your comment is posted.');
    const last = page.locator('.comment').last();
    expect(await last.locator('.comment__author').textContent()).toBe('Browser Visitor');
    expect(await last.locator('.comment__body').textContent()).toBe(text);
    expect(await page.locator('.comments__title').textContent()).toBe('3 Comments');

    const like = page.locator('.like-button');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    expect(await like.locator('.like-button__count').textContent()).toBe('3 likes');
    await like.click();
    await page.waitForURL('**/blog/caring-for-linen#like');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    expect(await like.locator('.like-button__count').textContent()).toBe('4 likes');
    expect(await like.isDisabled()).toBe(true);
    // The same visitor again, through the API: still one like.
    const again = await page.evaluate(
      async (itemId) => {
        const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
        const response = await fetch(`/api/likes/${itemId}`, { method: 'POST', headers: { 'X-CSRF-Token': crumb } });
        return response.json();
      },
      await page.locator('article.blog-post').getAttribute('data-item-id'),
    );
    expect(again).toMatchObject({ alreadyLiked: true, likeCount: 4 });
  });

  it('opens an upcoming event, sees its calendar link and downloads the .ics file', async () => {
    await open('/events');
    await expectAccessible(page, '/events');
    const upcoming = page.locator('.event-list--upcoming .event-card__title a');
    expect(await upcoming.count()).toBeGreaterThan(0);
    expect(await page.locator('.event-list--past .event-card').count()).toBeGreaterThan(0);
    const title = (await upcoming.first().textContent()) ?? '';
    await upcoming.first().click();
    await page.waitForURL(/\/events\/[a-z-]+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    await expectAccessible(page, page.url());

    const google = (await page.getByRole('link', { name: /Add to Google Calendar/ }).getAttribute('href')) ?? '';
    expect(google).toMatch(/^http:\/\/www\.google\.com\/calendar\/event\?action=TEMPLATE&text=/);
    const dates = /dates=(\d{8}T\d{6}Z)\/(\d{8}T\d{6}Z)/.exec(google);
    expect(dates).not.toBeNull();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = readFileSync((await download.path()) ?? '', 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain(`DTSTART:${dates?.[1]}\r\n`);
    expect(ics).toContain(`DTEND:${dates?.[2]}\r\n`);
    expect(ics).toMatch(/\r\nUID:[^\r\n]+@[^\r\n]+\r\n/);
  });

  it('searches the site and sees results with links', async () => {
    await open('/blog');
    await page.getByLabel('Search the site').fill('linen');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/search?q=linen');
    await expect.poll(() => page.locator('.search-results__title').textContent()).toMatch(/results? for “linen”/);
    const links = await page
      .locator('.search-result__title a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('/blog/caring-for-linen');
    expect(links).toContain('/shop/p/linen-shirt');
    expect(JSON.parse((await page.locator('#tessera-context').textContent()) ?? '{}').pageType).toBe(102);
    await expectAccessible(page, '/search');
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { addBlock, newPage } from './fixtures/page-editor.js';

describe('blog blocks in the editor and on the published page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds archive, tag cloud, posts-by and RSS blocks through their forms; visitors get them from the server', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'blogblocks' });
    const title = `Blog Blocks ${Date.now()}`;
    const frame = await newPage(page, title);

    let panel = await addBlock(page, 'Archive');
    await panel.getByLabel('Blog').selectOption('blog');
    await panel.getByLabel('Group posts by').selectOption('year');
    await panel.getByLabel('Block title').fill('Archive');
    // The preview marks where the block goes; the server fills it in.
    await expect.poll(() => frame.locator('[data-tessera-block="block-1-1"]').textContent()).toContain('Archive block');

    panel = await addBlock(page, 'Tag cloud');
    await panel.getByLabel('Show').selectOption('category');

    panel = await addBlock(page, 'Posts by tag');
    await panel.getByLabel('Tag', { exact: true }).fill('care');
    await panel.getByLabel('Block title').fill('Care notes');

    panel = await addBlock(page, 'Posts by month');
    const month = panel.getByLabel('Month', { exact: true });
    await month.fill('2019-02');
    await expect.poll(() => month.inputValue()).toBe('2019-02');

    panel = await addBlock(page, 'RSS feed');
    const address = panel.getByLabel('Feed address');
    await address.fill('javascript:alert(1)');
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('Enter a feed address');
    await expectAccessible(page, 'the RSS block settings');
    await address.fill('/blog');
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);

    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
    const path = `/${title.toLowerCase().replace(/\s+/g, '-')}`;

    // Without JavaScript: everything is server markup.
    const noScript = await newVisitor(browser, { javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    expect((await visitor.goto(path))?.status()).toBe(200);
    const main = visitor.locator('main');
    const years = await main.locator('.archive-block__link').allTextContents();
    expect(years.length).toBeGreaterThan(0);
    for (const year of years) expect(year).toMatch(/^\d{4}$/);
    expect(await main.locator('.tag-cloud__term', { hasText: 'Guides' }).getAttribute('href')).toBe(
      '/blog?category=Guides',
    );
    const care = main.locator('.block--postsby').first();
    expect(await care.locator('h2').textContent()).toBe('Care notes');
    expect(await care.locator('a[href="/blog/caring-for-linen"]').count()).toBe(1);
    // Drafts and private posts never show, whatever the filter.
    expect(await main.locator('a[href="/blog/supplier-notes"], a[href="/blog/winter-gift-guide"]').count()).toBe(0);
    expect(await main.locator('.block--postsby').nth(1).locator('.posts-by__empty').textContent()).toBe(
      'No posts yet.',
    );
    expect(await main.locator('.rss-block__item').count()).toBeGreaterThan(0);
    // The archive's links open the blog filtered by that period.
    const firstYear = years[0] ?? '';
    await main.locator('.archive-block__link').first().click();
    await visitor.waitForURL(new RegExp(`/blog\\?year=${firstYear}$`));
    expect(await visitor.locator('main').textContent()).toContain(`Posts from ${firstYear}`);
    await noScript.close();

    const withScript = await newVisitor(browser);
    const axePage = await withScript.newPage();
    await axePage.goto(path);
    await expectAccessible(axePage, `${path} with the blog blocks`);
    await withScript.close();
    await page.context().close();
  });
});

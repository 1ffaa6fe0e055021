// Posts by author and posts by category (blocks 27 and 29, issue 23) as an owner adds them in the page
// editor through their forms; once published, a visitor sees each block list only the demo blog's
// published posts that match (drafts, scheduled and private posts never), and the page passes axe.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { addBlock, newPage } from './fixtures/page-editor.js';

/** The editor is a large page: on a loaded two-core machine its work alone can pass the default 90 s. */
const EDITOR_TEST_TIMEOUT = 150_000;

describe('posts by author and by category', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'lists only the matching published posts once the owner has set the blocks up and published',
    async () => {
      const page = await signedInOwner(browser, { role: 'editor', prefix: 'postsby' });
      const title = `Posts By ${Date.now()}`;
      await newPage(page, title);

      let panel = await addBlock(page, 'Posts by author');
      await panel.getByLabel('Blog').selectOption('blog');
      await panel.getByLabel('Author name').fill('Sam Reyes');
      await panel.getByLabel('Block title').fill('From Sam');
      await expectAccessible(page, 'the posts by author settings');

      panel = await addBlock(page, 'Posts by category');
      await panel.getByLabel('Blog').selectOption('blog');
      await panel.getByLabel('Category', { exact: true }).fill('Makers');
      await panel.getByLabel('Block title').fill('Makers');
      await panel.getByLabel('Show excerpts').uncheck();

      await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
      await page.context().close();
      const path = `/${title.toLowerCase().replace(/\s+/g, '-')}`;

      const context = await newVisitor(browser);
      const visitor = await context.newPage();
      expect((await visitor.goto(path))?.status()).toBe(200);
      const [byAuthor, byCategory] = [0, 1].map((n) => visitor.locator('main .block--postsby').nth(n));
      expect(await byAuthor.locator('h2').textContent()).toBe('From Sam');
      // Sam's published posts, newest first; his scheduled and private posts are left out.
      expect(await byAuthor.locator('.posts-by__link').allTextContents()).toEqual([
        'Meet the maker: Hudson Valley Stoneware',
        'How we pack every order by hand',
        'Where to find us this season',
      ]);
      expect(await byAuthor.locator('.posts-by__excerpt').count()).toBe(3);
      expect(await byCategory.locator('h2').textContent()).toBe('Makers');
      expect(await byCategory.locator('.posts-by__link').allTextContents()).toEqual([
        'Meet the maker: Hudson Valley Stoneware',
        'The story behind our sticker pack',
      ]);
      expect(await byCategory.locator('.posts-by__excerpt').count()).toBe(0);
      await expectAccessible(visitor, `${path} with the posts-by blocks`);

      // A post's link opens that post.
      await byCategory.getByRole('link', { name: 'The story behind our sticker pack' }).click();
      await visitor.waitForURL(/\/blog\/sticker-pack-story$/);
      expect(await visitor.locator('h1').first().textContent()).toContain('The story behind our sticker pack');
      await context.close();
    },
    EDITOR_TEST_TIMEOUT,
  );
});

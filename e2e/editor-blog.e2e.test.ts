// An owner writes a blog post with a tag and a category and publishes it; a visitor reads it on
// /blog and on the tag's listing. The tag manager shows SPEC's duplicate and one-at-a-time
// messages. An imported post's gallery gets a new picture with its alt text, a new order and one
// picture less on the post screen, and the published post shows it; the page editor's add-block menu
// adds a picture and a quote to it, and turns a post with a body alone into blocks. The owner moves the popup on its
// 3×3 grid by mouse and keyboard; a visitor sees it there. Everything changed on the shared demo site
// is put back afterwards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

const stamp = Date.now().toString(36);
const TITLE = `Field notes ${stamp}`;
const TAG = `fieldwork-${stamp}`;
const CATEGORY = `Notes ${stamp}`;
const BODY = `Walnut hulls give a deep brown ${stamp}.`;
const POPUP_HEADING = `Studio open day ${stamp}`;
const IMAGE_NAME = `walnut-${stamp}.png`;
const IMAGE_ALT = `Walnut hulls in a copper pot ${stamp}`;
const IMPORTED_TITLE = `Orchard pictures ${stamp}`;
const IMPORTED_URL_ID = `orchard-pictures-${stamp}`;
const NEW_ALT = `Walnuts drying on a rack ${stamp}`;

let browser: Browser;
let owner: Page;
let originalPopup: Record<string, unknown> | undefined;

/** Calls the owner API from the owner's page, with the crumb as the editor sends it. */
function ownerApi<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return owner.evaluate(
    async ([m, p, b]) => {
      const crumb = decodeURIComponent(/(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch(p as string, {
        method: m as string,
        headers: { 'x-csrf-token': crumb, ...(b !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: b !== undefined ? JSON.stringify(b) : undefined,
      });
      return { status: response.status, body: await response.json() };
    },
    [method, path, body] as const,
  );
}

/** A fresh visitor's page at `path` (no popup memory). */
async function visitorAt(path: string): Promise<Page> {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'editor', prefix: 'blog-editor' });
  originalPopup = (await ownerApi('GET', '/api/config/popup')).body.popup;
  // An 800×500 picture for the featured image, uploaded the way the file manager does.
  const uploaded = await owner.evaluate(async (name) => {
    const canvas = new OffscreenCanvas(800, 500);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.fillStyle = '#6b4226';
    context.fillRect(0, 0, 800, 500);
    const form = new FormData();
    form.append('file', await canvas.convertToBlob({ type: 'image/png' }), name);
    const crumb = decodeURIComponent(/(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/config/files', {
      method: 'POST',
      body: form,
      headers: { 'x-csrf-token': crumb },
    });
    return response.status;
  }, IMAGE_NAME);
  expect(uploaded).toBe(200);
});

afterAll(async () => {
  try {
    const { body } = await ownerApi('GET', '/api/config/blogs');
    for (const blog of body?.blogs ?? []) {
      const posts = (await ownerApi('GET', `/api/config/blogs/${blog.id}/posts?limit=100`)).body.posts ?? [];
      for (const post of posts.filter((p: { title: string }) => p.title === TITLE || p.title === IMPORTED_TITLE))
        await ownerApi('DELETE', `/api/config/blogs/${blog.id}/posts/${post.id}`);
    }
    await ownerApi('DELETE', `/api/config/files/${IMAGE_NAME}`);
    if (originalPopup) {
      const { version: _version, ...popup } = originalPopup;
      const restored = await ownerApi('PUT', '/api/config/popup', { ...popup, showAgain: false });
      expect(restored.status).toBe(200);
    }
  } finally {
    await browser?.close();
  }
});

const nav = () => owner.getByRole('navigation', { name: 'Editor' });

describe('blog post editor', () => {
  it('writes a post with a tag and a category and publishes it', async () => {
    await nav().getByRole('link', { name: 'Blog' }).click();
    await owner.getByRole('heading', { name: /^Blog: / }).waitFor();
    await owner.getByRole('button', { name: 'New post' }).click();
    await owner.getByRole('heading', { name: 'New post' }).waitFor();

    await owner.getByLabel(/^Title/).fill(TITLE);
    await owner.getByLabel('Excerpt').fill('What the hedgerow gave us this month.');
    const body = owner.getByRole('textbox', { name: 'Body', exact: true });
    await body.click();
    await owner.keyboard.type(BODY);
    await owner.getByLabel('Author').fill('Field Tester');
    await expect.poll(() => owner.getByLabel('Image file').locator('option').allTextContents()).toContain(IMAGE_NAME);
    await owner.getByLabel('Image file').selectOption({ label: IMAGE_NAME });
    await owner.getByLabel('Alt text').fill(IMAGE_ALT);

    await owner.getByLabel('Add a tag').fill(TAG);
    await owner.getByRole('button', { name: 'Add tag' }).click();
    await owner.getByLabel('Add a tag').fill(TAG.toUpperCase());
    await owner.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => owner.getByRole('alert').allTextContents()).toContain('This tag already exists');
    await owner.getByLabel('Add a tag').fill('');
    await owner.getByLabel('Add a category').fill(CATEGORY);
    await owner.getByRole('button', { name: 'Add category' }).click();
    expect(await owner.getByRole('list', { name: 'Categories of this post' }).textContent()).toContain(CATEGORY);
    await expectAccessible(owner, 'post editor');

    await owner.getByRole('button', { name: 'Publish now' }).click();
    await expect
      .poll(() => owner.getByRole('status').allTextContents())
      .toContain('Published. Visitors can read this post now.');
    await owner.waitForURL(/\/config\/blog\/[^/]+\/posts\/[^/]+$/);
    await owner.getByRole('heading', { name: `Edit post: ${TITLE}` }).waitFor();
  });

  it('shows the published post to a visitor on /blog and on its tag’s listing', async () => {
    const page = await visitorAt('/blog');
    expect(await page.locator('.post-card__title a').allTextContents()).toContain(TITLE);
    // The featured image on the card: the owner's alt text, a srcset up to the original 800 px.
    const card = page.locator('.post-card', { hasText: TITLE }).getByRole('img', { name: IMAGE_ALT });
    const cardSrcset = await card.getAttribute('srcset');
    expect(cardSrcset).toContain(`/files/${IMAGE_NAME}?format=750w 750w`);
    expect(cardSrcset).toContain(`/files/${IMAGE_NAME}?format=original 800w`);
    expect(cardSrcset).not.toContain('1000w');
    await card.scrollIntoViewIfNeeded();
    await expect
      .poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe(TITLE);
    const hero = page.locator('.blog-post__image').getByRole('img', { name: IMAGE_ALT });
    expect(await hero.getAttribute('width')).toBe('800');
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.locator('.blog-post__body').textContent()).toContain(BODY);
    expect(await page.locator('.post-meta__author').textContent()).toBe('By Field Tester');
    await page.locator('.blog-post__tags a.tag-link', { hasText: TAG }).click();
    await page.waitForURL(`**/blog?tag=${TAG}`);
    expect(await page.locator('.post-card__title a').allTextContents()).toEqual([TITLE]);
    await page.context().close();
  });
});

/** A WordPress export of one post: a paragraph and a gallery of three of the demo's pictures. */
const IMPORTED_WXR = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old blog</title><wp:wxr_version>1.2</wp:wxr_version>
<item><title><![CDATA[${IMPORTED_TITLE}]]></title><dc:creator><![CDATA[ines]]></dc:creator>
<content:encoded><![CDATA[<!-- wp:paragraph -->
<p>Three afternoons in the orchard.</p>
<!-- /wp:paragraph -->
<!-- wp:gallery {"columns":3,"linkTo":"none"} -->
<figure class="wp-block-gallery has-nested-images columns-3 is-cropped"><!-- wp:image -->
<figure class="wp-block-image"><img src="/files/content/orchard.jpg" alt="The orchard"/></figure>
<!-- /wp:image --><!-- wp:image -->
<figure class="wp-block-image"><img src="/files/content/meadow.jpg" alt="The meadow"/></figure>
<!-- /wp:image --><!-- wp:image -->
<figure class="wp-block-image"><img src="/files/content/clay.jpg" alt="Clay"/></figure>
<!-- /wp:image --></figure>
<!-- /wp:gallery -->]]></content:encoded>
<wp:post_id>901</wp:post_id><wp:post_date_gmt><![CDATA[2024-08-16 07:45:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[${IMPORTED_URL_ID}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type></item></channel></rss>`;

describe("an imported post's gallery on the post screen", () => {
  it('replaces a picture and its alt text, reorders, removes one and saves; the published post shows it', async () => {
    const imported = await owner.evaluate(async (xml) => {
      const crumb = decodeURIComponent(/(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/api/config/imports/wordpress?dryRun=false', {
        method: 'POST',
        headers: { 'x-csrf-token': crumb, 'content-type': 'application/xml' },
        body: xml,
      });
      return { status: response.status, body: await response.text() };
    }, IMPORTED_WXR);
    expect(imported.status, imported.body).toBe(200);
    const blog = (await ownerApi('GET', '/api/config/blogs')).body.blogs.find(
      (b: { slug: string }) => b.slug === 'blog',
    );
    const posts = (await ownerApi('GET', `/api/config/blogs/${blog.id}/posts?limit=100`)).body.posts;
    const post = posts.find((p: { title: string }) => p.title === IMPORTED_TITLE);
    await owner.goto(`/config/blog/${blog.id}/posts/${post.id}`);
    await owner.getByRole('heading', { name: `Edit post: ${IMPORTED_TITLE}` }).waitFor();

    // The blocks in order: the text in the rich-text editor, the gallery folded with what it shows.
    const blocks = owner.getByRole('list', { name: 'Blocks of the post' });
    await expect
      .poll(() => blocks.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['1. Text', '2. Gallery']);
    await expect.poll(() => owner.getByRole('textbox', { name: 'Text of block 1' }).textContent()).toContain('orchard');
    await blocks.getByText('Gallery: 3 pictures').click();
    const first = owner.getByLabel('Picture 1', { exact: true });
    await expect.poll(() => first.locator('option').allTextContents()).toContain(IMAGE_NAME);
    await first.selectOption({ label: IMAGE_NAME });
    await owner.getByLabel('Alt text of picture 1').fill(NEW_ALT);
    await owner.getByRole('button', { name: 'Move picture 1 down' }).click();
    await owner.getByRole('button', { name: 'Remove picture 3' }).click();
    await expect.poll(() => owner.getByLabel('Alt text of picture 2').inputValue()).toBe(NEW_ALT);
    expect(await owner.getByLabel('Alt text of picture 1').inputValue()).toBe('The meadow');
    expect(await owner.getByLabel('Picture 3', { exact: true }).count()).toBe(0);
    // A block moved and put back: the page editor's commands and undo history.
    await owner.getByRole('button', { name: 'Move block 2, Gallery up' }).click();
    await expect
      .poll(() => blocks.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['1. Gallery', '2. Text']);
    await owner.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => blocks.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['1. Text', '2. Gallery']);
    await expectAccessible(owner, 'post blocks');

    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByRole('status').allTextContents()).toContain('Saved.');
    const page = await visitorAt(`/blog/${IMPORTED_URL_ID}`);
    const gallery = page.locator('.block--gallery img');
    await expect
      .poll(() => gallery.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))))
      .toEqual(['The meadow', NEW_ALT]);
    expect(await gallery.nth(1).getAttribute('src')).toContain(`/files/${IMAGE_NAME}`);
    expect(await page.locator('.blog-post__body').textContent()).toContain('Three afternoons in the orchard.');
    await page.context().close();
  });

  it("adds blocks from the page editor's menu: a picture with its alt text and caption, then a quote", async () => {
    const blocks = owner.getByRole('list', { name: 'Blocks of the post' });
    await owner.getByRole('combobox', { name: 'Add block' }).selectOption({ label: 'Image' });
    const image = blocks.getByRole('listitem').filter({ has: owner.getByRole('heading', { name: '3. Image' }) });
    // The new block's form is open with the keyboard focus on it: the page editor's image form.
    await expect.poll(() => image.locator('summary').evaluate((el) => el === document.activeElement)).toBe(true);
    await image.getByLabel('Image file').selectOption({ label: IMAGE_NAME });
    await image.getByLabel('Alt text').fill(IMAGE_ALT);
    await image.getByLabel('Caption').fill(`Hulls soaking ${stamp}`);
    await owner.getByRole('combobox', { name: 'Add block' }).selectOption({ label: 'Quote' });
    const quote = blocks.getByRole('listitem').filter({ has: owner.getByRole('heading', { name: '4. Quote' }) });
    await quote.getByRole('textbox', { name: 'Quote', exact: true }).fill(`Brown is a slow colour ${stamp}`);
    await expectAccessible(owner, 'post blocks with new blocks');
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByRole('status').allTextContents()).toContain('Saved.');

    const page = await visitorAt(`/blog/${IMPORTED_URL_ID}`);
    const picture = page.locator('.block--image').getByRole('img', { name: IMAGE_ALT });
    expect(await picture.getAttribute('src')).toContain(`/files/${IMAGE_NAME}`);
    expect(await page.locator('.block--image figcaption').textContent()).toBe(`Hulls soaking ${stamp}`);
    expect(await page.locator('.block--quote p').textContent()).toBe(`Brown is a slow colour ${stamp}`);
    await page.context().close();
  });

  it('turns a post with a body alone into blocks when a block is added, keeping the body as the first', async () => {
    await owner.getByRole('button', { name: 'Back to posts' }).click();
    await owner.getByRole('button', { name: TITLE, exact: true }).click();
    await owner.getByRole('heading', { name: `Edit post: ${TITLE}` }).waitFor();
    await owner.getByRole('combobox', { name: 'Add block' }).selectOption({ label: 'Quote' });
    const blocks = owner.getByRole('list', { name: 'Blocks of the post' });
    await expect
      .poll(() => blocks.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual(['1. Text', '2. Quote']);
    await blocks.getByRole('textbox', { name: 'Quote', exact: true }).fill(`Dye pots need patience ${stamp}`);
    await owner.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => owner.getByRole('status').allTextContents()).toContain('Saved.');
    const page = await visitorAt(`/blog/${(await owner.getByLabel('URL slug').inputValue()).trim()}`);
    expect(await page.locator('.blog-post__body').textContent()).toContain(BODY);
    expect(await page.locator('.block--quote p').textContent()).toBe(`Dye pots need patience ${stamp}`);
    await page.context().close();
  });
});

describe('tag and category manager', () => {
  it('says a tag already exists and allows one edit at a time', async () => {
    await owner.getByRole('button', { name: 'Back to posts' }).click();
    await owner.getByRole('button', { name: 'Tags and categories' }).click();
    await owner.getByRole('heading', { name: /^Tags and categories: / }).waitFor();
    const tags = owner.getByRole('region', { name: 'Tags', exact: true });
    const ours = tags.getByRole('row').filter({ has: owner.getByRole('rowheader', { name: TAG, exact: true }) });
    expect(await ours.getByRole('cell').first().textContent()).toBe('1');
    const categories = owner.getByRole('region', { name: 'Categories', exact: true });
    expect(await categories.getByRole('rowheader', { name: CATEGORY, exact: true }).count()).toBe(1);

    await tags.getByLabel('New tag').fill(` ${TAG.toUpperCase()} `);
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await expect.poll(() => tags.getByRole('alert').textContent()).toBe('This tag already exists');

    await tags.getByRole('button', { name: `Rename tag ${TAG}` }).click();
    await tags.getByLabel(`New name for ${TAG}`).waitFor();
    await tags.getByRole('button', { name: 'Rename tag care' }).click();
    await expect.poll(() => tags.getByRole('alert').textContent()).toBe('You may only edit one tag at a time');
    await categories.getByRole('button', { name: `Rename category ${CATEGORY}` }).click();
    await expect
      .poll(() => categories.getByRole('alert').textContent())
      .toBe('You may only edit one category at a time');
    await expectAccessible(owner, 'tag manager');
    await tags.getByRole('button', { name: 'Cancel' }).click();
    expect(await tags.getByLabel(`New name for ${TAG}`).count()).toBe(0);
  });
});

describe('popup overlay editor', () => {
  const popupBox = async (page: Page) => {
    const panel = page.locator('.popup-overlay__panel');
    await expect.poll(() => panel.isVisible()).toBe(true);
    const box = await panel.boundingBox();
    const size = page.viewportSize();
    if (!box || !size) throw new Error('the popup has no box');
    return { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height, ...size };
  };

  it('moves the popup on the 3×3 grid and a visitor sees it there', async () => {
    await nav().getByRole('link', { name: 'Popup' }).click();
    await owner.getByRole('heading', { name: 'Popup' }).waitFor();
    const grid = owner.getByRole('radiogroup', { name: 'Position' });
    await expect.poll(() => grid.getByRole('radio').count()).toBe(9);
    await owner.getByLabel('Heading').fill(POPUP_HEADING);

    await grid.getByRole('radio', { name: 'Top left' }).click();
    await expect.poll(() => grid.getByRole('radio', { name: 'Top left' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => owner.locator('.ed-popup-preview__card').getAttribute('data-position')).toBe('top-left');
    await expect.poll(() => owner.locator('.ed-popup-preview__card').textContent()).toContain(POPUP_HEADING);
    await owner.getByRole('button', { name: 'Save popup' }).first().click();
    await expect
      .poll(() => owner.getByRole('status').allTextContents())
      .toContain('Saved. Visitors see the popup on their next page.');

    let page = await visitorAt('/about');
    await expect.poll(() => page.locator('.popup-overlay').getAttribute('data-position')).toBe('top-left');
    await expect.poll(() => page.locator('.popup-overlay__title').textContent()).toBe(POPUP_HEADING);
    let box = await popupBox(page);
    expect(box.right).toBeLessThan(box.width / 2);
    expect(box.bottom).toBeLessThan(box.height / 2);
    await page.context().close();

    // By keyboard: two steps down and two right from the top left is the bottom right.
    await grid.getByRole('radio', { name: 'Top left' }).focus();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight']) await owner.keyboard.press(key);
    const bottomRight = grid.getByRole('radio', { name: 'Bottom right' });
    await expect.poll(() => bottomRight.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => bottomRight.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => grid.getByRole('radio', { checked: true }).count()).toBe(1);
    await expect
      .poll(() => owner.locator('.ed-popup-preview__card').getAttribute('data-position'))
      .toBe('bottom-right');
    await expectAccessible(owner, 'popup editor');
    await owner.getByRole('button', { name: 'Save popup' }).first().click();
    await expect.poll(() => owner.getByRole('button', { name: 'Saved' }).count()).toBe(1);

    page = await visitorAt('/about');
    const overlay = page.locator('.popup-overlay');
    await expect.poll(() => overlay.getAttribute('data-position')).toBe('bottom-right');
    await expect.poll(() => overlay.getAttribute('class')).toContain('popup-overlay--bottom-right');
    box = await popupBox(page);
    expect(box.left).toBeGreaterThan(box.width / 2);
    expect(box.top).toBeGreaterThan(box.height / 2);
    await page.context().close();
  });
});

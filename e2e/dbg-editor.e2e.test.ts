// The site editor as a new owner uses it: sign in, create a page, build it from sections and
// blocks, reorder by keyboard, undo and redo, preview as a phone, publish; then a visitor sees
// the published page and never the draft that follows.
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

/** A 1×1 PNG. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe.ed-frame');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.waitForSelector('[data-tessera-sections]', { state: 'attached' });
  return frame;
}

/** Texts of the blocks in the preview, in page order. */
async function previewBlocks(frame: Frame): Promise<string[]> {
  return frame.$$eval('[data-tessera-sections] [data-tessera-block]', (els) =>
    els.map((el) => (el.textContent ?? '').trim()),
  );
}

/** Drags with the mouse from the middle of `from` to a point of `to` (fraction of its height), in steps. */
async function dragTo(
  page: Page,
  from: { x: number; y: number; width: number; height: number },
  to: { x: number; y: number; width: number; height: number },
  fraction: number,
): Promise<void> {
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * fraction, { steps: 12 });
  await page.mouse.up();
  // dnd-kit swallows clicks for 50 ms after a drop (see the first test).
  await page.waitForTimeout(100);
}

async function boxOf(locator: import('playwright-core').Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

describe('site editor', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a new owner build, reorder, undo, preview and publish a page that visitors then see', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'editor' });
    const context = page.context();

    // Create a page; it opens in the canvas.
    const title = `Field Notes ${Date.now()}`;
    await page.getByLabel('New page title').fill(title);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);

    // A section, a text block and a button linking to the About page.
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Add block').selectOption({ label: 'Text' });
    await page.getByLabel('Text', { exact: true }).fill('Hello from the editor');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Hello from the editor']);
    // Rich text: bold from the lazily loaded text editor reaches the preview.
    await page.getByLabel('Text', { exact: true }).press('ControlOrMeta+a');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect
      .poll(() => frame.locator('[data-tessera-block="block-1-1"] strong, [data-tessera-block="block-1-1"] b').count())
      .toBeGreaterThan(0);

    await page.getByLabel('Add block').selectOption({ label: 'Button' });
    await page.getByLabel('Label').fill('Read about us');
    await page.getByRole('tab', { name: 'Page' }).click();
    await page.getByRole('tabpanel').getByLabel('Page').selectOption({ label: 'About' });
    await expect.poll(() => previewBlocks(frame)).toEqual(['Hello from the editor', 'Read about us']);
    expect(await frame.getAttribute('[data-tessera-sections] a:has-text("Read about us")', 'href')).toBe('/about');

    await expectAccessible(page, 'the editor with a block selected');

    // The web-address tab says what is wrong with a bad address (SPEC §5).
    await page.getByRole('tab', { name: 'Web Address' }).click();
    await page.getByRole('tabpanel').getByLabel('Web Address').fill('not a link');
    await page.getByRole('tabpanel').getByLabel('Web Address').press('Enter');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toBe('Links must be formatted as example.com or https://example.com');

    // Select the text block on the canvas, move it down by keyboard; undo and redo the move.
    await frame.click('[data-tessera-block="block-1-1"] p');
    await expect.poll(() => page.locator('.ed-layer[aria-current="true"]').textContent()).toContain('Text');
    await page.locator('.ed-layer[aria-current="true"]').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Read about us', 'Hello from the editor']);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Hello from the editor', 'Read about us']);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Read about us', 'Hello from the editor']);
    // The toolbar over the selected block runs the same commands.
    await page.getByRole('toolbar', { name: 'Selected block' }).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Hello from the editor', 'Read about us']);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Read about us', 'Hello from the editor']);

    // Drag the text block's handle above the button.
    const handle = await page.getByRole('button', { name: 'Drag Text block' }).boundingBox();
    const over = await page.getByRole('button', { name: 'Drag Button block' }).boundingBox();
    if (!handle || !over) throw new Error('no drag handles');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y - 6, { steps: 4 });
    await page.mouse.move(over.x + over.width / 2, over.y + 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Hello from the editor', 'Read about us']);
    // dnd-kit swallows clicks for 50 ms after a drop (so the drop is not also a click); a person's next
    // click comes later than that, a script's may not.
    await page.waitForTimeout(100);

    // Phone preview: the frame takes SPEC's mobile width.
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Phone', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(() => page.locator('.ed-frame').evaluate((el) => el.getBoundingClientRect().width))
      .toBeLessThanOrEqual(432);

    // Autosave, then publish.
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');

    const slug = title.toLowerCase().replace(/\s+/g, '-');
    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    const first = await visitor.goto(`/${slug}`);
    expect(first?.status()).toBe(200);
    await expect.poll(() => visitor.locator('main').textContent()).toContain('Hello from the editor');
    expect(await visitor.locator('a:has-text("Read about us")').getAttribute('href')).toBe('/about');

    // A later draft stays in the editor until it is published.
    await page.screenshot({ path: '/tmp/dbg-editor.png' });
    console.log('DBG', JSON.stringify(await page.locator('.ed-float').boundingBox()), JSON.stringify(await frame.locator('[data-tessera-block="block-1-1"] p').boundingBox()), JSON.stringify(await page.locator('.ed-frame').boundingBox()), await frame.evaluate(() => JSON.stringify({ sy: window.scrollY, h: document.documentElement.scrollHeight, ih: window.innerHeight, iw: window.innerWidth })));
    await frame.click('[data-tessera-block="block-1-1"] p');
    await page.getByLabel('Text', { exact: true }).fill('A draft nobody sees');
    await expect.poll(() => previewBlocks(frame)).toContain('A draft nobody sees');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await visitor.reload();
    const text = await visitor.locator('main').textContent();
    expect(text).toContain('Hello from the editor');
    expect(text).not.toContain('A draft nobody sees');

    await visitorContext.close();
    await context.close();
  });

  it('edits a code block with the code editor loaded on demand', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'editor' });
    await page.getByLabel('New page title').fill(`Snippets ${Date.now()}`);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);
    await page.getByLabel('Add block').selectOption({ label: 'Code' });
    const code = page.locator('.ed-code .cm-content');
    await code.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('const answer = 42;');
    await expect.poll(() => frame.locator('[data-tessera-sections] pre').textContent()).toContain('const answer = 42;');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => frame.locator('[data-tessera-sections] pre').textContent()).toContain('console.log');
    await expect.poll(() => code.textContent()).toContain('console.log');
    await page.context().close();
  });

  it('uploads images through the file manager and uses them in an image block and a gallery', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'editor' });
    await page.getByLabel('New page title').fill(`Pictures ${Date.now()}`);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);

    const name = `dot-${Date.now()}.png`;
    // Page settings: the SPEC message for a bad URL, then a good one.
    const row = page.locator('.ed-tree li', { has: page.locator('[aria-current="page"]') });
    await row.locator('summary').click();
    await row.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Page settings' });
    await settings.getByLabel('URL slug').fill('Bad Slug');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => settings.locator('.ed-field-error').first().textContent())
      .toBe('Bad Slug is not a valid page URL');
    const slug = `pictures-${Date.now()}`;
    await settings.getByLabel('URL slug').fill(slug);
    await settings.getByLabel('SEO title').fill('Pictures of dots');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.locator(`.ed-tree li[data-page-slug="${slug}"]`).count()).toBe(1);

    await page.getByRole('button', { name: 'Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Files' });
    await dialog.getByLabel('Upload files').setInputFiles([
      { name, mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') },
      { name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent())
      .toBe('virus.exe does not appear to be a supported file');
    await expect.poll(() => dialog.getByRole('link', { name }).count()).toBe(1);
    await expect
      .poll(() => dialog.getByLabel(`Uploading ${name}`).evaluate((el) => (el as HTMLProgressElement).value))
      .toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Add block').selectOption({ label: 'Image' });
    await page.getByLabel('Image file').selectOption({ label: name });
    await page.getByLabel('Alt text').fill('A single dot');
    await expect
      .poll(() => frame.locator('[data-tessera-sections] img').first().getAttribute('alt'))
      .toBe('A single dot');
    expect(await frame.locator('[data-tessera-sections] img').first().getAttribute('src')).toContain(`/files/${name}`);

    await page.getByLabel('Add block').selectOption({ label: 'Gallery' });
    await page.getByRole('checkbox', { name }).check();
    await expect.poll(() => frame.locator('[data-tessera-block="block-1-2"] img').count()).toBeGreaterThan(0);
    await page.getByLabel('Thumbnails per row').focus();
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() =>
        frame.locator('[data-tessera-block="block-1-2"] [style*="--gallery-columns"]').first().getAttribute('style'),
      )
      .toContain('--gallery-columns:3');
    await page.context().close();
  });

  it('drags blocks on the canvas within and across sections, by pointer and keyboard, with undo', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'editor' });
    await page.getByLabel('New page title').fill(`Arrangement ${Date.now()}`);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Add block').selectOption({ label: 'Text' });
    await page.getByLabel('Text', { exact: true }).fill('Alpha');
    await page.getByLabel('Add block').selectOption({ label: 'Button' });
    await page.getByLabel('Label').fill('Beta');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta']);

    // Select Alpha on the canvas and drag it by its toolbar handle onto the lower half of Beta.
    await frame.click('[data-tessera-block="block-1-1"] p');
    // The handle sits at the selected block's left edge, beside its toolbar.
    const handle = page.getByRole('button', { name: 'Drag on the page: Text block' });
    await dragTo(page, await boxOf(handle), await boxOf(frame.locator('[data-tessera-block="block-1-2"] a')), 0.8);
    await expect.poll(() => previewBlocks(frame)).toEqual(['Beta', 'Alpha']);
    // The drop is one undoable step, like every other move.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta']);
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Beta', 'Alpha']);

    // A second section with Gamma; drag Alpha across, below Gamma.
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Add block').selectOption({ label: 'Text' });
    await page.getByLabel('Text', { exact: true }).fill('Gamma');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Beta', 'Alpha', 'Gamma']);
    await page.getByRole('button', { name: 'Text: Alpha' }).click();
    await dragTo(page, await boxOf(handle), await boxOf(frame.locator('[data-tessera-block="block-2-1"] p')), 0.9);
    await expect.poll(() => previewBlocks(frame)).toEqual(['Beta', 'Gamma', 'Alpha']);
    expect(await frame.locator('[data-tessera-block="block-2-2"]').textContent()).toContain('Alpha');
    expect(await frame.locator('section:first-of-type [data-tessera-block]').count()).toBe(1);

    // By keyboard from the same handle: Space, up one block, Space puts Alpha before Gamma.
    // Each key waits for the previous step to settle: dnd-kit listens for arrows a task after the
    // pick-up (the drop layer shows the drag has started) and settles the drop zone after a move.
    const twoFrames = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await handle.focus();
    await page.keyboard.press('Space');
    await page.locator('.ed-drop-layer').waitFor({ state: 'attached' });
    await twoFrames();
    await page.keyboard.press('ArrowUp');
    await twoFrames();
    await page.keyboard.press('Space');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect(await frame.locator('[data-tessera-block="block-2-1"]').textContent()).toContain('Alpha');
    await page.context().close();
  });

  it('discards a draft back to the published page, and publishes only after a failed save has been retried', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'editor' });
    const title = `Second Thoughts ${Date.now()}`;
    await page.getByLabel('New page title').fill(title);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);
    await page.getByLabel('Add block').selectOption({ label: 'Text' });
    await page.getByLabel('Text', { exact: true }).fill('Published words');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');

    // A change, saved as a draft, then discarded: the published page comes back with a fresh undo history.
    await page.getByLabel('Text', { exact: true }).fill('Words to throw away');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard the draft?' });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    expect(await previewBlocks(frame)).toEqual(['Words to throw away']);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await confirm.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Published words']);
    expect(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
    const draft = await page.evaluate(
      async (path) => (await fetch(path)).json(),
      new URL(page.url()).pathname.replace('/config/', '/api/config/'),
    );
    expect(JSON.stringify(draft.draft)).not.toContain('Words to throw away');

    // Autosave fails (the network drops the draft): Publish tries the save again and publishes nothing stale.
    const slug = title.toLowerCase().replace(/\s+/g, '-');
    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    const dropDrafts = (route: import('playwright-core').Route) =>
      route.request().method() === 'PUT' ? route.abort() : route.continue();
    await page.route('**/api/config/pages/*/draft', dropDrafts);
    await frame.click('[data-tessera-block="block-1-1"] p');
    await page.getByLabel('Text', { exact: true }).fill('Newest words');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('error');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Not published');
    await visitor.goto(`/${slug}`);
    expect(await visitor.locator('main').textContent()).toContain('Published words');
    await page.unroute('**/api/config/pages/*/draft', dropDrafts);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
    await visitor.reload();
    expect(await visitor.locator('main').textContent()).toContain('Newest words');
    await visitorContext.close();
    await page.context().close();
  });

  it('moves a page into a folder whose address then opens it', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'editor' });
    const stamp = Date.now();
    const folderTitle = `Guides ${stamp}`;
    await page.getByLabel('New page title').fill(folderTitle);
    await page.getByRole('button', { name: 'Create folder' }).click();
    const folderRow = page.locator(`.ed-tree li[data-page-slug="guides-${stamp}"]`);
    await folderRow.locator('summary').click();
    await folderRow.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Page settings' });
    await settings.getByLabel('Content status').selectOption({ label: 'Published' });
    expect(await settings.getByLabel('When visitors open the folder').inputValue()).toBe('1');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => settings.count()).toBe(0);

    await page.getByLabel('New page title').fill(`Chapter ${stamp}`);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    await previewFrame(page);
    await page.getByLabel('Add block').selectOption({ label: 'Text' });
    await page.getByLabel('Text', { exact: true }).fill('Inside the folder');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');

    const row = page.locator(`.ed-tree li[data-page-slug="chapter-${stamp}"]`);
    await row.locator('summary').click();
    await row.getByLabel('Move to').selectOption({ label: folderTitle });
    await expect.poll(() => row.getAttribute('style')).toContain('padding-inline-start: 14px');
    await expect.poll(() => row.getByLabel('Move to').inputValue()).not.toBe('');

    // The folder's address (index behaviour) opens its first page: the one just moved in.
    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/guides-${stamp}`);
    expect(new URL(visitor.url()).pathname).toBe(`/chapter-${stamp}`);
    expect(await visitor.locator('main').textContent()).toContain('Inside the folder');
    await visitorContext.close();
    await page.context().close();
  });
});

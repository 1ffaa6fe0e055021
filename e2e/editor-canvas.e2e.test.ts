// Editing on the canvas (issue 21): the owner clicks a heading or text in the page preview and
// types there (Lexical in the preview frame, with a floating toolbar); each burst of typing is one
// undoable step, autosaved and published like any other change. Enter and Escape start and stop it.
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe.ed-frame');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no preview frame');
  await frame.waitForSelector('[data-tessera-sections]', { state: 'attached' });
  return frame;
}

/** Texts of the blocks in the preview, in page order. */
function previewBlocks(frame: Frame): Promise<string[]> {
  return frame.$$eval('[data-tessera-sections] [data-tessera-block]', (els) =>
    els.map((el) => (el.textContent ?? '').trim()),
  );
}

/** The kind of text being edited in place ('plain' or 'rich'), or null when none is. */
function editing(frame: Frame): Promise<string | null> {
  return frame.evaluate(
    () => document.querySelector('[data-tessera-inline]')?.getAttribute('data-tessera-inline') ?? null,
  );
}

/** A 4×2 PNG. */
const PNG_4X2 = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGP4z8AARwzIHABvqgf5gNwAKAAAAABJRU5ErkJggg==';

/** The preview's image of the block at `domId`: its address and object-position. */
function previewImage(frame: Frame, domId: string) {
  return frame.evaluate((id) => {
    const img = document.querySelector<HTMLImageElement>(`[data-tessera-block="${id}"] img`);
    return img ? { src: img.getAttribute('src') ?? '', position: img.style.objectPosition } : null;
  }, domId);
}

const inlineBar = (page: Page) => page.getByRole('toolbar', { name: 'Text formatting on the page' });
const undoButton = (page: Page) => page.getByRole('toolbar', { name: 'History' }).getByRole('button', { name: 'Undo' });

async function newPage(page: Page, prefix: string): Promise<string> {
  const title = `${prefix} ${Date.now()}`;
  await page.getByLabel('New page title').fill(title);
  await page.getByRole('button', { name: 'Create page' }).click();
  await page.waitForURL(/\/config\/pages\//);
  return title;
}

describe('editing on the canvas', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('types into a heading and a text block in the preview, undoes a whole burst, and publishes', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'canvas' });
    const title = await newPage(page, 'Canvas');
    const frame = await previewFrame(page);
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Add block').selectOption({ label: 'Heading' });
    await page.getByLabel('Heading text').fill('Welcome');
    await page.getByLabel('Add block').selectOption({ label: 'Text' });
    await expect.poll(() => previewBlocks(frame)).toEqual(['Welcome', 'Write something here.']);

    // A click selects the heading; a click on the selected heading edits it where it is.
    await frame.click('[data-tessera-block="block-1-1"] h2');
    await frame.click('[data-tessera-block="block-1-1"] h2');
    await expect.poll(() => editing(frame)).toBe('plain');
    await inlineBar(page).waitFor();
    const undoneBefore = await undoButton(page).isEnabled();
    expect(undoneBefore).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type(' to our shop');
    // Escape ends the burst: the text is stored as one step, the heading drawn again by the theme.
    await page.keyboard.press('Escape');
    await expect.poll(() => editing(frame)).toBe(null);
    await expect.poll(() => previewBlocks(frame)).toEqual(['Welcome to our shop', 'Write something here.']);
    expect(await frame.locator('[data-tessera-block="block-1-1"] h2').textContent()).toBe('Welcome to our shop');
    expect(await page.getByLabel('Heading text').inputValue()).toBe('Welcome to our shop');
    // One undo takes back the whole burst (not a letter); redo brings it back.
    await undoButton(page).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Welcome', 'Write something here.']);
    await page.getByRole('toolbar', { name: 'History' }).getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => previewBlocks(frame)).toEqual(['Welcome to our shop', 'Write something here.']);

    // Enter edits the selected block on the canvas, Escape stops, Escape again clears the selection.
    await frame.click('[data-tessera-block="block-1-2"] p');
    await expect.poll(() => page.locator('.ed-layer[aria-current="true"]').textContent()).toContain('Text');
    await page.keyboard.press('Enter');
    await expect.poll(() => editing(frame)).toBe('rich');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Fresh bread ');
    await inlineBar(page).getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('every day');
    // A link on the selected word, through the toolbar's address field (the text stays being edited).
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await inlineBar(page).getByRole('button', { name: 'Link', exact: true }).click();
    await inlineBar(page).getByLabel('Link address').fill('/about');
    await inlineBar(page).getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => editing(frame)).toBe('rich');
    await expect
      .poll(() =>
        frame
          .locator('[data-tessera-inline] a')
          .getAttribute('href', { timeout: 500 })
          .catch(() => null),
      )
      .toBe('/about');
    await page.keyboard.press('Escape');
    await expect.poll(() => editing(frame)).toBe(null);
    await expect.poll(() => previewBlocks(frame)).toEqual(['Welcome to our shop', 'Fresh bread every day']);
    expect(await frame.locator('[data-tessera-block="block-1-2"] strong').allTextContents()).toEqual(['every ', 'day']);
    expect(await frame.locator('[data-tessera-block="block-1-2"] a').textContent()).toBe('day');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ed-layer[aria-current="true"]').count()).toBe(0);

    // Typing, then straight to Publish: leaving the text stores the burst before the page is published.
    await frame.click('[data-tessera-block="block-1-1"] h2');
    await page.keyboard.press('Enter');
    await expect.poll(() => editing(frame)).toBe('plain');
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    // A pause in typing stores what is typed so far (the side form shows it) while editing goes on.
    await expect.poll(() => page.getByLabel('Heading text').inputValue()).toBe('Welcome to our shop!');
    expect(await editing(frame)).toBe('plain');
    await page.keyboard.type(' Hi');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
    await expect.poll(() => editing(frame)).toBe(null);

    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${title.toLowerCase().replace(/\s+/g, '-')}`);
    await expect.poll(() => visitor.locator('main h2').first().textContent()).toBe('Welcome to our shop! Hi');
    expect(await visitor.locator('main a[href="/about"]').textContent()).toBe('day');
    await visitorContext.close();
    await page.context().close();
  });

  it('replaces an image by dropping a file on it, and sets its focal point by dragging the marker', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'canvas-img' });
    const title = await newPage(page, 'Canvas image');
    const frame = await previewFrame(page);
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Add block').selectOption({ label: 'Image' });
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.src).toContain('favicon');

    // A file dropped on the image in the preview is uploaded (progress bar) and replaces the picture.
    await frame.evaluate(async (png) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'canvas-drop.png', { type: 'image/png' }));
      const img = document.querySelector('[data-tessera-block="block-1-1"] img') as Element;
      img.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      img.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, PNG_4X2);
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.src).toContain('canvas-drop');
    expect(await frame.locator('[data-tessera-block="block-1-1"] .image-block__media').getAttribute('style')).toContain(
      '4 / 2',
    );
    // One step: undo brings the old picture back, redo the new one.
    await undoButton(page).click();
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.src).toContain('favicon');
    await page.getByRole('toolbar', { name: 'History' }).getByRole('button', { name: 'Redo' }).click();
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.src).toContain('canvas-drop');

    // The selected image shows the focal point marker: dragged, the picture follows; released, it is stored.
    await frame.click('[data-tessera-block="block-1-1"] img');
    const marker = page.getByRole('main', { name: 'Page preview' }).getByRole('button', { name: /^Focal point/ });
    await expect.poll(() => marker.getAttribute('aria-label')).toMatch(/^Focal point 50% 50%/);
    const box = await frame.locator('[data-tessera-block="block-1-1"] img').boundingBox();
    const from = await marker.boundingBox();
    if (!box || !from) throw new Error('image or marker not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75, { steps: 4 });
    expect((await previewImage(frame, 'block-1-1'))?.position).toBe('25% 75%');
    await page.mouse.up();
    await expect.poll(() => marker.getAttribute('aria-label')).toMatch(/^Focal point 25% 75%/);
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.position).toBe('25% 75%');
    // The arrow keys move it too, one step per press.
    await marker.press('ArrowRight');
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.position).toBe('30% 75%');
    await undoButton(page).click();
    await expect.poll(async () => (await previewImage(frame, 'block-1-1'))?.position).toBe('25% 75%');

    // Enter on a block without text to edit in place (the image) goes to its first field in the side form.
    await frame.click('[data-tessera-block="block-1-1"] img');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-selection-form]') !== null))
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.locator('[aria-live="polite"]').textContent()).toBe('Published');
    const visitorContext = await newVisitor(browser);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/${title.toLowerCase().replace(/\s+/g, '-')}`);
    const img = visitor.locator('main .image-block__img');
    await expect.poll(() => img.getAttribute('src')).toContain('canvas-drop');
    expect(await img.evaluate((el) => (el as HTMLElement).style.objectPosition)).toBe('25% 75%');
    await visitorContext.close();
    await page.context().close();
  });
});

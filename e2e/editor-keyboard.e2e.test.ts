// Keyboard editing in the page editor: with focus on the canvas (key presses forwarded from the
// preview frame), the arrows move the selection, Ctrl+D duplicates, Delete removes, Ctrl+Z and
// Ctrl+Shift+Z undo and redo; Enter edits the heading's text on the canvas, where keys are the
// text's own, and Escape comes back; `?` opens the shortcuts sheet, an accessible modal dialog.
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
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

/** The selected layer's text, or '' when nothing is selected. */
async function selectedLayer(page: Page): Promise<string> {
  const current = page.locator('.ed-layer[aria-current="true"]');
  return (await current.count()) ? ((await current.textContent()) ?? '') : '';
}

/** The preview's block marked as selected (`block-<section>-<index>`). */
function selectedInPreview(frame: Frame): Promise<string | null> {
  return frame.evaluate(
    () => document.querySelector('[data-tessera-selected]')?.getAttribute('data-tessera-block') ?? null,
  );
}

const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

describe('page editor keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('selects, duplicates, deletes, undoes and redoes from the canvas, edits with Enter, and shows the sheet', async () => {
    const page = await signedInOwner(browser, { role: 'editor', prefix: 'keys' });
    await page.getByLabel('New page title').fill(`Keys ${Date.now()}`);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/config\/pages\//);
    const frame = await previewFrame(page);
    await page.getByRole('button', { name: 'Add section' }).click();
    for (const text of ['Alpha', 'Beta', 'Gamma']) {
      await page.getByLabel('Add block').selectOption({ label: 'Heading' });
      await page.getByLabel('Heading text').fill(text);
    }
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Gamma']);

    // Click Alpha on the canvas: focus is in the preview frame, whose keys the editor handles.
    await frame.click('[data-tessera-block="block-1-1"] > *');
    await expect.poll(() => selectedLayer(page)).toContain('Alpha');
    expect(await focusedTag(page)).toBe('IFRAME');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selectedLayer(page)).toContain('Beta');
    await expect.poll(() => selectedInPreview(frame)).toBe('block-1-2');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selectedLayer(page)).toContain('Alpha');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => selectedLayer(page)).toContain('Beta');

    // Duplicate, then delete the copy and Beta; undo brings Beta back, redo removes it, undo again.
    await page.keyboard.press('Control+d');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Beta', 'Gamma']);
    await expect.poll(() => selectedInPreview(frame)).toBe('block-1-3');
    await page.keyboard.press('Delete');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Gamma']);
    // The next block is selected after a delete; the arrows and Backspace go on from there.
    await expect.poll(() => selectedLayer(page)).toContain('Gamma');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selectedLayer(page)).toContain('Beta');
    await page.keyboard.press('Backspace');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Gamma']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Gamma']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Gamma']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await focusedTag(page)).toBe('IFRAME');

    // Undo restores blocks, not the selection: Gamma (selected after the delete) still is.
    expect(await selectedLayer(page)).toContain('Gamma');

    // Enter edits the selected heading's text on the canvas; there, keys are the text's own.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => selectedLayer(page)).toContain('Alpha');
    await page.keyboard.press('Enter');
    const heading = frame.locator('[data-tessera-block="block-1-1"] h2');
    await expect
      .poll(() => heading.evaluate((el) => el === document.activeElement && (el as HTMLElement).isContentEditable))
      .toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Delete');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alph', 'Beta', 'Gamma']);
    // Ctrl+Z in the text is the text's own undo, not the editor's (which would restore more than the letter).
    await page.keyboard.press('Control+z');
    await expect.poll(() => previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Gamma']);
    // Escape goes back to the canvas with the block still selected; Escape again clears the selection.
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedTag(page)).toBe('IFRAME');
    expect(await selectedLayer(page)).toContain('Alpha');
    await page.keyboard.press('Escape');
    await expect.poll(() => selectedLayer(page)).toBe('');

    // `?` opens the sheet: a modal dialog that keeps focus, lists the table with Ctrl keys here, and passes axe.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    const close = sheet.getByRole('button', { name: 'Close' });
    await expect.poll(() => close.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await close.evaluate((el) => el === document.activeElement)).toBe(true);
    const redo = sheet.getByRole('row', { name: /^Redo/ });
    expect(((await redo.textContent()) ?? '').replace(/\s+/g, '')).toContain('Ctrl+Shift+ZorCtrl+Y');
    expect(await sheet.getByRole('row', { name: /Duplicate the selected block/ }).textContent()).toContain('D');
    await expectAccessible(page, 'the keyboard shortcuts sheet');
    // Keys do not reach the editor behind the sheet.
    await page.keyboard.press('Control+z');
    expect(await previewBlocks(frame)).toEqual(['Alpha', 'Beta', 'Gamma']);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.count()).toBe(0);
    await expect.poll(() => focusedTag(page)).toBe('IFRAME');
    await page.context().close();
  });
});

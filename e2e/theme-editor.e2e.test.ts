// The theme editor (issue 21): an administrator edits a partial in CodeMirror, sees the engine's
// error inline as they type, is refused publishing the broken version, fixes it, publishes, and a
// visitor sees the change; going back to the default theme brings the old page back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

const MARK = 'Theme edit works';
let browser: Browser;
let owner: Page;

async function ownerApi(method: 'PUT' | 'POST', path: string, data: unknown) {
  const crumb = (await owner.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  return owner.context().request.fetch(path, { method, data, headers: { 'x-csrf-token': crumb } });
}

async function visitorMark(): Promise<string | null> {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto('/');
  const mark = page.locator('#te-mark');
  const text = (await mark.count()) > 0 ? await mark.textContent() : null;
  await context.close();
  return text;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'admin', prefix: 'theme' });
});

afterAll(async () => {
  // The shared server goes back to the default theme for the browser tests that follow.
  if (owner) {
    await ownerApi('POST', '/api/config/theme/publish', { versionId: null }).catch(() => undefined);
    await ownerApi('PUT', '/api/config/theme/draft', { files: {}, replace: true }).catch(() => undefined);
  }
  await browser?.close();
});

describe('theme editor', () => {
  it('shows a template error inline, refuses to publish it, publishes the fix and rolls back', async () => {
    await owner.goto('/config/theme');
    await owner
      .getByRole('navigation', { name: 'Theme files' })
      .getByRole('button', { name: 'site-footer.block' })
      .click();
    const source = owner.locator('.te-source[data-file="partials/site-footer.block"] .cm-content');
    await expect.poll(() => source.count()).toBe(1);
    await expect.poll(async () => (await source.textContent()) ?? '').toContain('site-footer__inner');

    // An unclosed section at the top of the footer: the engine's error appears at its line and column.
    await source.click();
    await owner.keyboard.press('Control+Home');
    await owner.keyboard.type(`<p id="te-mark">${MARK}</p>{.section website}`);
    await owner.keyboard.press('Escape');
    await owner.keyboard.press('Enter');
    const errors = owner.getByRole('status', { name: 'Template errors' });
    await expect.poll(async () => (await errors.textContent()) ?? '').toMatch(/Line \d+, column \d+: .*SECTION/);
    // Inline, at the engine's line and column: the mark covers the unclosed instruction on line 1.
    const inline = owner.locator('.te-source .cm-lintRange-error');
    await expect.poll(async () => (await inline.first().textContent()) ?? '').toBe('{.section website}');

    // Saved as a version, it cannot be published: the refusal names the file, line and column.
    await expect.poll(async () => (await owner.locator('.ed-panel').textContent()) ?? '').toContain('Draft saved.');
    await owner.getByRole('button', { name: 'Save version' }).click();
    await expect
      .poll(async () => (await owner.locator('.ed-panel').textContent()) ?? '')
      .toMatch(/Saved version \d+\. It has template errors/);
    const broken = owner.locator('.te-versions__list li').first();
    await broken.getByRole('button', { name: /^Publish version/ }).click();
    const refusal = owner.getByRole('alert', { name: 'Publishing refused' });
    await expect
      .poll(async () => (await refusal.textContent()) ?? '')
      .toMatch(/partials\/site-footer\.block line 1, column \d+/);
    await expect
      .poll(async () => (await owner.getByRole('alert').first().textContent()) ?? '')
      .toMatch(/cannot be published/);
    expect(await visitorMark()).toBeNull();

    // Fixed: close the section at the end of the first line; the error goes away.
    await source.click();
    await owner.keyboard.press('Control+Home');
    await owner.keyboard.press('End');
    await owner.keyboard.type('{.end}');
    await owner.keyboard.press('Escape');
    await expect.poll(async () => (await errors.textContent()) ?? '').toContain('No template errors in this file.');
    await expect.poll(() => owner.locator('.te-source .cm-lintRange-error').count()).toBe(0);

    // The preview shows the draft before anything is published.
    await expect
      .poll(async () => (await owner.frameLocator('iframe[title="Theme preview"]').locator('#te-mark').count()) ?? 0, {
        timeout: 15_000,
      })
      .toBe(1);

    await owner.getByRole('button', { name: 'Save version' }).click();
    await expect
      .poll(async () => (await owner.locator('.ed-panel').textContent()) ?? '')
      .toMatch(/Saved version \d+\.(?! It has)/);
    await owner
      .locator('.te-versions__list li')
      .first()
      .getByRole('button', { name: /^Publish version/ })
      .click();
    await expect
      .poll(async () => (await owner.locator('.ed-panel').textContent()) ?? '')
      .toMatch(/Version \d+ is live\./);
    await expect.poll(visitorMark).toBe(MARK);

    // Roll back: the default theme again, and the visitor's page is as before.
    await owner.getByRole('button', { name: 'Back to the default theme' }).click();
    await expect
      .poll(async () => (await owner.locator('.ed-panel').textContent()) ?? '')
      .toContain('The default theme is live.');
    await expect.poll(visitorMark).toBeNull();

    // The draft's file back to the default theme's: the code editor shows the default text again.
    await owner.getByRole('button', { name: "Use the default theme's file" }).click();
    await expect
      .poll(async () => (await owner.locator('.ed-panel').textContent()) ?? '')
      .toContain("partials/site-footer.block is back to the default theme's.");
    await expect.poll(async () => (await source.textContent()) ?? '').not.toContain(MARK);
    expect(await source.textContent()).toContain('site-footer__inner');
  });
});

// Fonts of your own (issue 21): an owner uploads a font file in the Design panel's "Your fonts",
// sees a bad file refused with the server's reason, uses the uploaded family for headings and
// saves; a visitor's published page then sets its headings in that family, the file served
// self-hosted from /_fonts/.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

// A real font file (Inter 600, the same file the default theme ships), not made-up bytes.
const FONT_FILE = join(import.meta.dirname, 'fixtures/fonts/inter-latin-600-normal.woff2');

let browser: Browser;
let owner: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { prefix: 'fonts' });
});

afterAll(async () => {
  // Give the shared server its default look back and take the uploaded font out again.
  if (owner) {
    const crumb = (await owner.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const api = owner.context().request;
    await api
      .put('/api/config/design', { data: { 'fonts.fontUsageCategories': [] }, headers: { 'x-csrf-token': crumb } })
      .catch(() => undefined);
    const listed = await api.get('/api/config/design/own-fonts').catch(() => undefined);
    const fonts: { id: string }[] = listed?.ok() ? (await listed.json()).fonts : [];
    for (const font of fonts) {
      await api.delete(`/api/config/design/own-fonts/${font.id}`, { headers: { 'x-csrf-token': crumb } });
    }
    await owner.context().close();
  }
  await browser?.close();
});

describe('your own fonts', () => {
  it('uploads a font, uses it for headings, and the published headings are set in it', async () => {
    await owner.goto('/config/design/fonts');
    const yours = owner.getByRole('region', { name: 'Your fonts' });
    await expect.poll(() => yours.getByText('No fonts uploaded yet.').count()).toBe(1);

    // A file that is not a font is refused with the server's reason.
    await yours.getByLabel(/Upload a font file/).setInputFiles({
      name: 'notes.woff2',
      mimeType: 'font/woff2',
      buffer: Buffer.from('these are notes, not a font'),
    });
    await expect.poll(() => yours.getByRole('alert').textContent()).toMatch(/notes\.woff2/);

    await yours.getByLabel(/Upload a font file/).setInputFiles(FONT_FILE);
    await expect.poll(() => yours.getByRole('status').textContent()).toBe('Inter SemiBold uploaded.');
    const files = yours.getByRole('list', { name: 'Inter files' });
    await expect.poll(() => files.getByRole('listitem').textContent()).toMatch(/^600 · SemiBold · WOFF2/);

    await yours.getByRole('button', { name: 'Use Inter for heading' }).click();
    await expect.poll(() => yours.getByText('Inter is the heading font').count()).toBe(1);
    const [saved] = await Promise.all([
      owner.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/config/design')),
      owner.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(saved.postDataJSON()['fonts.fontUsageCategories']).toContainEqual(
      expect.objectContaining({ id: 'heading', family: 'own-inter' }),
    );
    await expect.poll(() => owner.getByRole('status').filter({ hasText: 'All changes saved' }).count()).toBe(1);

    // Deleting a family in use is refused with the server's message.
    await yours.getByRole('button', { name: 'Delete Inter SemiBold' }).click();
    await expect.poll(() => yours.getByRole('alert').textContent()).toMatch(/Inter is in use \(heading/);

    const visitor = await newVisitor(browser);
    const site = await visitor.newPage();
    const served: { url: string; status: number }[] = [];
    site.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/_fonts/')) {
        served.push({ url: response.url(), status: response.status() });
      }
    });
    await site.goto('/');
    await site.evaluate(() => document.fonts.ready);
    const published = await site.evaluate(() => ({
      headingFont: getComputedStyle(document.querySelector('h1, h2') as HTMLElement).fontFamily,
      faces: [...document.fonts]
        .filter((face) => face.status === 'loaded' && face.family.replace(/"/g, '') === 'Inter')
        .map((face) => face.weight),
    }));
    expect(published.headingFont).toMatch(/^"?Inter"?/);
    expect(published.faces).toContain('600');
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((response) => response.status === 200)).toBe(true);
    await visitor.close();
  });
});

// An owner opens the editor's Events panel, gives an event an SEO title and hides it from search
// engines; the event page's <title> and robots tag and the sitemap follow. The event's fields are
// put back afterwards (the demo site is shared by every browser test).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';

const stamp = Date.now().toString(36);
const SEO_TITLE = `Indigo workshop ${stamp} | Juniper`;
const EVENT_TITLE = 'Indigo dyeing workshop';
const EVENT_PATH = '/events/indigo-dyeing-workshop';

let browser: Browser;
let owner: Page;
let eventId = '';

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

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'editor', prefix: 'events-seo' });
  const { body } = await ownerApi<{ events: { id: string; path: string }[] }>('GET', '/api/config/events');
  eventId = body.events.find((event) => event.path === EVENT_PATH)?.id ?? '';
  expect(eventId, 'the demo site has the indigo workshop').not.toBe('');
});

afterAll(async () => {
  try {
    if (eventId) {
      const cleared = { title: '', description: '', socialImage: '', noindex: false };
      expect((await ownerApi('PUT', `/api/config/events/${eventId}/seo`, { seo: cleared })).status).toBe(200);
    }
  } finally {
    await browser?.close();
  }
});

describe('event search and sharing fields in the editor', () => {
  it('sets an SEO title and noindex; the page head and the sitemap follow', async () => {
    await owner.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Events' }).click();
    await owner.getByRole('heading', { name: 'Events', exact: true }).waitFor();
    const row = owner.getByRole('row', { name: new RegExp(EVENT_TITLE) });
    await expect.poll(() => row.getByRole('cell').last().textContent()).toBe('Listed');
    await expectAccessible(owner, '/config/events');

    await row.getByRole('link', { name: EVENT_TITLE }).click();
    await owner.getByRole('heading', { name: `Event: ${EVENT_TITLE}` }).waitFor();
    expect(new URL(owner.url()).pathname).toBe(`/config/events/${eventId}`);
    const seo = owner.getByRole('group', { name: 'Search and sharing' });
    await seo.getByLabel('SEO title').fill(SEO_TITLE);
    await seo.getByLabel('SEO description').fill('Dye a napkin set in natural indigo.');
    await seo.getByLabel('Hide from search engines').check();
    await expectAccessible(owner, `/config/events/${eventId}`);
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner
      .getByRole('paragraph')
      .filter({ hasText: 'Saved. Search engines and link previews see the new fields.' })
      .waitFor();

    const context = await newVisitor(browser);
    try {
      const page = await context.newPage();
      const response = await page.goto(EVENT_PATH);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(SEO_TITLE);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
        'Dye a napkin set in natural indigo.',
      );
      const sitemap = await (await page.request.get('/sitemap.xml')).text();
      expect(sitemap).not.toContain(`${EVENT_PATH}<`);
      expect(sitemap).toContain('/events/winter-market<');
    } finally {
      await context.close();
    }

    // Reopened, the form shows what was saved, and the list marks the event hidden.
    await owner.reload();
    await owner.getByRole('heading', { name: `Event: ${EVENT_TITLE}` }).waitFor();
    expect(await owner.getByLabel('SEO title').inputValue()).toBe(SEO_TITLE);
    expect(await owner.getByLabel('Hide from search engines').isChecked()).toBe(true);
    await owner.getByRole('button', { name: 'Back to events' }).click();
    await expect.poll(() => row.getByRole('cell').last().textContent()).toBe('Hidden');
  });
});

// The rating summary's anchor link on a product page (issue 23): a visitor clicks it, the page moves
// to the reviews section, and the SPEC's reviews anchor and reviews tab events reach the tracker and
// are stored for the product. The demo site has reviews on, so the summary is there with no review.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor, serverDataDir } from './fixtures/env.js';
import { readContext } from './fixtures/storefront.js';

let browser: Browser;
let context: BrowserContext;

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(serverDataDir(), 'tessera.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('reviews anchor', () => {
  it('moves to the reviews section and tracks the anchor click', async () => {
    context = await newVisitor(browser, { viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/api/census/batch')) return;
      const batch = JSON.parse(request.postData() ?? '{}') as { events?: { eventContent?: string }[] };
      for (const event of batch.events ?? []) {
        if (event.eventContent) sent.push(JSON.parse(event.eventContent).eventName);
      }
    });
    // The tracker is running once it has asked for its settings.
    const tracker = page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'), { timeout: 15_000 });
    expect((await page.goto('/shop/p/linen-shirt'))?.status()).toBe(200);
    await tracker;
    const product = (await readContext(page)).product as { id: string };
    await expectAccessible(page, 'the product page with its reviews');

    const reviews = page.locator('#reviews');
    const top = () => reviews.evaluate((section) => Math.round(section.getBoundingClientRect().top));
    // The reviews section starts below the first screen…
    expect(await top()).toBeGreaterThan(720);
    expect(sent).not.toContain('ReviewsAnchorClick');

    const anchor = page.getByRole('link', { name: /No reviews yet|out of 5 stars/ });
    await anchor.click();
    // …and the link brings its heading to the top of the window.
    await expect.poll(() => page.url()).toMatch(/\/shop\/p\/linen-shirt#reviews$/);
    await expect.poll(top).toBeLessThan(100);
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(await page.getByRole('heading', { name: 'Reviews', exact: true }).isVisible()).toBe(true);

    await expect.poll(() => sent).toContain('ReviewsAnchorClick');
    await expect.poll(() => sent).toContain('ReviewsTabView');
    const visitorId = decodeURIComponent((await context.cookies()).find((c) => c.name === 'ss_cvr')?.value ?? '').split(
      '.',
    )[0];
    const stored = () =>
      query<{ name: string; item_id: string | null }>(
        "select name, item_id from tracking_events where visitor_id = ? and source = 'schema' and name like 'Reviews%'",
        visitorId,
      );
    await expect
      .poll(() =>
        stored()
          .map((e) => e.name)
          .sort(),
      )
      .toEqual(['ReviewsAnchorClick', 'ReviewsTabView']);
    expect(stored().every((e) => e.item_id === product.id)).toBe(true);
  });
});

// Issue 22: each island is its own chunk, React one shared chunk, and a page fetches only the
// chunks of the islands it has, after its load (or at the first touch), never before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/env.js';
import { ProductPage } from './fixtures/storefront.js';
import { Visitors } from './fixtures/visitor.js';

const STOREFRONT = join(import.meta.dirname, '../packages/storefront');
const LOADER_BUDGET_GZIP = 10 * 1024;
const REACT_ISLANDS = new Set(['form', 'product', 'cart-page']);

interface Chunks {
  loader: string;
  react: string;
  /** Public path of each island's own chunk, by `data-island` name (from src/islands/index.tsx). */
  islands: Map<string, string>;
}

/** Reads the build manifest and the island table, so a new island is covered without editing this file. */
function readChunks(): Chunks {
  const path = join(STOREFRONT, 'dist/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run node scripts/build.mjs`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { file: string }>;
  const table = readFileSync(join(STOREFRONT, 'src/islands/index.tsx'), 'utf8');
  const islands = new Map<string, string>();
  for (const [, name, source] of table.matchAll(
    /'?([a-z-]+)'?: (?:withReact\()?\(\) =>\s*import\('\.\/([^']+)\.js'\)/g,
  )) {
    const key = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === `src/islands/${source}`);
    if (!key) throw new Error(`the island "${name}" (src/islands/${source}) has no chunk in the manifest`);
    islands.set(name as string, `/${manifest[key]!.file}`);
  }
  const react = Object.values(manifest).find((m) => /(^|\/)react-[\w-]+\.js$/.test(m.file));
  if (!react) throw new Error('the manifest has no shared react chunk');
  return { loader: `/${manifest['src/loader.ts']!.file}`, react: `/${react.file}`, islands };
}

/** Scripts the page has fetched (Resource Timing), each marked with whether its load event had started. */
function fetchedScripts(page: Page) {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const loadAt = navigation?.loadEventStart || Number.POSITIVE_INFINITY;
    return performance
      .getEntriesByType('resource')
      .map((entry) => ({ path: new URL(entry.name).pathname, afterLoad: entry.startTime >= loadAt }))
      .filter((entry) => entry.path.endsWith('.js'));
  });
}

/** Waits until every island root on the page that comes into view is live and the network is quiet. */
async function settle(page: Page, names: string[]) {
  await page.waitForLoadState('networkidle');
  if (names.includes('product')) {
    await expect
      .poll(() => page.locator('[data-island="product"]').first().getAttribute('data-island-state'))
      .toBe('live');
  }
  await page.waitForTimeout(800); // a few idle periods: the scheduler fetches the off-screen islands then
  await page.waitForLoadState('networkidle');
}

let browser: Browser;
let chunks: Chunks;
const visitors = new Visitors();

beforeAll(async () => {
  chunks = readChunks();
  browser = await launchBrowser();
});

afterAll(async () => {
  await visitors.closeAll();
  await browser?.close();
});

describe('island chunks', () => {
  it('keeps the loader within its 10 KB budget and gives every island its own chunk', () => {
    const loader = readFileSync(join(STOREFRONT, 'dist', chunks.loader));
    expect(gzipSync(loader, { level: 9 }).length).toBeLessThanOrEqual(LOADER_BUDGET_GZIP);
    expect(chunks.islands.get('product')).toBeDefined();
    expect(new Set(chunks.islands.values()).size).toBe(chunks.islands.size);
  });

  it('fetches only the chunks of the islands a page has, none before load', async () => {
    for (const path of ['/about', '/cart', '/shop/p/sticker-pack']) {
      const { page, pageErrors } = await visitors.create(browser);
      await page.goto(path);
      const names = await page.$$eval('[data-island]', (roots) =>
        roots.map((r) => r.getAttribute('data-island') ?? ''),
      );
      await settle(page, names);
      const scripts = await fetchedScripts(page);
      const fetched = new Set(scripts.map((s) => s.path));
      const earlyIslands = scripts.filter((s) => !s.afterLoad && s.path !== chunks.loader).map((s) => s.path);
      expect(earlyIslands, `${path}: scripts fetched before the load event`).toEqual([]);
      for (const [name, file] of chunks.islands) {
        if (!names.includes(name)) expect(fetched.has(file), `${path} has no "${name}" island`).toBe(false);
      }
      if (!names.some((name) => REACT_ISLANDS.has(name))) {
        expect(fetched.has(chunks.react), `${path} has no React island but fetched React`).toBe(false);
      }
      if (path.startsWith('/shop/p/')) {
        expect(fetched.has(chunks.islands.get('product')!)).toBe(true);
        expect(fetched.has(chunks.react)).toBe(true);
      }
      expect(pageErrors).toEqual([]);
    }
  });

  it('adds to cart from a product page whose island came from its own chunk', async () => {
    const { page, pageErrors } = await visitors.create(browser);
    const product = new ProductPage(page);
    await product.goto('sticker-pack');
    await expect.poll(() => product.root.getAttribute('data-island-state')).toBe('live');
    await product.addButton.click();
    await expect.poll(() => product.pill.countText()).toBe('1');
    const fetched = (await fetchedScripts(page)).map((s) => s.path);
    expect(fetched).toContain(chunks.islands.get('product'));
    expect(fetched).not.toContain(chunks.islands.get('cart-page'));
    expect(pageErrors).toEqual([]);
  });
});

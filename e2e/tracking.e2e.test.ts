// First-party tracking in a real browser against the real built server: a visitor's walk through
// the demo shop leaves hits, commerce events, performance records and JavaScript errors in the
// database, a page's hit and its events travel in one batch (issue 20), and the skip rules hold
// (search, not found, a signed-in owner).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor, serverDataDir, serverUrl } from './fixtures/env.js';
import { eventually, ProductPage, readContext } from './fixtures/storefront.js';
import { CLI, ROOT } from './support/server.mjs';

let browser: Browser;
const contexts: BrowserContext[] = [];

/** Reads the server's SQLite file (read-only) while the server runs. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const dataDir = serverDataDir();
  const db = new Database(join(dataDir, 'tessera.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

interface BatchSent {
  events: { type: string; id: string; data?: string; eventContent?: string; name?: string }[];
  /** The answer's results, once it came. */
  results?: { index: number; stored: boolean }[];
}

async function visitor() {
  const context = await newVisitor(browser);
  contexts.push(context);
  const page = await context.newPage();
  const calls: string[] = [];
  const batches: BatchSent[] = [];
  const sent = new Map<Request, BatchSent>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (/^\/api\/(census|events|v1\/clanker|1\/performance)\//.test(url.pathname)) calls.push(url.pathname);
    if (url.pathname === '/api/census/batch') {
      const batch: BatchSent = JSON.parse(request.postData() ?? '{}');
      batches.push(batch);
      sent.set(request, batch);
    }
  });
  page.on('response', (response) => {
    const batch = sent.get(response.request());
    // The body of an answer that came after the page was left is gone: those stay without results.
    if (batch && response.status() === 202) {
      response.json().then(
        (answer) => {
          batch.results = answer.results;
        },
        () => undefined,
      );
    }
  });
  return { context, page, calls, batches };
}

/** What a batch carries, by kind: hit paths, schema event names and census call names. */
function contentsOf(batch: BatchSent): string[] {
  return batch.events.map((event) =>
    event.type === 'hit'
      ? `hit ${JSON.parse(event.data ?? '{}').path}`
      : event.type === 'census'
        ? `census ${event.name}`
        : `event ${JSON.parse(event.eventContent ?? '{}').eventName}`,
  );
}

/** Loads a page and waits until the lazy tracker is running (it asks for a page load id). */
async function visit(page: Page, path: string, status = 200) {
  const settings = page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'), { timeout: 15_000 });
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(status);
  await settings;
}

async function visitorIdOf(context: BrowserContext): Promise<string> {
  const record = (await context.cookies()).find((c) => c.name === 'ss_cvr')?.value ?? '';
  return decodeURIComponent(record).split('.')[0];
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('tracking', () => {
  it('records a visitor walk: hits, commerce events, performance records and errors', async () => {
    const { context, page, calls, batches } = await visitor();
    await visit(page, '/');
    // The home page's census (its newsletter form's render) is queued once the tracker has started;
    // on a loaded machine that can come after the next navigation began, and then it is never sent.
    // The walk goes on once the home page's batch carried it.
    await eventually(
      async () => batches.flatMap(contentsOf),
      (sentSoFar) => sentSoFar.includes('census form-render'),
    );
    await visit(page, '/shop');

    const product = new ProductPage(page);
    await visit(page, '/shop/p/sticker-pack');
    // The product page's hit, its add-to-cart button's render and its VisitPDP event arrive in one
    // request, all stored.
    const pageBatch = await eventually(
      async () => batches.find((b) => contentsOf(b).includes('hit /shop/p/sticker-pack') && b.results),
      (batch) => batch !== undefined,
    );
    expect(contentsOf(pageBatch as BatchSent)).toEqual([
      'hit /shop/p/sticker-pack',
      'census button-render',
      'event VisitPDP',
    ]);
    expect(pageBatch?.results).toEqual([
      { index: 0, stored: true },
      { index: 1, stored: true },
      { index: 2, stored: true },
    ]);
    const item = await product.product();
    await product.addButton.click();
    await eventually(
      async () => batches.flatMap(contentsOf),
      (sentSoFar) => sentSoFar.includes('event AddToCart'),
    );
    // An uncaught error on the page goes to the reporter (debounced by 1 s).
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('tracking e2e boom');
      });
    });
    await page.waitForRequest((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'), { timeout: 5_000 });

    const viewCart = page.waitForRequest(
      (r) => r.url().endsWith('/api/census/batch') && (r.postData() ?? '').includes('ViewCart'),
      { timeout: 10_000 },
    );
    await visit(page, '/cart');
    await viewCart;
    // Not recorded as page views: /search (no page view there) and a missing page (not found).
    await page.goto('/search');
    await page.goto('/no-such-page');
    await page.goto('about:blank'); // pagehide flushes the performance records of /cart

    const visitorId = await visitorIdOf(context);
    expect(visitorId).toMatch(/^[0-9a-z]{12}$/);

    const hits = await eventually(
      async () =>
        query<{ path: string; device: string; landing: number }>(
          'select path, device, landing from tracking_hits where visitor_id = ? order by created_at',
          visitorId,
        ),
      (rows) => rows.length >= 4,
    );
    expect(hits.map((h) => h.path)).toEqual(['/', '/shop', '/shop/p/sticker-pack', '/cart']);
    expect(hits.map((h) => h.landing)).toEqual([1, 0, 0, 0]);
    expect(hits.every((h) => h.device === 'desktop')).toBe(true);

    const events = await eventually(
      async () =>
        query<{ name: string; item_id: string | null; value_cents: number | null }>(
          'select name, item_id, value_cents from tracking_events where visitor_id = ? and source = ?',
          visitorId,
          'schema',
        ),
      (rows) => rows.length >= 3,
    );
    expect(events.map((e) => e.name).sort()).toEqual(['AddToCart', 'ViewCart', 'VisitPDP']);
    const added = events.find((e) => e.name === 'AddToCart');
    expect(added?.item_id).toBe(item.id);
    expect(added?.value_cents).toBeGreaterThan(0);

    const metrics = await eventually(
      async () => query<{ path: string; name: string }>('select distinct path, name from tracking_metrics'),
      (rows) => rows.some((r) => r.path === '/cart' && r.name === 'TTFB'),
    );
    const cartMetrics = metrics.filter((m) => m.path === '/cart').map((m) => m.name);
    expect(cartMetrics).toEqual(expect.arrayContaining(['TTFB', 'FCP', 'nav.loadEnd', 'nav.dns']));

    const errors = await eventually(
      async () => query<{ message: string; path: string }>('select message, path from tracking_js_errors'),
      (rows) => rows.some((r) => r.message.includes('tracking e2e boom')),
    );
    expect(errors.find((e) => e.message.includes('tracking e2e boom'))?.path).toBe('/shop/p/sticker-pack');

    // Every hit and event went in batches, none on the single routes; every event id once.
    expect(calls).toContain('/api/census/batch');
    expect(calls.filter((c) => c === '/api/census/RecordHit' || c === '/api/v1/clanker/events')).toEqual([]);
    // The census calls too: the home page's newsletter form render went in a batch, not on its own route.
    expect(batches.some((b) => b.events.some((e) => e.type === 'census' && e.name === 'form-render'))).toBe(true);
    expect(calls.filter((c) => /^\/api\/census\/(button-render|form-render|overlay|RecordQuickView)/.test(c))).toEqual(
      [],
    );
    const formRenders = await eventually(
      async () =>
        query<{ n: number }>(
          "select count(*) as n from tracking_events where source = 'census' and name = 'form-render'",
        ),
      (rows) => rows[0].n > 0,
    );
    expect(formRenders[0].n).toBeGreaterThan(0);
    const ids = batches.flatMap((b) => b.events.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-f]{8}[0-9a-z]{12}$/.test(id))).toBe(true);
    const skipped = query<{ n: number }>(
      "select count(*) as n from tracking_hits where path in ('/search', '/no-such-page')",
    );
    expect(skipped[0].n).toBe(0);
  });

  it('sends the hit and the events one by one to a server without the batch route', async () => {
    const { context, page, calls } = await visitor();
    await page.route('**/api/census/batch', (route) => route.fulfill({ status: 404, body: '' }));
    await visit(page, '/shop/p/sticker-pack');
    await eventually(
      async () => calls,
      (sent) => sent.includes('/api/census/RecordHit') && sent.includes('/api/v1/clanker/events'),
    );
    expect(calls.filter((c) => c === '/api/census/batch')).toHaveLength(1); // asked once, then not again
    const visitorId = await visitorIdOf(context);
    const stored = await eventually(
      async () => ({
        hits: query<{ path: string }>('select path from tracking_hits where visitor_id = ?', visitorId),
        events: query<{ name: string }>(
          "select name from tracking_events where visitor_id = ? and source = 'schema'",
          visitorId,
        ),
      }),
      (rows) => rows.hits.length >= 1 && rows.events.length >= 1,
    );
    expect(stored.hits.map((h) => h.path)).toEqual(['/shop/p/sticker-pack']);
    expect(stored.events.map((e) => e.name)).toEqual(['VisitPDP']);
  });

  it('does not track a signed-in owner', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const created = spawnSync(
      process.execPath,
      [CLI, 'create-owner', '--email', email, '--password', 'correct horse battery', '--role', 'editor'],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: serverDataDir() },
        encoding: 'utf8',
      },
    );
    expect(created.status, created.stderr).toBe(0);

    const { context, page, calls, batches } = await visitor();
    await visit(page, '/'); // a visitor until signed in: wait for its tracker to settle
    // Its last census (the newsletter form's render) can leave after the next navigation began, and
    // would then count against the owner's page: wait until the home page's batch carried it.
    await eventually(
      async () => batches.flatMap(contentsOf),
      (sentSoFar) => sentSoFar.includes('census form-render'),
    );
    const crumb = (await context.cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const signIn = await page.request.post(`${serverUrl()}/api/config/session`, {
      data: { email, password: 'correct horse battery' },
      headers: { 'x-csrf-token': crumb },
    });
    expect(signIn.status()).toBe(200);
    calls.length = 0;

    await page.goto('/shop');
    expect((await readContext(page)) as unknown).toMatchObject({ owner: { roles: [4] } });
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    expect(calls).toEqual([]);
  });
});

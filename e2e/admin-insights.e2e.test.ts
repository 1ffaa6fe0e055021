// The editor's Insights panels in a real browser against the real built server (issue 11): a
// visitor's walk through the shop shows in Analytics, a newsletter sign-up shows in Form
// submissions and comes out of its CSV export, and errors thrown on the site's pages show grouped
// in JavaScript errors.
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { ProductPage } from './fixtures/storefront.js';

let browser: Browser;
let owner: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'admin', prefix: 'insights' });
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await owner?.context().close();
  await browser?.close();
});

async function visitor(): Promise<Page> {
  const context = await newVisitor(browser);
  contexts.push(context);
  return context.newPage();
}

/** Loads a storefront page and waits until its lazy tracker runs (it asks for a page load id). */
async function visit(page: Page, path: string) {
  const tracker = page.waitForResponse((r) => r.url().endsWith('/api/1/performance/settings'), { timeout: 15_000 });
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await tracker;
}

function openPanel(page: Page, label: string) {
  return page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: label }).click();
}

/** The first whole number in a text ("1,204 visits and …" → 1204). */
function firstNumber(text: string | null): number {
  const match = /(\d[\d,]*)/.exec(text ?? '');
  if (!match) throw new Error(`No number in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

/** The figures table of a chart (opened under "Show the figures"). */
async function figuresOf(figure: Locator): Promise<Locator> {
  const details = figure.locator('details');
  if ((await details.getAttribute('open')) === null) await figure.getByText('Show the figures').click();
  return figure.getByRole('table');
}

async function analyticsNow(page: Page) {
  const traffic = page.getByRole('figure', { name: 'Visits and page views' });
  const summary = await traffic.getByText(/visits and .* page views/).textContent();
  const funnel = await figuresOf(page.getByRole('figure', { name: 'Sales funnel' }));
  const addToCart = await funnel
    .getByRole('row', { name: /^Add to cart/ })
    .getByRole('cell')
    .first()
    .textContent();
  return { visits: firstNumber(summary), addToCart: firstNumber(addToCart) };
}

async function refreshAnalytics(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes('/api/config/analytics/report'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  await answered;
  await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
}

describe('Insights panels', () => {
  it('counts a visitor walk in Analytics: visits, the add to cart and the product page', async () => {
    await openPanel(owner, 'Analytics');
    await owner.waitForURL(/\/config\/analytics$/);
    await expect.poll(() => owner.getByRole('figure', { name: 'Visits and page views' }).count()).toBe(1);
    const before = await analyticsNow(owner);

    const page = await visitor();
    await visit(page, '/');
    await visit(page, '/shop/p/sticker-pack');
    const added = page.waitForRequest(
      (r) => r.url().endsWith('/api/census/batch') && (r.postData() ?? '').includes('AddToCart'),
      { timeout: 10_000 },
    );
    await new ProductPage(page).addButton.click();
    await added;
    await page.goto('about:blank'); // leaving flushes what the tracker still holds

    await expect
      .poll(async () => {
        await refreshAnalytics(owner);
        const now = await analyticsNow(owner);
        return now.visits > before.visits && now.addToCart > before.addToCart;
      })
      .toBe(true);
    const pages = owner.getByRole('region', { name: 'Top pages' });
    await expect.poll(() => pages.getByRole('rowheader', { name: '/shop/p/sticker-pack' }).count()).toBe(1);

    // Another range: the figures are asked for again with explicit days.
    const thirty = owner.waitForResponse((r) =>
      /\/api\/config\/analytics\/daily\?from=\d{4}-\d{2}-\d{2}&to=/.test(r.url()),
    );
    await owner.getByLabel('Last 30 days').check();
    expect((await thirty).status()).toBe(200);
    await expect.poll(async () => (await analyticsNow(owner)).visits).toBeGreaterThan(before.visits);
    // A custom range the wrong way round is refused in words before anything is sent.
    await owner.getByLabel('Custom').check();
    await owner.getByLabel('From', { exact: true }).fill('2026-02-10');
    await owner.getByLabel('To', { exact: true }).fill('2026-02-01');
    await owner.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => owner.getByRole('alert').filter({ hasText: 'on or before' }).textContent())
      .toBe('The start date must be on or before the end date.');
    await expectAccessible(owner);
  });

  it('lists a form submission and exports it as CSV', async () => {
    const email = `insights-${Date.now()}@example.com`;
    const page = await visitor();
    await page.goto('/contact');
    const block = page.locator('#form-newsletter-form');
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => block.getAttribute('data-island-state')).toBe('live');
    await block.getByLabel('Email address').fill(email);
    // A person takes a moment between focusing the form and sending it; faster is flagged as spam.
    await page.waitForTimeout(1700);
    await block.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => block.locator('.tessera-form__success').isVisible()).toBe(true);

    await openPanel(owner, 'Form submissions');
    await owner.waitForURL(/\/config\/forms$/);
    const newsletter = owner.getByRole('row', { name: /^Newsletter/ });
    await expect
      .poll(async () => firstNumber(await newsletter.getByRole('cell').last().textContent()))
      .toBeGreaterThan(0);
    await newsletter.getByRole('link', { name: 'Newsletter' }).click();
    await owner.waitForURL(/\/config\/forms\/newsletter-form$/);
    const table = owner.getByRole('table', { name: /Submissions of Newsletter/ });
    await expect
      .poll(() => table.getByRole('columnheader').allTextContents())
      .toEqual(['Submitted', 'Spam', 'Email address']);
    // Newest first: the sign-up just made is the first row.
    const first = table.getByRole('row').nth(1);
    expect(await first.getByRole('cell').allTextContents()).toEqual(['No', email]);
    await expectAccessible(owner);

    const download = owner.waitForEvent('download');
    await owner.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Submitted,Spam,Email address');
    expect(lines.some((line) => line.endsWith(`,no,${email}`))).toBe(true);
  });

  it('groups JavaScript errors from the site by message and source', async () => {
    const message = `insights e2e failure ${Date.now()}`;
    const page = await visitor();
    for (const path of ['/', '/shop/p/sticker-pack']) {
      await visit(page, path);
      const reported = page.waitForRequest((r) => r.url().endsWith('/api/events/RecordJavascriptErrors'), {
        timeout: 10_000,
      });
      await page.evaluate((text) => {
        setTimeout(() => {
          throw new TypeError(text);
        });
      }, message);
      await reported;
    }

    await openPanel(owner, 'JavaScript errors');
    await owner.waitForURL(/\/config\/errors$/);
    const row = owner.getByRole('row').filter({ hasText: message });
    await expect.poll(() => row.count()).toBe(1);
    const cells = row.getByRole('cell');
    // Error | Source | Count | Pages | Browsers | First seen | Last seen (the message is the row header).
    expect(await cells.nth(1).textContent()).toBe('2');
    expect(await cells.nth(2).getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining(['/', '/shop/p/sticker-pack']),
    );
    expect(await cells.nth(3).textContent()).toMatch(/^Chrome \d+ \(2\)$/);
    await expectAccessible(owner);
  });
});

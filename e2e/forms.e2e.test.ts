// Forms in a real browser against a real built server of their own (issue 6): the demo contact
// form with every field type, its error messages, the in-page captcha, the submission message,
// a newsletter sign-up that lands in the mailing list, and no request to any other origin.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './support/server.mjs';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';

const MESSAGES = {
  required: 'Required',
  email: 'Email is not valid. Email addresses should follow the format user at domain dot com.',
  tooLong: 'You have exceeded the character limit.',
  captcha: 'Complete CAPTCHA before submitting.',
  bannerTop: 'Your form has encountered a problem. Please scroll down to review',
  bannerBottom: 'Your form has encountered a problem. Please scroll up to review',
};

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function visitor() {
  const context = await newVisitor(browser, { baseURL: server.url });
  contexts.push(context);
  const origin = new URL(server.url).origin;
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => route.abort('blockedbyclient'),
  );
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, requests, pageErrors, origin };
}

function withDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(join(server.dataDir, 'tessera.db'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const field = (page: Page, id: string) => page.locator(`#form-contact-form [data-field-id="${id}"]`);
const errorOf = (page: Page, id: string) => field(page, id).locator('.tessera-field__error');
const part = (page: Page, id: string, name: string) => field(page, id).locator(`[data-part="${name}"]`);

async function islandLive(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await expect.poll(() => page.locator(selector).getAttribute('data-island-state')).toBe('live');
}

describe('contact form', () => {
  it('shows every error, solves the captcha, submits every field type and shows the submission message', async () => {
    const { page, requests, pageErrors, origin } = await visitor();
    await page.goto('/contact?utm_source=e2e-campaign');
    await islandLive(page, '#form-contact-form');
    const form = page.locator('#form-contact-form');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      window.addEventListener('tessera:form-success', () => seen.push('form-success'));
      window.addEventListener('tessera:newsletter-subscribe', () => seen.push('newsletter'));
    });

    // Nothing filled in: every required field says so above its title, and both banners show.
    await form.getByRole('button', { name: 'Send message' }).click();
    for (const id of ['name', 'email', 'topic', 'reply-by', 'interests', 'message']) {
      await expect.poll(() => errorOf(page, id).textContent()).toBe(MESSAGES.required);
    }
    // Each error sits above its field's title, for single inputs and for grouped fields alike.
    for (const id of ['name', 'email', 'topic', 'reply-by', 'interests', 'message']) {
      const error = await errorOf(page, id).boundingBox();
      const title = await field(page, id).locator('.tessera-field__title').boundingBox();
      expect(error && title && error.y + error.height <= title.y, id).toBe(true);
    }
    await expect.poll(() => form.locator('.tessera-form__banner--top').textContent()).toBe(MESSAGES.bannerTop);
    expect(await form.locator('.tessera-form__banner--bottom').textContent()).toBe(MESSAGES.bannerBottom);
    expect(await errorOf(page, 'website').isHidden()).toBe(true);

    // A bad email and a message over the limit (the live counter flags it at once).
    await field(page, 'email').locator('input').fill('rosa@');
    await field(page, 'message').locator('textarea').fill('x'.repeat(501));
    await expect.poll(() => field(page, 'message').locator('.tessera-field__counter').textContent()).toBe('501/500');
    expect(await errorOf(page, 'message').textContent()).toBe(MESSAGES.tooLong);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => errorOf(page, 'email').textContent()).toBe(MESSAGES.email);
    expect(await errorOf(page, 'message').textContent()).toBe(MESSAGES.tooLong);

    // Every field type, filled in properly.
    await part(page, 'name', 'First').fill('Rosa');
    await part(page, 'name', 'Last').fill('Park');
    await field(page, 'email').locator('input').fill('rosa@example.com');
    await part(page, 'phone', 'Country').fill('1');
    await part(page, 'phone', 'Areacode').fill('555');
    await part(page, 'phone', 'Prefix').fill('123');
    await part(page, 'phone', 'Line').fill('4567');
    await field(page, 'website').locator('input').fill('https://rosa.example');
    await field(page, 'twitter').locator('input').fill('rosapark');
    await part(page, 'address', 'Line1').fill('1 Main Street');
    await part(page, 'address', 'City').fill('Springfield');
    await part(page, 'address', 'State').fill('IL');
    await part(page, 'address', 'Zip').fill('62701');
    await part(page, 'address', 'Country').fill('US');
    await field(page, 'topic').locator('select').selectOption('A return');
    await field(page, 'order-number').locator('input').fill('1042');
    await field(page, 'budget').locator('input').fill('25.50');
    await part(page, 'preferred-date', 'Month').fill('12');
    await part(page, 'preferred-date', 'Day').fill('01');
    await part(page, 'preferred-date', 'Year').fill('2026');
    await part(page, 'preferred-time', 'Hour').fill('10');
    await part(page, 'preferred-time', 'Minute').fill('30');
    await part(page, 'preferred-time', 'Second').fill('00');
    await part(page, 'preferred-time', 'Ampm').selectOption('AM');
    await field(page, 'reply-by').getByLabel('Phone').check();
    await field(page, 'interests').getByLabel('Homeware').check();
    await field(page, 'interests').getByLabel('Gift cards').check();
    await field(page, 'satisfaction')
      .locator('[data-question="Product quality"]')
      .getByLabel('Agree', { exact: true })
      .check();
    await field(page, 'satisfaction').locator('[data-question="Delivery speed"]').getByLabel('Strongly Agree').check();
    await field(page, 'message').locator('textarea').fill('My mug arrived chipped. Could I swap it?');
    await field(page, 'account-password').locator('input').fill('s3cret');

    // The captcha is still open.
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.locator('.tessera-captcha__error').textContent()).toBe(MESSAGES.captcha);
    expect(await errorOf(page, 'email').isHidden()).toBe(true);

    await form.getByLabel("I'm not a robot").check();
    await expect
      .poll(() => form.locator('.tessera-captcha__status').textContent(), { timeout: 30_000 })
      .toBe('Verified');

    await form.getByRole('button', { name: 'Send message' }).click();
    const success = page.locator('#form-contact-form .tessera-form__success');
    await expect.poll(() => success.isVisible()).toBe(true);
    expect(await success.textContent()).toContain('Thank you! We have your message');
    expect(await success.locator('.form-post-submit').textContent()).toContain('browse the shop');
    expect(await form.locator('form').isHidden()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['form-success']);

    const stored = withDatabase((db) =>
      db.prepare("select data, page_context from form_submissions where form_id = 'contact-form'").all(),
    ) as { data: string; page_context: string }[];
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.data)).toEqual({
      name: ['Rosa', 'Park'],
      email: 'rosa@example.com',
      phone: ['1', '555', '123', '4567'],
      website: 'https://rosa.example',
      twitter: 'rosapark',
      address: ['1 Main Street', '', 'Springfield', 'IL', '62701', 'US'],
      topic: 'A return',
      'order-number': '1042',
      budget: '25.50',
      'preferred-date': ['12', '01', '2026'],
      'preferred-time': ['10', '30', '00', 'AM'],
      'reply-by': 'Phone',
      interests: ['Homeware', 'Gift cards'],
      satisfaction: { 'Product quality': 'Agree', 'Delivery speed': 'Strongly Agree' },
      message: 'My mug arrived chipped. Could I swap it?',
      'account-password': 's3cret',
      source: 'e2e-campaign',
    });
    expect(JSON.parse(stored[0]!.page_context)).toMatchObject({
      pagePath: '/contact',
      pageTitle: expect.stringContaining('Contact'),
    });

    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('passes axe on the contact page', async () => {
    const { page } = await visitor();
    await page.goto('/contact');
    await expectAccessible(page);
  });
});

describe('newsletter block', () => {
  it('signs a visitor up: the submission message shows and the address is in the mailing list', async () => {
    const { page, requests, origin } = await visitor();
    await page.goto('/contact');
    await islandLive(page, '#form-newsletter-form');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      window.addEventListener('tessera:newsletter-subscribe', () => seen.push('newsletter'));
    });
    const block = page.locator('#form-newsletter-form');
    const email = block.getByLabel('Email address');
    await email.fill('not-an-address');
    await block.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => block.locator('.tessera-field__error').textContent()).toBe(MESSAGES.email);
    await email.fill('Reader@Example.com');
    // A person takes a moment between focusing the form and sending it; faster is flagged as spam.
    await page.waitForTimeout(1700);
    await block.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => block.locator('.tessera-form__success').isVisible()).toBe(true);
    expect(await block.locator('.tessera-form__success').textContent()).toContain('Thank you for signing up!');
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['newsletter']);
    const subscribers = withDatabase((db) => db.prepare('select email from mailing_list_subscribers').all()) as {
      email: string;
    }[];
    expect(subscribers.map((s) => s.email)).toEqual(['reader@example.com']);
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  });
});

describe('additional-fields lightbox on the cart page', () => {
  async function mugInCart(page: Page) {
    await page.goto('/shop/p/custom-mug');
    const itemId = await page.locator('[data-island="product"]').getAttribute('data-item-id');
    const sku = await page.evaluate(() => {
      const context = JSON.parse(document.getElementById('tessera-context')?.textContent ?? '{}');
      return String(context.product?.structuredContent?.variants?.[0]?.sku ?? '');
    });
    const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const added = await page.request.post('/api/commerce/shopping-cart/entries', {
      headers: { 'X-CSRF-Token': crumb },
      data: { itemId, sku, quantity: 1, additionalFields: JSON.stringify({ 'name-to-print': 'Rosa' }) },
    });
    expect(added.status()).toBe(200);
  }

  it('asks for the fields when the custom mug is added to the cart', async () => {
    const { page, pageErrors } = await visitor();
    await page.goto('/shop/p/custom-mug');
    await islandLive(page, '[data-island="product"]');
    const add = page.locator('.sqs-add-to-cart-button').first();
    const dialog = page.getByRole('dialog', { name: 'Personalise your mug' });

    await add.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    const empty = await (await page.request.get('/api/commerce/shopping-cart')).json();
    expect(empty.entries).toEqual([]);

    await add.click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.tessera-field__error').first().textContent()).toBe('Required');
    await dialog.getByLabel('Name to print').fill('Rosa');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(async () => (await (await page.request.get('/api/commerce/shopping-cart')).json()).entries.length)
      .toBe(1);
    const cart = await (await page.request.get('/api/commerce/shopping-cart')).json();
    expect(JSON.parse(cart.entries[0].additionalFields)).toMatchObject({ 'name-to-print': 'Rosa' });
    expect(pageErrors).toEqual([]);
  });

  it('edits an entry’s fields: prefilled, closes on Escape, centred or 50 px from the edges, saved to the cart', async () => {
    const { page, requests, origin, pageErrors } = await visitor();
    await mugInCart(page);
    await page.goto('/cart');
    const edit = page.getByRole('button', { name: 'Edit details' });
    await islandLive(page, '.tessera-cart__fields');

    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Personalise your mug' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Name to print').inputValue()).toBe('Rosa');
    expect(await page.locator('.tessera-lightbox').getAttribute('data-fit')).toBe('centred');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // A window shorter than the form: the panel keeps 50 px above it and scrolls.
    await page.setViewportSize({ width: 800, height: 300 });
    await edit.click();
    await expect.poll(() => page.locator('.tessera-lightbox').getAttribute('data-fit')).toBe('tall');
    const gap = await page
      .locator('.tessera-lightbox__panel')
      .evaluate((panel) => panel.getBoundingClientRect().top - panel.parentElement!.getBoundingClientRect().top);
    expect(Math.round(gap)).toBe(50);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    await edit.click();
    await dialog.getByLabel('Name to print').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.tessera-field__error').first().textContent()).toBe('Required');
    await dialog.getByLabel('Name to print').fill('Ada');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.locator('.tessera-cart__fields').getAttribute('data-saved')).toBe('true');
    const cart = await (await page.request.get('/api/commerce/shopping-cart')).json();
    expect(JSON.parse(cart.entries[0].additionalFields)).toEqual({ 'name-to-print': 'Ada' });

    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

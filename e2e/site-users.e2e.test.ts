// Site users in a real browser against the real built server (issue 8): sign up, the account
// area, sign out keeping a copy of the cart or not, sign in again, and a members-only page signed
// out (page type 106) and signed in. Every page is watched for Content-Security-Policy violations.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser } from './fixtures/env.js';
import { readContext } from './fixtures/storefront.js';
import { addThroughApi, Visitors } from './fixtures/visitor.js';

let browser: Browser;
const visitors = new Visitors();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await visitors.closeAll();
  await browser?.close();
});

/** The account pages, as a visitor uses them. */
class AccountPages {
  constructor(private readonly page: Page) {}

  async signUp(user: { firstName: string; email: string; password: string }) {
    await this.page.goto('/account/signup');
    await this.page.getByLabel('First name').fill(user.firstName);
    await this.page.getByLabel('Email').fill(user.email);
    await this.page.getByLabel('Password').fill(user.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await this.page.waitForURL('**/account');
  }

  async signIn(email: string, password: string, next = '') {
    await this.page.goto(`/account/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async signOut(keepCart: boolean) {
    await this.page.goto('/account');
    const keep = this.page.getByLabel('Keep a copy of my cart on this device');
    if (keepCart) await keep.check();
    await this.page.locator('.account-signout').getByRole('button', { name: 'Sign out' }).click();
    await this.page.waitForURL('**/account/login**');
  }

  async siteUserInfo(): Promise<{ authenticated: boolean; siteUserId: string | null } | undefined> {
    const cookie = (await this.page.context().cookies()).find((c) => c.name === 'SiteUserInfo');
    return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : undefined;
  }

  async cartEntries(): Promise<number> {
    await this.page.goto('/cart');
    return this.page.locator('.tessera-cart__entry').count();
  }
}

/**
 * Records Content-Security-Policy violations the page reports; `take()` answers and forgets them.
 * (The axe fixture first tries an inline script tag, which the policy rightly blocks: take() before
 * and after each accessibility check keeps that out of the page's own record.)
 */
async function watchCsp(page: Page) {
  let seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return {
    take(): string[] {
      const found = seen;
      seen = [];
      return found;
    },
  };
}

async function accessible(page: Page, csp: { take(): string[] }, label: string) {
  expect(csp.take(), `CSP violations before ${label}`).toEqual([]);
  await expectAccessible(page, label);
  csp.take();
}

describe('site users', () => {
  it('sign up, account area, sign out with and without the cart, members-only page', async () => {
    const { page, offOrigin, pageErrors } = await visitors.create(browser);
    const csp = await watchCsp(page);
    const account = new AccountPages(page);
    const email = `e2e-${Date.now()}@example.com`;
    const password = 'e2e-password-1';

    // Signed out, a members-only page is the page type 106 page.
    const members = await page.goto('/members');
    expect(members?.status()).toBe(403);
    await expect.poll(() => page.locator('h1').textContent()).toBe('This page is for members');
    expect((await readContext(page)).pageType).toBe(106);
    await accessible(page, csp, 'members-only page, signed out');

    // A visitor with a cart signs up: the cart comes along.
    await addThroughApi(page, 'sticker-pack', 2);
    await account.signUp({ firstName: 'Elena', email, password });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Hello, Elena');
    // A new account has no orders yet: the empty state.
    await expect
      .poll(() => page.locator('.account-orders__empty').textContent())
      .toBe('You have not placed any orders yet.');
    expect(await account.siteUserInfo()).toMatchObject({ authenticated: true });
    await accessible(page, csp, 'account page');
    expect(await account.cartEntries()).toBe(1);

    // Signed in, the members-only page shows.
    expect((await page.goto('/members'))?.status()).toBe(200);
    expect((await readContext(page)).pageType).not.toBe(106);

    // Sign out keeping a copy of the cart: the cart is still there, signed out.
    await account.signOut(true);
    expect(await account.siteUserInfo()).toEqual({ authenticated: false, siteUserId: null });
    expect(await account.cartEntries()).toBe(1);
    await page.goto('/members');
    expect((await readContext(page)).pageType).toBe(106);

    // Sign in again from the members-only page's link and come back to it.
    await account.signIn(email, password, '/members');
    await page.waitForURL('**/members');
    expect((await readContext(page)).pageType).not.toBe(106);

    // Sign out without keeping the cart: the browser has no cart any more, the account keeps it.
    await account.signOut(false);
    expect(await account.cartEntries()).toBe(0);
    await expect
      .poll(() => page.locator('.tessera-cart__empty').textContent())
      .toBe('You have nothing in your shopping cart.');
    await account.signIn(email, password);
    await page.waitForURL('**/account');
    expect(await account.cartEntries()).toBe(1);

    // An order placed while signed in shows in the account area (checkout with the test card).
    const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    const order = await page.request.post('/api/checkout/orders', {
      headers: { 'X-CSRF-Token': crumb },
      data: {
        idempotencyKey: `e2e-site-user-${Date.now()}`,
        email,
        name: 'Elena Member',
        line1: '1 Main Street',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701',
        country: 'US',
        paymentMethod: 'card',
        cardNumber: '4242424242424242',
        cardExpiry: '12/34',
        cardCvc: '123',
      },
    });
    expect(order.status(), await order.text()).toBe(201);
    const { order: placed } = (await order.json()) as { order: { id: string } };
    await page.goto('/account');
    await expect.poll(() => page.locator(`.account-order[data-order-id="${placed.id}"]`).count()).toBe(1);
    await expect.poll(() => page.locator('.account-orders__empty').count()).toBe(0);

    // A wrong password shows the message on the form.
    await account.signOut(false);
    await account.signIn(email, 'not-the-password');
    await expect
      .poll(() => page.locator('.account-form__error').textContent())
      .toBe('The email or password is incorrect.');

    expect(csp.take()).toEqual([]);
    expect(offOrigin).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('signs out from the account page through the session API, retrying once on a crumb failure, and without JavaScript by the plain form', async () => {
    const { page, pageErrors } = await visitors.create(browser);
    const account = new AccountPages(page);
    const email = `e2e-signout-${Date.now()}@example.com`;
    const password = 'e2e-password-2';
    await account.signUp({ firstName: 'Sol', email, password });

    // The first DELETE meets a crumb failure (as when another tab renewed the crumb); the
    // button's sign-out tries once more and succeeds, without the plain form post.
    const calls: string[] = [];
    let failed = false;
    await page.route('**/api/site-users/account/session?*', async (route) => {
      calls.push(route.request().method());
      if (route.request().method() === 'DELETE' && !failed) {
        failed = true;
        await route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'crumb-fail', message: 'expired', crumbFail: true }),
        });
        return;
      }
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/account/logout')
        posts.push(request.url());
    });
    await page.goto('/account');
    const form = page.locator('form.account-signout');
    await form.scrollIntoViewIfNeeded();
    await expect.poll(() => form.getAttribute('data-island-state')).toBe('live');
    await form.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/account/login?signedOut=1');
    expect(calls).toEqual(['DELETE', 'DELETE']);
    expect(posts).toEqual([]);
    expect(await account.siteUserInfo()).toEqual({ authenticated: false, siteUserId: null });
    expect((await page.goto('/account'))?.url()).toContain('/account/login');
    expect(pageErrors).toEqual([]);

    // Without JavaScript the same button posts the form and signs out too.
    const plain = await visitors.create(browser, { javaScriptEnabled: false });
    const plainAccount = new AccountPages(plain.page);
    await plainAccount.signIn(email, password);
    await plain.page.waitForURL('**/account');
    expect(await plainAccount.siteUserInfo()).toMatchObject({ authenticated: true });
    await plain.page.locator('.account-signout').getByRole('button', { name: 'Sign out' }).click();
    await plain.page.waitForURL('**/account/login?signedOut=1');
    expect(await plainAccount.siteUserInfo()).toEqual({ authenticated: false, siteUserId: null });
  });

  it('keeps owners out of /config until they sign in', async () => {
    const { page } = await visitors.create(browser);
    await page.goto('/config');
    await page.waitForURL('**/config/login**');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in to manage this site');
    await expectAccessible(page, 'owner sign-in page');
  });
});

// The visitor storefront in a real browser against the real built server (issue 3's walk),
// plus accessibility, no-JavaScript rendering, the sold-out state and same-origin loading.
import {
  CART_MESSAGES,
  effectivePrice,
  formatMoney,
  isSoldOut,
  missingOptionsMessage,
  priceRange,
  variantOptions,
} from '@tessera/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, type newVisitor } from './fixtures/env.js';
import {
  buyableVariant,
  CartPage,
  eventually,
  ProductPage,
  readContext,
  ShopPage,
  type TesseraContext,
} from './fixtures/storefront.js';
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

const visitor = (options: Parameters<typeof newVisitor>[1] = {}) => visitors.create(browser, options);

function money(cents: number, context: TesseraContext) {
  return formatMoney(cents, context.currency, context.locale);
}

describe('issue 3: a new visitor adds a linen shirt and empties the cart again', () => {
  it('walks /shop → product → add → pill → /cart → quantity 0 → empty cart, all from the origin', async () => {
    const { page, offOrigin, pageErrors, apiCalls } = await visitor();
    // On failure, say what the page asked the server for.
    onTestFailed(({ task }) => {
      const error = task.result?.errors?.[0];
      if (error) error.message += `\nAPI calls made by the page:\n  ${apiCalls.join('\n  ') || '(none)'}`;
    });
    const shop = new ShopPage(page);
    await shop.goto();
    const product = await shop.openProduct('linen-shirt');
    // The visitor reads the page before pressing anything (presses before the islands are live:
    // early-interaction.e2e.test.ts).
    await page.waitForLoadState('networkidle');
    const context = await readContext(page);
    const item = await product.product();
    await expect.poll(() => product.heading.first().textContent()).toContain(item.title);

    // Add without choosing: the SPEC message naming every option, in the product's order.
    const names = variantOptions(item).map((o) => o.name);
    expect(names.length, 'linen-shirt has options to choose').toBeGreaterThan(1);
    const expectedMessage = missingOptionsMessage(names);
    await product.addButton.click();
    await expect
      .poll(async () => (await product.message.isVisible()) && (await product.message.textContent()))
      .toBe(expectedMessage);

    // Choose options, add: 'Adding…' then 'Added!' (the request is held briefly so the busy state is observable).
    const variant = buyableVariant(item, 2);
    await product.choose(variant.attributes);
    await page.route('**/api/commerce/shopping-cart/entries', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.fallback();
    });
    const recorder = await product.recordButtonLabels();
    await product.addButton.click();
    const labels = await eventually(recorder.labels, (seen) => seen.includes('Added!'));
    expect(labels, 'button labels seen').toContain('Adding…');
    expect(labels.indexOf('Adding…')).toBeLessThan(labels.indexOf('Added!'));
    await expect.poll(() => product.message.isVisible()).toBe(false);

    // The pill shows one item and the subtotal of the chosen variant.
    const price = effectivePrice(variant);
    await expect.poll(() => product.pill.root.isVisible()).toBe(true);
    await expect.poll(() => product.pill.countText()).toBe('1');
    await expect.poll(() => product.pill.subtotalText()).toBe(money(price, context));

    // The cart: one entry; quantity 2 doubles the subtotal; 0 asks first, then empties the cart.
    await product.pill.root.click();
    await page.waitForURL('**/cart');
    // Again the visitor reads the cart first.
    await page.waitForLoadState('networkidle');
    const cart = new CartPage(page);
    await expect.poll(() => cart.entries.count()).toBe(1);
    expect(await cart.quantityInput().inputValue()).toBe('1');
    await expect.poll(() => cart.subtotalText()).toContain(money(price, context));

    await cart.setQuantity(2);
    await expect.poll(() => cart.subtotalText()).toContain(money(price * 2, context));

    const nativeDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      nativeDialogs.push(dialog.message());
      void dialog.accept();
    });
    const inPageDialog = page.locator('[role="alertdialog"]:visible, [role="dialog"]:visible, dialog[open]').first();
    await cart.setQuantity(0);
    await eventually(
      async () => nativeDialogs.length > 0 || (await inPageDialog.isVisible()),
      (shown) => shown,
    );
    if (nativeDialogs.length > 0) {
      expect(nativeDialogs[0]).toBe(CART_MESSAGES.zeroQuantityConfirm);
    } else {
      expect(await inPageDialog.textContent()).toContain(CART_MESSAGES.zeroQuantityConfirm);
      await inPageDialog
        .getByRole('button', { name: /continue|ok|yes|remove|confirm/i })
        .first()
        .click();
    }
    await expect
      .poll(async () => (await cart.empty.isVisible()) && (await cart.empty.textContent())?.trim())
      .toBe(CART_MESSAGES.empty);
    expect(await cart.entries.count()).toBe(0);

    expect(offOrigin, 'requests that left the origin').toEqual([]);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });
});

describe('storefront pages', () => {
  it('pass axe with no serious or critical violation: shop, product, cart', async () => {
    const { page } = await visitor();
    await addThroughApi(page, 'sticker-pack');
    const problems: string[] = [];
    for (const path of ['/shop', '/shop/p/linen-shirt', '/cart']) {
      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(200);
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path).catch((error: Error) => problems.push(error.message));
    }
    expect(problems.join('\n'), 'serious or critical axe violations').toBe('');
  });

  it('preload the product photo the browser shows first, fetched once as AVIF, the others lazily, every picture sized', async () => {
    const { page } = await visitor();
    const fetched: { url: string; type: string }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/files/')) {
        fetched.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
      }
    });
    await page.goto('/shop/p/linen-shirt');
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.count()).toBe(1);
    expect(await preload.getAttribute('fetchpriority')).toBe('high');
    const gallery = page.locator('.ProductItem-images img');
    expect(await gallery.count()).toBeGreaterThan(1);
    const first = gallery.first();
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).toBeNull();
    expect(await preload.getAttribute('imagesrcset')).toBe(await first.getAttribute('srcset'));
    expect(await preload.getAttribute('imagesizes')).toBe(await first.getAttribute('sizes'));
    expect(await gallery.nth(1).getAttribute('loading')).toBe('lazy');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shown = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(shown).toMatch(/\?format=\d+w$/);
    // The preload and the <img> chose the same copy: one request for it, answered in AVIF.
    const answers = fetched.filter((entry) => entry.url === shown);
    expect(answers.map((entry) => entry.type)).toEqual(['image/avif']);
    const unsized = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.filter((img) => !img.getAttribute('width') || !img.getAttribute('height')).length);
    expect(unsized).toBe(0);
  });

  it('render the product title, price and add button with JavaScript disabled', async () => {
    const { page } = await visitor({ javaScriptEnabled: false });
    const product = new ProductPage(page);
    await product.goto('linen-shirt');
    const context = await readContext(page);
    const item = await product.product();
    expect(((await product.heading.first().textContent()) ?? '').trim()).toBe(item.title);
    const text = (await product.root.textContent()) ?? '';
    expect(text, 'the product shows its lowest price').toContain(money(priceRange(item).min, context));
    // Without JavaScript the form's own submit button stands in for the scripted one.
    const submit = product.root.getByRole('button', { name: 'Add To Cart' });
    expect(await submit.count(), 'one add button without JavaScript').toBe(1);
    expect(await submit.isVisible(), 'the add button is visible without JavaScript').toBe(true);
    expect(await product.labelText()).not.toBe('');
  });

  it('add a product with options to the cart with JavaScript disabled, the SPEC message shown when an option is missing', async () => {
    const { page } = await visitor({ javaScriptEnabled: false });
    const product = new ProductPage(page);
    await product.goto('linen-shirt');
    const item = await product.product();
    const options = variantOptions(item).map((option) => option.name);
    expect(options.length, 'the linen shirt has options').toBeGreaterThan(1);
    const submit = product.root.getByRole('button', { name: 'Add To Cart' });

    // Nothing chosen: the server sends the page back with SPEC §5's message beside the button.
    await submit.click();
    await page.waitForURL('**/shop/p/linen-shirt?cartError=*');
    await expect.poll(() => product.root.getByRole('alert').textContent()).toBe(missingOptionsMessage(options));

    // Every option chosen and a quantity of 2: the cart page lists the variant.
    const variant = buyableVariant(item, 2);
    for (const name of options) {
      await product.root.getByLabel(`Select ${name}`).selectOption(String(variant.attributes?.[name]));
    }
    await product.root.getByLabel('Quantity').fill('2');
    await submit.click();
    await page.waitForURL('**/cart');
    const cart = new CartPage(page);
    expect(await cart.entries.count()).toBe(1);
    expect(await cart.quantityInput().inputValue()).toBe('2');
    const attributes = (await cart.entries.first().locator('.tessera-cart__attrs').textContent()) ?? '';
    for (const name of options) expect(attributes).toContain(String(variant.attributes?.[name]));
  });

  it('let a keyboard user add to cart: the add button takes focus and Enter presses it', async () => {
    const { page } = await visitor();
    const product = new ProductPage(page);
    await product.goto('sticker-pack');
    await page.waitForLoadState('networkidle');
    // Tab from the top of the page until the add button has focus, as a keyboard user would.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await product.addButton.evaluate(
        (el) => el === document.activeElement || el.contains(document.activeElement),
      );
    }
    expect(reached, 'the add button is reachable with Tab').toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => product.pill.countText()).toBe('1');
  });

  it('fit a phone screen (375 px): no sideways scrolling on shop, product and cart', async () => {
    const { page } = await visitor({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await addThroughApi(page, 'sticker-pack');
    const overflowing: string[] = [];
    for (const path of ['/shop', '/shop/p/linen-shirt', '/cart']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      if (scroll > width) overflowing.push(`${path}: content ${scroll} px wide in a ${width} px window`);
    }
    expect(overflowing).toEqual([]);
  });

  it('do not shift while the islands take over (cumulative layout shift below 0.1)', async () => {
    const { page } = await visitor();
    await page.addInitScript(() => {
      const w = window as unknown as { __tesseraCls: number };
      w.__tesseraCls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__tesseraCls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifts: string[] = [];
    for (const path of ['/shop/p/linen-shirt', '/shop']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const cls = await page.evaluate(() => (window as unknown as { __tesseraCls: number }).__tesseraCls);
      if (cls >= 0.1) shifts.push(`${path}: ${cls.toFixed(3)}`);
    }
    expect(shifts).toEqual([]);
  });

  it('show a sold-out product as sold out, and it cannot be added', async () => {
    const { page } = await visitor();
    const product = new ProductPage(page);
    await product.goto('canvas-tote');
    const item = await product.product();
    expect(isSoldOut(item), 'the demo canvas-tote is sold out').toBe(true);
    await expect
      .poll(() =>
        product.root
          .getByText(/sold out/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    if (await product.addButton.isVisible()) await product.addButton.click({ timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(1_500);
    const cart = await page.request.get('/api/commerce/shopping-cart?calculateSubtotal=true');
    expect(cart.status()).toBe(200);
    expect((await cart.json()).totalQuantity ?? 0).toBe(0);
  });
});

// DESIGN.md: "The first interaction must work even before that chunk has arrived: the loader
// queues it and replays it once the island is live". Here React and the islands are held back
// (as on a slow connection) while the visitor acts, then released; the action must take effect.
import { effectivePrice, formatMoney } from '@tessera/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser } from './fixtures/env.js';
import { CartPage, eventually, ProductPage, readContext } from './fixtures/storefront.js';
import { addThroughApi, holdLazyScripts, type Visitor, Visitors } from './fixtures/visitor.js';

const HOLD_MS = 2_500;
let browser: Browser;
const visitors = new Visitors();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await visitors.closeAll();
  await browser?.close();
});

function explainOnFailure(visitor: Visitor) {
  onTestFailed(({ task }) => {
    const error = task.result?.errors?.[0];
    if (error) error.message += `\nAPI calls made by the page:\n  ${visitor.apiCalls.join('\n  ') || '(none)'}`;
  });
}

describe('interactions before the islands are live', () => {
  it('an add-to-cart press on a product page is kept and replayed', async () => {
    const visitor = await visitors.create(browser);
    explainOnFailure(visitor);
    const { page } = visitor;
    await holdLazyScripts(page, HOLD_MS);
    const product = new ProductPage(page);
    await product.goto('sticker-pack');
    await product.addButton.click();
    await expect.poll(() => product.pill.countText()).toBe('1');
    const cart = await page.request.get('/api/commerce/shopping-cart?calculateSubtotal=true');
    expect((await cart.json()).totalQuantity).toBe(1);
  });

  it('a quantity typed on /cart is kept and replayed', async () => {
    const visitor = await visitors.create(browser);
    explainOnFailure(visitor);
    const { page } = visitor;
    const { variant } = await addThroughApi(page, 'sticker-pack');
    await holdLazyScripts(page, HOLD_MS);
    const cart = new CartPage(page);
    await cart.goto();
    const context = await readContext(page);
    await cart.setQuantity(3);
    const expected = formatMoney(effectivePrice(variant) * 3, context.currency, context.locale);
    const sent = await eventually(
      async () => visitor.apiCalls.some((call) => call.startsWith('PUT /api/commerce/shopping-cart/entries/')),
      (yes) => yes,
    );
    expect(
      sent,
      'the quantity typed before the islands were live was never sent (no PUT /api/commerce/shopping-cart/entries/:id): the early change was dropped, or replayed to an island that took the typed value as already saved',
    ).toBe(true);
    await expect.poll(() => cart.subtotalText()).toContain(expected);
  });
});

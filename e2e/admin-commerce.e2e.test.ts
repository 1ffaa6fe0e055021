// An owner runs the store from the editor: adds a product with two options and stock through the
// Products panel, a visitor finds it in the shop and asks to hear when a sold-out variant is back,
// the owner restocks that variant in the Inventory panel and reads the restock mail in the Mail
// outbox panel. The product is this test's own and is deleted afterwards.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './fixtures/axe.js';
import { launchBrowser, newVisitor } from './fixtures/env.js';
import { signedInOwner } from './fixtures/owner.js';
import { ShopPage } from './fixtures/storefront.js';

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const TITLE = `Trail Cap ${stamp}`;
const VISITOR_EMAIL = `cap-fan-${stamp}@example.com`;
const IMAGE_NAME = `cap-navy-${stamp}.png`;
/** A valid 1×1 PNG: enough for the server to read its size and serve it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let owner: Page;
let visitor: BrowserContext;
let productId = '';
let urlId = '';

const nav = (name: string) => owner.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name });
/** The panel's own live region (dnd-kit adds another for its drag announcements). */
const status = () => owner.locator('.ed-panel > [role="status"]');

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signedInOwner(browser, { role: 'admin', prefix: 'store-owner' });
  visitor = await newVisitor(browser);
});

afterAll(async () => {
  if (productId && owner) {
    const crumb = (await owner.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
    await owner.request
      .delete(`/api/config/products/${productId}`, { headers: { 'x-csrf-token': crumb } })
      .catch(() => undefined);
    await owner.request
      .delete(`/api/config/files/${IMAGE_NAME}`, { headers: { 'x-csrf-token': crumb } })
      .catch(() => undefined);
  }
  await owner
    ?.context()
    .close()
    .catch(() => undefined);
  await visitor?.close().catch(() => undefined);
  await browser?.close();
});

describe('commerce admin in the editor', () => {
  it('adds a product with two options and stock through the Products panel', async () => {
    await nav('Products').click();
    await owner.waitForURL('**/config/commerce/products');
    await expect.poll(() => owner.getByRole('heading', { level: 1 }).textContent()).toBe('Products');
    await expect.poll(() => owner.getByText(/of 200 products in this collection/).count()).toBe(1);

    await owner.getByRole('button', { name: 'Add product' }).click();
    await expect.poll(() => owner.getByRole('heading', { level: 1 }).textContent()).toBe('New product');
    // Saving an empty form names the field at fault beside it.
    await owner.getByRole('button', { name: 'Create product' }).click();
    await expect.poll(() => owner.getByText('Give the product a title.').count()).toBe(1);
    expect(await owner.getByLabel(/^Title/).getAttribute('aria-invalid')).toBe('true');

    await owner.getByLabel(/^Title/).fill(TITLE);
    await owner.getByLabel('Status').selectOption('published');
    await owner.getByLabel('Short description').fill('A cap for long walks.');

    await owner.getByRole('button', { name: 'Add option' }).click();
    await owner.getByLabel('Option 1 name').fill('Size');
    await owner.getByLabel('Option 1 name').press('Enter');
    await owner.getByLabel('Values of Size').fill('S, M');
    await owner.getByLabel('Values of Size').press('Enter');
    await owner.getByRole('button', { name: 'Add option' }).click();
    await owner.getByLabel('Option 2 name').fill('Colour');
    await owner.getByLabel('Option 2 name').press('Enter');
    await owner.getByLabel('Values of Colour').fill('Sand, Navy');
    await owner.getByLabel('Values of Colour').press('Enter');
    await expect.poll(() => owner.getByRole('group', { name: 'Variants (4)' }).count()).toBe(1);

    await owner.getByLabel('Price for every variant (USD)').fill('24.50');
    await owner.getByRole('button', { name: 'Apply price' }).click();
    const stock = { 'S / Sand': '3', 'S / Navy': '0', 'M / Sand': '2', 'M / Navy': '5' };
    for (const [name, count] of Object.entries(stock))
      await owner.getByLabel(`Stock of ${name}`, { exact: true }).fill(count);
    // A sale price above the price is refused beside its field before anything is sent.
    await owner.getByLabel('M / Navy is on sale').check();
    await owner.getByLabel('Sale price of M / Navy', { exact: true }).fill('30.00');
    await owner.getByRole('button', { name: 'Create product' }).click();
    await expect.poll(() => owner.getByText('A sale price must be lower than the price.').count()).toBe(1);
    await owner.getByLabel('Sale price of M / Navy', { exact: true }).fill('19.99');
    // A rule only the server knows about comes back beside its field: two variants with one SKU.
    const sku = `CAP-${stamp}`.toUpperCase();
    await owner.getByLabel('SKU of S / Sand', { exact: true }).fill(sku);
    await owner.getByLabel('SKU of S / Navy', { exact: true }).fill(sku);
    await owner.getByRole('button', { name: 'Create product' }).click();
    await expect.poll(() => owner.getByText('Each SKU may appear once.', { exact: true }).count()).toBe(1);
    const navySku = owner.getByLabel('SKU of S / Navy', { exact: true });
    expect(await navySku.getAttribute('aria-invalid')).toBe('true');
    expect(owner.url()).toMatch(/\/config\/commerce\/products\/new$/);
    await navySku.fill(`${sku}-N`);
    await expectAccessible(owner, '/config/commerce/products/new');

    await owner.getByRole('button', { name: 'Create product' }).click();
    await owner.waitForURL((url) => /^\/config\/commerce\/products\/(?!new$)[^/]+$/.test(url.pathname));
    productId = decodeURIComponent(new URL(owner.url()).pathname.split('/').pop() ?? '');
    expect(productId).not.toBe('new');
    await expect.poll(() => status().textContent()).toBe(`Saved ${TITLE}.`);
    await expect.poll(() => owner.getByLabel('URL slug').inputValue()).not.toBe('');
    urlId = await owner.getByLabel('URL slug').inputValue();
    expect(await owner.getByLabel('Stock of M / Navy', { exact: true }).inputValue()).toBe('5');
    expect(await owner.getByLabel('Sale price of M / Navy', { exact: true }).inputValue()).toBe('19.99');

    await owner.getByRole('button', { name: 'Back to products' }).click();
    await expect.poll(() => owner.getByRole('button', { name: TITLE, exact: true }).count()).toBe(1);
    // Reorder from the keyboard's side of things: the new product is last; Move up puts it one higher, for good.
    const titles = () => owner.locator('.ed-products__title').allTextContents();
    const before = await titles();
    expect(before.at(-1)).toBe(TITLE);
    await owner.getByRole('button', { name: `Move ${TITLE} up`, exact: true }).click();
    await expect
      .poll(() => status().textContent())
      .toBe(`Moved ${TITLE} to position ${before.length - 1} of ${before.length}.`);
    await owner.reload();
    await expect.poll(async () => (await titles()).indexOf(TITLE)).toBe(before.length - 2);
    // And back down by dragging its handle with the keyboard (Space, arrow, Space).
    const handle = owner.getByRole('button', { name: `Drag ${TITLE} to reorder`, exact: true });
    await handle.focus();
    const announced = () => owner.locator('[id^="DndLiveRegion"]').textContent();
    await owner.keyboard.press('Space');
    await expect.poll(announced).toBe(`Picked up ${TITLE}.`);
    // dnd-kit starts listening for arrow keys a task after the pick-up: let two frames pass first.
    await owner.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await owner.keyboard.press('ArrowDown');
    await expect.poll(announced).toBe(`${TITLE} is over ${before.at(-2)}.`);
    await owner.keyboard.press('Space');
    await expect
      .poll(() => status().textContent())
      .toBe(`Moved ${TITLE} to position ${before.length} of ${before.length}.`);
    await owner.reload();
    await expect.poll(() => titles()).toEqual(before);
    await expectAccessible(owner, '/config/commerce/products');
  });

  it('shows the new product in the shop with both options, and takes a restock sign-up', async () => {
    const page = await visitor.newPage();
    const shop = new ShopPage(page);
    await shop.goto();
    const product = await shop.openProduct(urlId);
    expect((await product.heading.textContent())?.trim()).toBe(TITLE);
    const json = await product.product();
    expect(json.structuredContent.variantOptionOrdering).toEqual(['Size', 'Colour']);
    expect(await product.optionSelect('Size').count()).toBe(1);
    expect(await product.optionSelect('Colour').count()).toBe(1);

    await page.waitForSelector('[data-island="restock"][data-island-state="live"]', { state: 'attached' });
    await product.choose({ Size: 'S', Colour: 'Navy' });
    const widget = page.locator('.product-restock-notification:visible');
    await expect.poll(() => widget.count()).toBe(1);
    await widget.locator('input[name="email"]').fill(VISITOR_EMAIL);
    await widget.locator('input[type="submit"]').click();
    await expect.poll(() => page.locator('.product-restock-success').count()).toBe(1);
    await page.close();
  });

  it('restocks the sold-out variant in the Inventory panel and sends the restock mail', async () => {
    await nav('Inventory').click();
    await owner.waitForURL('**/config/commerce/inventory');
    await owner.getByLabel('Search products or SKUs').fill(stamp);
    await owner.getByRole('button', { name: 'Search' }).click();
    const navy = owner.getByLabel(`Stock of ${TITLE} (S / Navy)`, { exact: true });
    await expect.poll(() => navy.inputValue()).toBe('0');
    // The sold-out filter lists only that variant of this product.
    await owner.getByLabel('Sold out only').check();
    await expect.poll(() => owner.getByRole('row').count()).toBe(2);
    await owner.getByLabel('Sold out only').uncheck();
    await expect.poll(() => owner.getByRole('row').count()).toBe(5);

    await navy.fill('4');
    await navy.press('Enter');
    const notices = owner.getByRole('list', { name: 'Restock notifications' });
    await expect.poll(() => notices.textContent()).toContain(`${TITLE} (S / Navy) is back in stock`);
    const send = notices.getByRole('button', { name: 'Send restock notifications' });
    // The demo store sends by hand; a store that sends at once has already mailed it.
    if ((await send.count()) > 0) {
      expect(await notices.textContent()).toContain('1 person asked to hear about it');
      await send.click();
    }
    await expect.poll(() => notices.textContent()).toMatch(/1 restock notification sent/);
    expect(await navy.inputValue()).toBe('4');
    await expectAccessible(owner, '/config/commerce/inventory');
  });

  it('shows the restock mail in the Mail outbox panel and opens it', async () => {
    await nav('Mail outbox').click();
    await owner.waitForURL('**/config/mail');
    await owner.getByLabel('Recipient').fill(VISITOR_EMAIL);
    await owner.getByRole('button', { name: 'Filter' }).click();
    const link = owner.getByRole('link', { name: new RegExp(`^${TITLE} is back in stock at `) });
    await expect.poll(() => link.count()).toBe(1);
    const row = owner.getByRole('row').filter({ has: link });
    expect(await row.textContent()).toContain('Restock notification');
    expect(await row.textContent()).toContain(VISITOR_EMAIL);
    await expectAccessible(owner, '/config/mail');

    await link.click();
    await owner.waitForURL(/\/config\/mail\/[^/]+$/);
    const message = owner.getByRole('article');
    await expect.poll(() => message.textContent()).toContain(`Good news: ${TITLE} (Size: S, Colour: Navy)`);
    expect(await message.textContent()).toContain(`/p/${urlId}`);
    await expectAccessible(owner, '/config/mail/<id>');
    await owner.getByRole('button', { name: 'Back to the outbox' }).click();
    await owner.waitForURL('**/config/mail');
  });

  it('lets a store manager upload a product image and give it to one variant', async () => {
    const manager = await signedInOwner(browser, { role: 'store_manager', prefix: 'image-manager' });
    try {
      await manager.goto(`/config/commerce/products/${encodeURIComponent(productId)}`);
      await expect.poll(() => manager.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      // The uploads list loads for a store manager: a choice of files, not a typed address.
      await expect.poll(() => manager.getByLabel('Add an uploaded image').count()).toBe(1);
      expect(await manager.getByLabel('Image address (/files/…)').count()).toBe(0);

      await manager.getByLabel('Upload images').setInputFiles({ name: IMAGE_NAME, mimeType: 'image/png', buffer: PNG });
      await expect
        .poll(() => manager.locator('.ed-product__hint[role="status"]').textContent())
        .toBe('Uploaded and added 1 image.');
      await expect.poll(() => manager.getByLabel(`Alt text of ${IMAGE_NAME}`).count()).toBe(1);
      // The uploads list is fetched again after the status shows: wait for it.
      await expect
        .poll(() => manager.getByLabel('Add an uploaded image').locator('option').allTextContents())
        .toContain(IMAGE_NAME);

      const navyImage = manager.getByLabel('Image of S / Navy', { exact: true });
      await navyImage.selectOption({ label: `1. ${IMAGE_NAME}` });
      expect(await manager.getByLabel('Image of S / Sand', { exact: true }).inputValue()).toBe('');
      await manager.getByRole('button', { name: 'Save product' }).click();
      await expect.poll(() => manager.locator('.ed-panel > [role="status"]').textContent()).toBe(`Saved ${TITLE}.`);
      expect(await navyImage.inputValue()).toBe(`/files/${IMAGE_NAME}`);
      await expectAccessible(manager, '/config/commerce/products/<id> as a store manager');
    } finally {
      await manager.context().close();
    }

    const page = await visitor.newPage();
    const shop = new ShopPage(page);
    await shop.goto();
    const product = await shop.openProduct(urlId);
    const json = await product.product();
    const navy = json.structuredContent.variants.find(
      (v: { attributes?: Record<string, string> }) => v.attributes?.Size === 'S' && v.attributes?.Colour === 'Navy',
    );
    // The page shows the variant's image when it is chosen (its markup; the page context carries no images).
    expect(navy?.sku).toBeTruthy();
    const navyImage = await page.locator(`[data-variant-image="${navy?.sku}"] img`).getAttribute('src');
    expect(navyImage ?? '').toContain(`/files/${IMAGE_NAME}`);
    expect((await page.request.get(`/files/${IMAGE_NAME}`)).status()).toBe(200);
    await page.close();
  });

  it("keeps the product's search and sharing fields, and its old address answers after a new URL slug", async () => {
    const seoTitle = `A cap for long walks ${stamp}`;
    await owner.goto(`/config/commerce/products/${encodeURIComponent(productId)}`);
    await expect.poll(() => owner.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
    const group = owner.getByRole('group', { name: 'Search and sharing' });
    // A description past the limit is refused beside its field before anything is sent.
    await group.getByLabel('SEO description').evaluate((el: HTMLTextAreaElement) => el.removeAttribute('maxlength'));
    await group.getByLabel('SEO description').fill('x'.repeat(401));
    await owner.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => group.getByText('Keep the SEO description to 400 characters.').count()).toBe(1);
    await group.getByLabel('SEO title').fill(seoTitle);
    await group.getByLabel('SEO description').fill('Breathable, packable, sun-proof.');
    await group.getByLabel('Social image').selectOption(`/files/${IMAGE_NAME}`);
    await owner.getByLabel('URL slug').fill(`${urlId}-moved`);
    const keepOld = owner.getByLabel(/Send visitors of the old address/);
    expect(await keepOld.isChecked()).toBe(true);
    await owner.getByRole('button', { name: 'Save product' }).click();
    await expect.poll(() => status().textContent()).toBe(`Saved ${TITLE}.`);
    await expectAccessible(owner, '/config/commerce/products/<id> with SEO fields');
    await owner.reload();
    await expect.poll(() => group.getByLabel('SEO title').inputValue()).toBe(seoTitle);
    expect(await group.getByLabel('SEO description').inputValue()).toBe('Breathable, packable, sun-proof.');
    expect(await group.getByLabel('Social image').inputValue()).toBe(`/files/${IMAGE_NAME}`);
    expect(await group.getByLabel('Hide from search engines').isChecked()).toBe(false);

    const page = await visitor.newPage();
    await page.goto(`/shop/p/${urlId}`);
    expect(new URL(page.url()).pathname).toBe(`/shop/p/${urlId}-moved`);
    expect(await page.title()).toBe(seoTitle);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      'Breathable, packable, sun-proof.',
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      new RegExp(`/files/${IMAGE_NAME.replace('.', '\\.')}$`),
    );
    await page.close();
    urlId = `${urlId}-moved`;
  });
});

import {
  cartPillLabel,
  formatMoney,
  hasVariedPrices,
  isOnSale,
  isQuantityInputVisible,
  isSoldOut,
  type ProductItem,
  priceRange,
} from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { DEMO_PRODUCT_URL_IDS } from '../../../../test/visitor.js';

/** The text a visitor reads in a fragment of HTML: tags dropped, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The product cards of a collection page, keyed by the product URL they link to. */
function productCards(html: string): Map<string, string> {
  const cards = new Map<string, string>();
  for (const card of html.split('<li class="product-card').slice(1)) {
    const body = card.slice(0, card.indexOf('</li>'));
    const href = /href="([^"]+)"/.exec(body)?.[1];
    if (href) cards.set(href, body);
  }
  return cards;
}

function contextOf(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="tessera-context">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries the tessera-context script').toBeDefined();
  return JSON.parse(json as string) as Record<string, unknown>;
}

function cartPill(html: string): string | undefined {
  return /<a class="tessera-cart-pill"[^>]*>[\s\S]*?<\/a>/.exec(html)?.[0];
}

function money(cents: number): string {
  return formatMoney(cents, 'USD', 'en-US');
}

for (const dialect of DIALECTS) {
  describe(`storefront pages (${dialect})`, () => {
    let products: ProductItem[];
    let storeSettings: { multipleQuantityAllowedForServices: boolean };

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      const { content } = suite.server.app.services;
      const site = await content.getSiteForHost('localhost');
      const shop = await content.getCollectionBySlug(site.id, 'shop');
      products = await content.listProducts(site.id, shop?.id ?? '');
      storeSettings = await content.getStoreSettings(site.id);
    });

    async function get(path: string, cookie?: string) {
      const response = await fetch(`${suite.server.url}${path}`, { headers: cookie ? { cookie } : {} });
      return { response, html: await response.text() };
    }

    function product(urlId: string): ProductItem {
      const found = products.find((p) => p.urlId === urlId);
      if (!found) throw new Error(`demo product ${urlId} is missing`);
      return found;
    }

    it('lists every demo product on /shop with its price and the badges the product rules give', async () => {
      const { response, html } = await get('/shop');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const cards = productCards(html);
      expect([...cards.keys()].sort()).toEqual(DEMO_PRODUCT_URL_IDS.map((id) => `/shop/p/${id}`).sort());

      for (const urlId of DEMO_PRODUCT_URL_IDS) {
        const item = product(urlId);
        const text = textOf(cards.get(`/shop/p/${urlId}`) ?? '');
        expect(text, urlId).toContain(item.title);
        const soldOut = isSoldOut(item);
        expect(/\bsold out\b/i.test(text), `${urlId} sold-out badge`).toBe(soldOut);
        // The sold-out badge wins over the sale badge.
        expect(/\bsale\b/i.test(text), `${urlId} sale badge`).toBe(!soldOut && isOnSale(item));
        const { min } = priceRange(item);
        if (hasVariedPrices(item)) expect(text, `${urlId} price range`).toContain(`from ${money(min)}`);
        else expect(text, `${urlId} price`).toContain(money(min));
      }

      // The facts of the demo catalogue behind those rules.
      expect(textOf(cards.get('/shop/p/canvas-tote') ?? '')).toMatch(/sold out/i);
      expect(textOf(cards.get('/shop/p/wool-scarf') ?? '')).toMatch(/sale/i);
      expect(textOf(cards.get('/shop/p/linen-shirt') ?? '')).toMatch(/^.*from \$\d/);
    });

    it('offers a list view at ?view=list and marks the current view', async () => {
      const { response, html } = await get('/shop?view=list');
      expect(response.status).toBe(200);
      expect(html).toContain('product-list--list');
      expect(html).toMatch(/href="\/shop\?view=list" aria-current="page">List</);
      expect(productCards(html).size).toBe(DEMO_PRODUCT_URL_IDS.length);
    });

    it('renders the linen shirt with variant selects, quantity, add button, message area and context', async () => {
      const { response, html } = await get('/shop/p/linen-shirt');
      expect(response.status).toBe(200);
      const item = product('linen-shirt');
      expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')).toBe(item.title);
      expect(html).toMatch(
        new RegExp(
          `<article class="ProductItem" data-island="product" data-item-id="${item.id}" data-product-type="1">`,
        ),
      );
      expect(html).toContain(
        '<select aria-label="Select Size" data-variant-option-name="Size" name="variant-option-Size">',
      );
      expect(html).toContain(
        '<select aria-label="Select Color" data-variant-option-name="Color" name="variant-option-Color">',
      );
      expect(html).toMatch(/<div class="product-quantity-input"[\s\S]*?<input aria-label="Quantity"/);
      expect(html).toMatch(/class="sqs-add-to-cart-button[^"]*"[^>]*data-item-id="[^"]+"/);
      expect(textOf(/<div class="sqs-add-to-cart-button-inner">([^<]*)</.exec(html)?.[1] ?? '')).toBe('Add To Cart');
      expect(html).toContain('<div class="tessera-product-message" role="alert" hidden></div>');
      expect(html).toMatch(/data-variant-image="LIN-/);

      const context = contextOf(html);
      expect(context).toMatchObject({ locale: 'en-US', currency: 'USD', pageType: 50 });
      expect((context.product as ProductItem).id).toBe(item.id);
      expect(context.websiteId).toEqual(expect.any(String));
      expect(html).toMatch(/<link rel="stylesheet" href="\/theme\/theme\.css/);
    });

    it('shows the quantity input exactly where the SPEC allows it', async () => {
      for (const urlId of DEMO_PRODUCT_URL_IDS) {
        const { html } = await get(`/shop/p/${urlId}`);
        const expected = isQuantityInputVisible(product(urlId), storeSettings);
        expect(html.includes('class="product-quantity-input"'), urlId).toBe(expected);
      }
    });

    it('shows a sold-out product as sold out, with a restock sign-up and no add button', async () => {
      const { response, html } = await get('/shop/p/canvas-tote');
      expect(response.status).toBe(200);
      expect(textOf(html)).toMatch(/sold out/i);
      expect(html).not.toContain('sqs-add-to-cart-button-inner');
      expect(html).toMatch(
        /<div class="product-restock-notification" data-product-id="[^"]+" data-variant-id="[^"]+">/,
      );
    });

    it('escapes the context script of a product page', async () => {
      const { html } = await get('/shop/p/custom-mug');
      const json = /id="tessera-context">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
      expect(json).not.toMatch(/</);
      expect(() => JSON.parse(json)).not.toThrow();
    });

    it('answers an empty /cart with the empty text and no cart pill', async () => {
      const { response, html } = await get('/cart');
      expect(response.status).toBe(200);
      expect(html).toContain('<section class="tessera-cart" data-island="cart-page"');
      expect(textOf(html)).toContain('You have nothing in your shopping cart.');
      expect(cartPill(html)).toBeUndefined();
      expect(contextOf(html).pageType).toBe(200);
    });

    it('answers unknown paths and products with the not-found page and status 404', async () => {
      for (const path of ['/no-such-page', '/shop/p/no-such-product', '/about/deeper/still']) {
        const { response, html } = await get(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(textOf(html)).toContain('We couldn’t find that page');
        expect(contextOf(html).pageType).toBe(100);
      }
    });

    it('shows the cart pill hidden when empty, and the cart once something is added through the API', async () => {
      const first = await get('/shop');
      expect(cartPill(first.html)).toMatch(
        / hidden><span class="tessera-cart-pill__label visually-hidden">0 items in cart<\/span>/,
      );
      const crumb = /crumb=([^;]+)/.exec(first.response.headers.get('set-cookie') ?? '')?.[1];
      expect(crumb, 'the first page view sets a crumb cookie').toBeDefined();

      const shirt = product('linen-shirt');
      const variant = shirt.structuredContent.variants.find((v) => v.qtyInStock >= 2);
      const added = await fetch(`${suite.server.url}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb as string, cookie: `crumb=${crumb}` },
        body: JSON.stringify({ itemId: shirt.id, sku: variant?.sku, quantity: 2 }),
      });
      expect(added.status, await added.clone().text()).toBe(200);
      const cartToken = /CART=([^;]+)/.exec(added.headers.get('set-cookie') ?? '')?.[1];
      expect(cartToken).toBeDefined();
      const cookie = `crumb=${crumb}; CART=${cartToken}`;

      const shop = await get('/shop', cookie);
      const pill = cartPill(shop.html) ?? '';
      expect(pill).toContain(`<span class="tessera-cart-pill__label visually-hidden">${cartPillLabel(2)}</span>`);
      expect(pill).not.toMatch(/\shidden[\s>]/);
      expect(textOf(pill)).toBe(`${cartPillLabel(2)} 2 ${money(2 * (variant?.price ?? 0))}`);

      const cart = await get('/cart', cookie);
      expect(cartPill(cart.html)).toBeUndefined();
      expect(cart.html).toMatch(/<li class="tessera-cart__entry" data-entry-id="[^"]+">/);
      expect(cart.html).toMatch(/<input class="tessera-cart__qty" type="number" min="0" max="9999" value="2"/);
      expect(textOf(cart.html)).toContain(shirt.title);
      expect(textOf(/<div class="tessera-cart__subtotal">[\s\S]*?<\/div>/.exec(cart.html)?.[0] ?? '')).toBe(
        `Subtotal ${money(2 * (variant?.price ?? 0))}`,
      );
    });

    it('sends addresses with a trailing slash to the same page without it', async () => {
      for (const [from, to] of [
        ['/shop/', '/shop'],
        ['/shop/p/linen-shirt/?x=1', '/shop/p/linen-shirt?x=1'],
      ]) {
        const response = await fetch(`${suite.server.url}${from}`, { redirect: 'manual' });
        expect(response.status, from).toBe(301);
        expect(response.headers.get('location'), from).toBe(to);
      }
    });

    it('renders a page collection from the navigation (About) from its sections', async () => {
      const { response, html } = await get('/about');
      expect(response.status).toBe(200);
      expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')).toBe('About Juniper & Oak');
      expect(html).toMatch(/<a class="site-nav__link" href="\/about" aria-current="page">About<\/a>/);
      expect(contextOf(html).pageType).toBe(2);
    });

    it('renders the home page with the site title and a way into the shop', async () => {
      const { response, html } = await get('/');
      expect(response.status).toBe(200);
      expect(html).toMatch(/<a class="site-title" href="\/">[^<]+<\/a>/);
      expect(html).toMatch(/<a class="button button--primary[^"]*" href="\/shop">/);
      expect(productCards(html).size).toBeGreaterThan(0);
    });
  });
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { moneyFromCents, PageType, type ProductItem } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { cartPageView, cartPillView } from '../domains/cart/cart-view.js';
import { serializeForScript } from './context-script.js';
import { pageContext, type SiteScope } from './page-context.js';
import { merchandisingContext, productView } from './product-view.js';
import { readLoaderFromManifest } from './storefront-manifest.js';
import { Theme } from './theme.js';

const THEME_DIR = join(import.meta.dirname, '../../../../themes/default');
const theme = new Theme(THEME_DIR);
const settings = { locale: 'en-US', timeZone: 'America/New_York', now: Date.UTC(2026, 0, 1) };

const site: SiteScope = {
  id: 'site-1',
  title: 'Fern & <Co>',
  locale: 'en-US',
  timeZone: 'America/New_York',
  currency: 'USD',
  description: 'Plants & pots',
  storeSettings: { multipleQuantityAllowedForServices: true, scarcityShownByDefault: false },
  websiteSettings: { useCLDRMoneyFormat: true },
  navigation: [{ title: 'Shop', url: '/shop' }],
};

function variant(sku: string, price: number, stock: number, attributes: Record<string, string>) {
  return {
    id: sku,
    sku,
    price,
    salePrice: 0,
    priceMoney: moneyFromCents(price, 'USD'),
    salePriceMoney: moneyFromCents(0, 'USD'),
    onSale: false,
    unlimited: false,
    qtyInStock: stock,
    attributes,
  };
}

const pot: ProductItem = {
  id: 'pot-1',
  title: 'Terracotta </script> Pot',
  urlId: 'pot',
  structuredContent: {
    productType: 1,
    variantOptionOrdering: ['Size'],
    useCustomAddButtonText: true,
    customAddButtonText: 'Pre-order',
    variants: [variant('POT-S', 1200, 3, { Size: 'Small' }), variant('POT-L', 2400, 0, { Size: 'Large' })],
  },
};

function render(template: string, pageType: number, extra: Record<string, unknown>, product?: ProductItem) {
  const context = pageContext(
    site,
    { pageType, path: '/x', product },
    { stylesheet: '/theme/theme.css', loaderSrc: '/assets/loader.js' },
  );
  const full = {
    ...context,
    cartPill: cartPillView(undefined, 'USD', 'en-US'),
    ...extra,
    page: {
      ...(context.page as object),
      ...((extra.page as object) ?? {}),
      showCartPill: pageType !== PageType.SHOW_CART,
    },
  };
  return theme.renderPage(template, full, settings);
}

describe('default theme', () => {
  it('renders a product with its custom add-button label, variant select and a sold-out variant kept hidden', () => {
    const { html, errors } = render(
      'products.item',
      PageType.CONTENT_ITEM,
      {
        collection: { id: 'shop', title: 'Shop', fullUrl: '/shop' },
        item: productView(pot, '/shop'),
        productMerchandisingContext: { [pot.id]: merchandisingContext(pot, site.storeSettings) },
      },
      pot,
    );
    expect(errors).toEqual([]);
    expect(html).toContain('<div class="sqs-add-to-cart-button-inner">Pre-order</div>');
    expect(html).toContain(
      '<select aria-label="Select Size" data-variant-option-name="Size" name="variant-option-Size">',
    );
    expect(html).toContain('from $12.00');
    expect(html).toMatch(
      /<div class="product-restock-notification" data-product-id="pot-1" data-variant-id="POT-L" hidden>/,
    );
    expect(html).toContain('Terracotta &lt;/script&gt; Pot');
    expect(html).toContain('<a class="site-title" href="/">Fern &amp; &lt;Co&gt;</a>');
    const script = /id="tessera-context">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(script).product.title).toBe('Terracotta </script> Pot');
    expect(html).toContain('<script type="module" src="/assets/loader.js"></script>');
  });

  it('lets the sold-out badge win over the sale badge on a product card', () => {
    const both: ProductItem = {
      ...pot,
      id: 'pot-2',
      urlId: 'pot-2',
      structuredContent: {
        ...pot.structuredContent,
        variants: pot.structuredContent.variants.map((v) => ({ ...v, qtyInStock: 0, onSale: true, salePrice: 900 })),
      },
    };
    const onSale: ProductItem = {
      ...pot,
      id: 'pot-3',
      urlId: 'pot-3',
      structuredContent: {
        ...pot.structuredContent,
        variants: pot.structuredContent.variants.map((v) => ({ ...v, onSale: true, salePrice: 900 })),
      },
    };
    const { html, errors } = render('products.list', PageType.MAIN_CONTENT, {
      collection: { id: 'shop', title: 'Shop', fullUrl: '/shop' },
      items: [both, onSale].map((item) => productView(item, '/shop')),
      page: { view: 'grid', isGrid: true },
    });
    expect(errors).toEqual([]);
    const [soldOutCard, saleCard] = html.split('<li class="product-card').slice(1);
    expect(soldOutCard).toContain('<div class="product-mark sold-out">sold out</div>');
    expect(soldOutCard).not.toContain('product-mark sale');
    expect(saleCard).toContain('<div class="product-mark sale">sale</div>');
    expect(saleCard).not.toContain('sold-out');
  });

  it('renders every page template without template errors', () => {
    const items = [productView(pot, '/shop')];
    const pages: [string, number, Record<string, unknown>][] = [
      ['home', PageType.PAGE, { collection: { fullUrl: '/shop' }, items, page: { headline: 'Hello' } }],
      [
        'products.list',
        PageType.MAIN_CONTENT,
        { collection: { id: 'shop', title: 'Shop', fullUrl: '/shop' }, items, page: { view: 'grid', isGrid: true } },
      ],
      ['not-found', PageType.NOT_FOUND, {}],
    ];
    for (const [template, pageType, extra] of pages) {
      const { html, errors } = render(template, pageType, extra);
      expect(errors, template).toEqual([]);
      expect(html, template).toMatch(/^<!doctype html>/);
      expect(html, template).toContain(
        '<a class="tessera-cart-pill" data-island="cart-pill" href="/cart" hidden><span class="tessera-cart-pill__label visually-hidden">0 items in cart</span>',
      );
    }
  });

  it('renders the cart entries with their attributes, quantities and subtotal, and no pill', () => {
    const view = cartPageView(
      {
        currency: 'USD',
        subtotalCents: 3600,
        totalQuantity: 3,
        entries: [
          {
            id: 'e1',
            itemId: 'pot-1',
            title: 'Terracotta Pot',
            quantity: 3,
            subTotalCents: 3600,
            url: '/shop/p/pot',
            chosenVariant: { sku: 'POT-S', attributes: { Size: 'Small' } },
          },
        ],
      },
      'USD',
      'en-US',
    );
    const { html, errors } = render('cart', PageType.SHOW_CART, {
      cart: view.cart,
      page: { cartSubtotal: view.subtotal },
    });
    expect(errors).toEqual([]);
    expect(html).toContain('<li class="tessera-cart__entry" data-entry-id="e1">');
    expect(html).toContain('<span class="tessera-cart__attrs">Size: Small</span>');
    expect(html).toContain(
      '<input class="tessera-cart__qty" type="number" min="0" max="9999" value="3" aria-label="Quantity">',
    );
    expect(html).toContain('<span class="tessera-cart__price">$36.00</span>');
    expect(html).toContain('<span class="tessera-cart__subtotal-value">$36.00</span>');
    expect(html).not.toContain('tessera-cart-pill');
  });
});

describe('page context helpers', () => {
  it('escapes <, > and & in the context script so no value can close it', () => {
    const text = serializeForScript({ title: '</script><script>alert(1)</script> & more' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text).title).toBe('</script><script>alert(1)</script> & more');
  });

  it('shows the pill count, spoken label and subtotal of a cart', () => {
    expect(
      cartPillView({ currency: 'USD', subtotalCents: 1250, totalQuantity: 1, entries: [] }, 'USD', 'en-US'),
    ).toEqual({
      count: '1',
      label: 'One item in cart',
      subtotal: '$12.50',
      hidden: false,
    });
    expect(
      cartPillView({ currency: 'USD', subtotalCents: 0, totalQuantity: 150, entries: [] }, 'USD', 'en-US'),
    ).toMatchObject({
      count: '100+',
      label: 'More than 100 items in cart',
    });
    expect(cartPillView(undefined, 'USD', 'en-US').hidden).toBe(true);
  });

  it('finds the loader in the storefront manifest, and reports a missing manifest or entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-manifest-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ 'src/loader.ts': { file: 'assets/loader-abc.js', isEntry: true } }));
    expect(readLoaderFromManifest(good)).toEqual({ src: '/assets/loader-abc.js' });
    const noEntry = join(dir, 'no-entry.json');
    writeFileSync(noEntry, JSON.stringify({ 'src/other.ts': { file: 'assets/other.js' } }));
    expect(readLoaderFromManifest(noEntry).src).toBeUndefined();
    expect(readLoaderFromManifest(noEntry).problem).toMatch(/src\/loader\.ts/);
    expect(readLoaderFromManifest(join(dir, 'missing.json')).problem).toMatch(/not found/);
  });
});

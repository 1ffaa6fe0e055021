import { describe, expect, it } from 'vitest';
import { fakeContext, runFormatter } from '../i18n/fake-context.test.js';
import { COMMERCE_FORMATTERS } from './commerce.js';

const run = (name: string, value: unknown, root: unknown = {}, args: string[] = [], locale = 'en') =>
  runFormatter(COMMERCE_FORMATTERS, name, args, [value], fakeContext({ root, node: value, locale })) as
    | string
    | undefined;

const usd = (value: string) => ({ value, currency: 'USD' });

describe('product-price', () => {
  it('shows a from price when variants differ', () => {
    const item = {
      structuredContent: { productType: 1, variants: [{ priceMoney: usd('100') }, { priceMoney: usd('200') }] },
    };
    expect(run('product-price', item)?.trim()).toBe(
      '<div class="product-price">\nfrom <span class="sqs-money-native">100.00</span>\n\n</div>',
    );
  });

  it('shows the sale price before the original price', () => {
    const item = {
      structuredContent: { productType: 2, onSale: true, priceMoney: usd('400'), salePriceMoney: usd('200') },
    };
    const out = run('product-price', item) ?? '';
    expect(out).toContain('Sale Price:</span><span class="sqs-money-native">200.00</span> ');
    expect(out).toContain('<span class="original-price"><span class="sqs-money-native">400.00</span></span>');
  });

  it('formats with CLDR when the website asks for it', () => {
    const item = { structuredContent: { productType: 2, priceMoney: { value: '2500', currency: 'EUR' } } };
    const root = { website: { useCLDRMoneyFormat: true } };
    expect(run('product-price', item, root, [], 'de-DE')).toMatch(/\n2\.500,00\s€\n/u);
    expect(run('product-price', item, { websiteSettings: { useCLDRMoneyFormat: true } })).toContain('€2,500.00');
  });

  it('words subscription prices with their billing terms', () => {
    const item = {
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'WEEK', value: 2 }, numBillingCycles: 26 },
        variants: [{ priceMoney: usd('100') }],
      },
    };
    expect(run('product-price', item)).toContain(
      '<span class="sqs-money-native">100.00</span> every 2 weeks for 1 year',
    );
  });

  it('formats a localized subscription string as a message, plurals included', () => {
    const item = {
      structuredContent: {
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 1 }, numBillingCycles: 24 },
        variants: [{ priceMoney: usd('5') }],
      },
    };
    const root = {
      localizedStrings: {
        productPrice__singlePrice__1Monthly__limited__nYears:
          '{price} monthly for {duration, plural, one {# year} other {# years}}',
      },
    };
    expect(run('product-price', item, root)).toContain(
      '<span class="sqs-money-native">5.00</span> monthly for 2 years',
    );
  });

  it("falls back to 'Unavailable' for a subscription without a plan", () => {
    const item = { structuredContent: { productType: 1, isSubscribable: true, variants: [{ priceMoney: usd('1') }] } };
    expect(run('product-price', item)?.trim()).toBe('<div class="product-price">\nUnavailable\n\n</div>');
  });
});

describe('product widgets', () => {
  const item = {
    id: 'p1',
    collectionId: 'c1',
    structuredContent: { productType: 1, useCustomAddButtonText: true, customAddButtonText: '<b>Buy</b>' },
  };

  it('escapes a custom add-to-cart label and marks the item for the island', () => {
    const out = run('add-to-cart-btn', item) ?? '';
    expect(out).toContain('data-item-id="p1"');
    expect(out).toContain('data-original-label="&lt;b&gt;Buy&lt;/b&gt;"');
    expect(out).toContain('<div class="sqs-add-to-cart-button-inner">&lt;b&gt;Buy&lt;/b&gt;</div>');
  });

  it("labels variant selects 'Select {variantName}' and escapes option names", () => {
    const product = {
      id: 'p1',
      structuredContent: {
        productType: 1,
        variantOptionOrdering: ['size&fit'],
        variants: [{ attributes: { 'size&fit': 'S' } }, { attributes: { 'size&fit': 'M' } }],
      },
    };
    const out = run('variants-select', product) ?? '';
    expect(out).toContain('<select aria-label="Select size&amp;fit" data-variant-option-name="size&amp;fit">');
    expect(out).toContain('<option value="S">S</option><option value="M">M</option>');
    expect(run('variants-select', { structuredContent: { productType: 1, variants: [] } })).toBeUndefined();
  });

  it('names the selects and the quantity input for a plain form post only when asked (`named`)', () => {
    const product = {
      id: 'p1',
      structuredContent: {
        productType: 1,
        variantOptionOrdering: ['size&fit'],
        variants: [
          { attributes: { 'size&fit': 'S' }, qtyInStock: 5 },
          { attributes: { 'size&fit': 'M' }, qtyInStock: 5 },
        ],
      },
    };
    const named = run('variants-select', product, {}, ['named']) ?? '';
    expect(named).toContain(
      '<select aria-label="Select size&amp;fit" data-variant-option-name="size&amp;fit" name="variant-option-size&amp;fit">',
    );
    expect(run('variants-select', product)).not.toContain(' name="variant-option-size&amp;fit">');
    expect(run('quantity-input', product, {}, ['named'])).toContain('<input aria-label="Quantity" name="quantity" ');
    expect(run('quantity-input', product)).not.toContain('name=');
  });

  it('lets sold out win over sale', () => {
    const soldOutOnSale = { structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] } };
    expect(run('product-status', soldOutOnSale)).toBe('<div class="product-mark sold-out">sold out</div>');
    const onSale = { structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 2 }] } };
    expect(run('product-status', onSale)).toBe('<div class="product-mark sale">sale</div>');
  });

  it('renders one hidden restock form per view', () => {
    const root = {
      productMerchandisingContext: {
        p1: {
          restockNotificationMessages: { CTAText: 'Tell me', buttonText: 'Go', placeholderText: 'Email' },
          restockNotificationViews: [{ variantId: 1, hiddenByDefault: true }, { variantId: 2 }],
        },
      },
    };
    const out = run('product-restock-notification', item, root) ?? '';
    expect(out).toContain('<div class="product-restock-notification" data-product-id="p1" data-variant-id="1" hidden>');
    expect(out).toContain('<div class="product-restock-notification" data-product-id="p1" data-variant-id="2">');
  });

  it('fills the scarcity text with the stock left', () => {
    const root = {
      productMerchandisingContext: {
        p1: {
          scarcityEnabled: true,
          scarcityText: 'Only {qtyInStock} left',
          scarcityTemplateViews: [{ qtyInStock: 2 }],
        },
      },
    };
    expect(run('product-scarcity', item, root)?.trim()).toBe(
      '<div class="product-scarcity">\n    Only 2 left\n  </div>',
    );
  });
});

describe('cart and form helpers', () => {
  it('sums cart quantities and links to /cart', () => {
    expect(run('cart-quantity', { entries: [{ quantity: 2 }, { quantity: 3 }] })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    );
    expect(run('cart-url', {})).toBe('/cart');
  });

  it('formats the cart subtotal from cents', () => {
    expect(run('cart-subtotal', { subtotalCents: 12345 })).toBe(
      '<span class="sqs-cart-subtotal"><span class="sqs-money-native">123.45</span></span>',
    );
  });

  it('summarises multi-part form fields and unanswered ones', () => {
    const time = { type: 'time', rawTitle: 'Time', values: { Hour: 4, Ampm: 'pm' } };
    expect(run('summary-form-field', time)).toContain('Time:</span> 4:00:00 pm');
    const likert = { type: 'likert', rawTitle: 'Views', values: { Good: '2', Odd: '9' } };
    const out = run('summary-form-field', likert) ?? '';
    expect(out).toContain('Good:</span> Strongly Agree');
    expect(out).toContain('Odd:</span> Neutral');
    expect(run('summary-form-field', { type: 'text', rawTitle: 'Note' })).toContain('Note:</span> N/A');
  });

  it('describes a variant by its option values', () => {
    expect(run('variant-descriptor', { optionValues: [{ value: 'blue' }, { value: 'large' }] })).toBe('blue / large');
  });
});

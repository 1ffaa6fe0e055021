import { ITEM_SEO_MESSAGES, ProductType } from '@tessera/core';
import type { OwnerProduct } from '@tessera/core/contracts/products';
import { describe, expect, it } from 'vitest';
import {
  draftFromProduct,
  draftToInput,
  emptyDraft,
  fieldErrorsOf,
  type VariantDraft,
  variantImageChoices,
  variantsForOptions,
  withImages,
} from './product-draft.js';

const usd = (value: string) => ({ value, currency: 'USD' });

const stored: OwnerProduct = {
  id: 'p1',
  title: 'Field Jacket',
  urlId: 'field-jacket',
  fullUrl: '/shop/p/field-jacket',
  excerpt: 'Warm',
  body: '',
  status: 'published',
  collectionId: 'c1',
  recordType: 11,
  assetUrl: '/files/jacket.jpg',
  addedOn: 0,
  publishOn: 0,
  updatedOn: 0,
  items: [{ assetUrl: '/files/jacket.jpg', altText: 'A jacket' }],
  structuredContent: {
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ['Size', 'Colour'],
    variants: [
      {
        id: 'v1',
        sku: 'J-S-R',
        price: 18900,
        salePrice: 0,
        priceMoney: usd('189.00'),
        salePriceMoney: usd('0.00'),
        onSale: false,
        unlimited: false,
        qtyInStock: 3,
        attributes: { Size: 'S', Colour: 'Red' },
        optionValues: [
          { optionName: 'Size', value: 'S' },
          { optionName: 'Colour', value: 'Red' },
        ],
      },
      {
        id: 'v2',
        sku: 'J-M-R',
        price: 19900,
        salePrice: 15900,
        priceMoney: usd('199.00'),
        salePriceMoney: usd('159.00'),
        onSale: true,
        unlimited: true,
        qtyInStock: 0,
        attributes: { Size: 'M', Colour: 'Red' },
        optionValues: [
          { optionName: 'Size', value: 'M' },
          { optionName: 'Colour', value: 'Red' },
        ],
      },
    ],
    variantWeights: { v1: 850 },
  },
};

describe('product drafts', () => {
  it('reads a stored product into major units, options in their order and weights by variant', () => {
    const draft = draftFromProduct(stored, 'USD');
    expect(draft.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ]);
    expect(draft.variants.map((v) => [v.price, v.salePrice, v.weight])).toEqual([
      ['189.00', '', '850'],
      ['199.00', '159.00', ''],
    ]);
    expect(draft.images).toEqual([{ url: '/files/jacket.jpg', altText: 'A jacket' }]);
  });

  it('writes money back as integer minor units of the store currency and keeps variant ids', () => {
    const result = draftToInput(draftFromProduct(stored, 'USD'), 'USD');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const variants = result.body.variants as Record<string, unknown>[];
    expect(variants[0]).toMatchObject({ id: 'v1', price: 18900, qtyInStock: 3, weight: 850, unlimited: false });
    expect(variants[1]).toMatchObject({ id: 'v2', price: 19900, salePrice: 15900, onSale: true, unlimited: true });
    expect(result.body.variantOptionOrdering).toEqual(['Size', 'Colour']);
    const yen = draftToInput(
      { ...emptyDraft(), title: 'Tea', variants: [{ ...emptyDraftVariant(), price: '1250' }] },
      'JPY',
    );
    expect(yen.ok && (yen.body.variants as { price: number }[])[0]?.price).toBe(1250);
  });

  it('names each bad field with the path the server uses', () => {
    const draft = draftFromProduct(stored, 'USD');
    draft.title = ' ';
    draft.variants[0] = { ...(draft.variants[0] as VariantDraft), price: '12,5x', qtyInStock: 'lots' };
    draft.variants[1] = { ...(draft.variants[1] as VariantDraft), salePrice: '250.00' };
    const result = draftToInput(draft, 'USD');
    expect(result).toEqual({
      ok: false,
      errors: {
        title: 'Give the product a title.',
        'variants.0.price': 'Enter an amount such as 12.50.',
        'variants.0.qtyInStock': 'Give the stock as a whole number.',
        'variants.1.salePrice': 'A sale price must be lower than the price.',
      },
    });
  });

  it('reads the stored SEO fields (not the stored image size), sends them back and checks them like the server', () => {
    const seo = { title: 'Waxed field jacket', description: 'Rain-proof.', socialImage: '/files/j.png', noindex: true };
    const withSeo = {
      ...stored,
      structuredContent: { ...stored.structuredContent, seo: { ...seo, socialImageSize: '10x10' } },
    };
    const draft = draftFromProduct(withSeo, 'USD');
    expect(draft.seo).toEqual(seo);
    expect(draftFromProduct(stored, 'USD').seo).toEqual({
      title: '',
      description: '',
      socialImage: '',
      noindex: false,
    });
    const result = draftToInput({ ...draft, redirectOldUrl: false }, 'USD');
    expect(result.ok && result.body.seo).toEqual(seo);
    expect(result.ok && result.body.redirectOldUrl).toBe(false);
    const bad = draftToInput({ ...draft, seo: { ...seo, description: 'd'.repeat(401), socialImage: '/etc/x' } }, 'USD');
    expect(bad).toEqual({
      ok: false,
      errors: {
        'seo.description': ITEM_SEO_MESSAGES.descriptionTooLong,
        'seo.socialImage': ITEM_SEO_MESSAGES.socialImage,
      },
    });
  });

  it('makes a gift card one unlimited variant priced at its first amount', () => {
    const draft = { ...emptyDraft(ProductType.GIFT_CARD), title: 'Store credit', denominations: '25, 50.00' };
    const result = draftToInput(draft, 'EUR');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.body.denominations).toEqual([2500, 5000]);
    expect(result.body.variants).toEqual([expect.objectContaining({ price: 2500, unlimited: true, attributes: {} })]);
    expect(draftToInput({ ...draft, denominations: '' }, 'EUR')).toEqual({
      ok: false,
      errors: { denominations: 'A gift card needs at least one amount.' },
    });
  });

  it('sends a subscription plan only for types that can be subscribed to', () => {
    const draft = {
      ...emptyDraft(),
      title: 'Tea box',
      isSubscribable: true,
      billingValue: '2',
      billingUnit: 'WEEK' as const,
    };
    draft.variants = [{ ...emptyDraftVariant(), price: '24.00', qtyInStock: '5' }];
    const physical = draftToInput(draft, 'USD');
    expect(physical.ok && physical.body.subscriptionPlan).toEqual({
      billingPeriod: { value: 2, unit: 'WEEK' },
      numBillingCycles: 0,
    });
    const digital = draftToInput({ ...draft, productType: ProductType.DIGITAL }, 'USD');
    expect(digital.ok && [digital.body.isSubscribable, digital.body.subscriptionPlan]).toEqual([false, null]);
  });
});

function emptyDraftVariant(): VariantDraft {
  return emptyDraft().variants[0] as VariantDraft;
}

describe('variants for options', () => {
  const sized: VariantDraft[] = [
    { ...emptyDraftVariant(), id: 'a', attributes: { Size: 'S' }, price: '10.00', qtyInStock: '4' },
    { ...emptyDraftVariant(), id: 'b', attributes: { Size: 'M' }, price: '12.00', qtyInStock: '2' },
  ];

  it('makes every combination in option order, keeping the variants that still fit', () => {
    const result = variantsForOptions(
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
      sized,
    );
    if ('error' in result) throw new Error(result.error);
    expect(result.map((v) => [v.attributes, v.id, v.qtyInStock])).toEqual([
      [{ Size: 'S', Colour: 'Red' }, 'a', '4'],
      [{ Size: 'S', Colour: 'Blue' }, undefined, '0'],
      [{ Size: 'M', Colour: 'Red' }, 'b', '2'],
      [{ Size: 'M', Colour: 'Blue' }, undefined, '0'],
    ]);
    expect(result[1]?.price).toBe('10.00');
  });

  it('drops a removed value and refuses more than 250 variants', () => {
    const fewer = variantsForOptions([{ name: 'Size', values: ['M'] }], sized);
    expect(!('error' in fewer) && fewer.map((v) => v.id)).toEqual(['b']);
    const many = Array.from({ length: 16 }, (_, i) => `v${i}`);
    const tooMany = variantsForOptions(
      [
        { name: 'A', values: many },
        { name: 'B', values: many },
      ],
      sized,
    );
    expect(tooMany).toEqual({ error: 'These options make more than 250 variants, the most a product can have.' });
  });
});

describe('server field messages', () => {
  it('uses the fields map, else the path at the start of the message', () => {
    expect(fieldErrorsOf({ fields: { 'variants.0.sku': 'Each SKU may appear once.' } }, 'x')).toEqual({
      'variants.0.sku': 'Each SKU may appear once.',
    });
    expect(fieldErrorsOf({}, 'urlId: Use lower-case letters.')).toEqual({ urlId: 'Use lower-case letters.' });
    expect(fieldErrorsOf({}, 'Another item of this collection already uses this URL.')).toEqual({
      _: 'Another item of this collection already uses this URL.',
    });
  });
});

describe('variant images', () => {
  const withPictures: OwnerProduct = {
    ...stored,
    items: [
      { assetUrl: '/files/jacket.jpg', altText: 'A jacket' },
      { assetUrl: '/files/jacket%20red.jpg', altText: '' },
    ],
    structuredContent: {
      ...stored.structuredContent,
      variants: stored.structuredContent.variants.map((v, i) =>
        i === 0 ? { ...v, mainImage: { assetUrl: '/files/jacket%20red.jpg' } } : v,
      ),
    },
  };

  it('offers the product’s images by position and name, and sends the chosen one', () => {
    const draft = draftFromProduct(withPictures, 'USD');
    expect(draft.variants.map((v) => v.imageUrl)).toEqual(['/files/jacket%20red.jpg', '']);
    expect(variantImageChoices(draft.images)).toEqual([
      { url: '/files/jacket.jpg', label: '1. jacket.jpg (A jacket)' },
      { url: '/files/jacket%20red.jpg', label: '2. jacket red.jpg' },
    ]);
    const result = draftToInput(draft, 'USD');
    expect(result.ok && (result.body.variants as Record<string, unknown>[]).map((v) => v.imageUrl)).toEqual([
      '/files/jacket%20red.jpg',
      undefined,
    ]);
  });

  it('puts a variant back to the product’s images when its own image is removed from the product', () => {
    const draft = draftFromProduct(withPictures, 'USD');
    const fewer = withImages(draft, [draft.images[0] as { url: string; altText: string }]);
    expect(fewer.images.map((i) => i.url)).toEqual(['/files/jacket.jpg']);
    expect(fewer.variants.map((v) => v.imageUrl)).toEqual(['', '']);
    // Reordering keeps the choice.
    const reordered = withImages(draft, [...draft.images].reverse());
    expect(reordered.variants[0]?.imageUrl).toBe('/files/jacket%20red.jpg');
  });
});

import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import { isQuantityInRange, validateAddToCart } from './validate-add-to-cart.js';

const shirt = {
  structuredContent: {
    productType: ProductType.PHYSICAL,
    variantOptionOrdering: ['Size', 'Color'],
    variants: [
      { sku: 'S-BLU', attributes: { Size: 'S', Color: 'Blue' }, qtyInStock: 3 },
      { sku: 'M-BLU', attributes: { Size: 'M', Color: 'Blue' }, unlimited: true },
    ],
  },
};
const plain = { structuredContent: { productType: ProductType.PHYSICAL, variants: [{ sku: 'ONE', qtyInStock: 2 }] } };
const giftCard = {
  structuredContent: {
    productType: ProductType.GIFT_CARD,
    variants: [
      { sku: 'GC25', attributes: { Value: '25' }, price: 2500, unlimited: true },
      { sku: 'GC50', attributes: { Value: '50' }, price: 5000, unlimited: true },
    ],
  },
};

describe('validateAddToCart', () => {
  it('accepts a fully chosen, available variant', () => {
    const result = validateAddToCart({ item: shirt, attributes: { Size: 'S', Color: 'Blue' }, quantity: '2' });
    expect(result).toMatchObject({ ok: true, quantity: 2, variant: { sku: 'S-BLU' } });
  });

  it('accepts a variant chosen by SKU, and the only variant of an option-less item', () => {
    expect(validateAddToCart({ item: shirt, sku: 'M-BLU', quantity: 1 })).toMatchObject({ ok: true });
    expect(validateAddToCart({ item: plain, quantity: 1 })).toMatchObject({ ok: true, variant: { sku: 'ONE' } });
  });

  it('asks for unselected options in ordering order', () => {
    expect(validateAddToCart({ item: shirt, quantity: 1 })).toEqual({
      ok: false,
      code: 'missing-options',
      message: 'Please select the Size and Color options.',
    });
    expect(validateAddToCart({ item: shirt, attributes: { Color: 'Blue', Size: '' }, quantity: 1 })).toEqual({
      ok: false,
      code: 'missing-options',
      message: 'Please select the Size option.',
    });
  });

  it('refuses a combination or SKU that does not exist', () => {
    const unavailable = {
      ok: false,
      code: 'variant-unavailable',
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    };
    expect(validateAddToCart({ item: shirt, attributes: { Size: 'L', Color: 'Blue' }, quantity: 1 })).toEqual(
      unavailable,
    );
    expect(validateAddToCart({ item: shirt, sku: 'NOPE', quantity: 1 })).toEqual(unavailable);
    expect(validateAddToCart({ item: { structuredContent: { productType: 1, variants: [] } }, quantity: 1 })).toEqual(
      unavailable,
    );
  });

  it('checks the quantity after the variant', () => {
    const base = { item: shirt, sku: 'S-BLU' };
    expect(validateAddToCart({ ...base, quantity: 'two' })).toEqual({
      ok: false,
      code: 'quantity-not-number',
      message: 'Quantity must be a number.',
    });
    expect(validateAddToCart({ ...base, quantity: 1.5 })).toEqual({
      ok: false,
      code: 'quantity-not-whole',
      message: 'Quantity must be a whole number',
    });
    expect(validateAddToCart({ ...base, quantity: 0 })).toMatchObject({ ok: false, code: 'quantity-out-of-range' });
    expect(validateAddToCart({ ...base, quantity: 10000 })).toMatchObject({ ok: false, code: 'quantity-out-of-range' });
  });

  it('checks stock against what the cart already holds', () => {
    expect(validateAddToCart({ item: shirt, sku: 'S-BLU', quantity: 1, alreadyInCart: 2 })).toMatchObject({ ok: true });
    expect(validateAddToCart({ item: shirt, sku: 'S-BLU', quantity: 2, alreadyInCart: 2 })).toEqual({
      ok: false,
      code: 'not-enough-stock',
      message: 'Sorry, we do not have enough of that item available.',
    });
    expect(validateAddToCart({ item: shirt, sku: 'M-BLU', quantity: 9999, alreadyInCart: 9999 })).toMatchObject({
      ok: true,
    });
  });

  it('never refuses digital products or gift cards for stock', () => {
    const ebook = { structuredContent: { productType: ProductType.DIGITAL, variants: [{ sku: 'E', qtyInStock: 0 }] } };
    expect(validateAddToCart({ item: ebook, quantity: 3 })).toMatchObject({ ok: true });
    const card = { structuredContent: { productType: ProductType.GIFT_CARD, variants: [{ sku: 'G', qtyInStock: 0 }] } };
    expect(validateAddToCart({ item: card, sku: 'G', quantity: 1 })).toMatchObject({ ok: true });
  });

  it('asks for a gift card denomination', () => {
    expect(validateAddToCart({ item: giftCard, quantity: 1 })).toEqual({
      ok: false,
      code: 'gift-card-denomination',
      message: 'Select a denomination for the Gift Card',
    });
  });

  it('resolves a gift card by denomination value, amount, option or SKU', () => {
    expect(validateAddToCart({ item: giftCard, quantity: 1, denomination: '50' })).toMatchObject({
      ok: true,
      variant: { sku: 'GC50' },
    });
    expect(validateAddToCart({ item: giftCard, quantity: 1, denomination: 2500 })).toMatchObject({
      variant: { sku: 'GC25' },
    });
    expect(validateAddToCart({ item: giftCard, quantity: 1, attributes: { Value: '25' } })).toMatchObject({
      variant: { sku: 'GC25' },
    });
    expect(validateAddToCart({ item: giftCard, quantity: 1, sku: 'GC50' })).toMatchObject({ ok: true });
    expect(validateAddToCart({ item: giftCard, quantity: 1, denomination: '75' })).toMatchObject({
      code: 'variant-unavailable',
    });
  });
});

describe('isQuantityInRange', () => {
  it('spans 1 to 9999 whole units', () => {
    expect(isQuantityInRange(1)).toBe(true);
    expect(isQuantityInRange(9999)).toBe(true);
    expect(isQuantityInRange(0)).toBe(false);
    expect(isQuantityInRange(10000)).toBe(false);
    expect(isQuantityInRange(1.5)).toBe(false);
  });
});

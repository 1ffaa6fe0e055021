import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import { isSoldOut, isVariantInStock, tracksStock } from './sold-out.js';

const product = (productType: number, variants?: object[]) => ({ structuredContent: { productType, variants } });

describe('isSoldOut', () => {
  it('is false for physical and service products with some stock', () => {
    expect(isSoldOut(product(ProductType.PHYSICAL, [{ unlimited: true }]))).toBe(false);
    expect(isSoldOut(product(ProductType.PHYSICAL, [{ qtyInStock: 0 }, { qtyInStock: 3 }]))).toBe(false);
    expect(isSoldOut(product(ProductType.SERVICE, [{ qtyInStock: 1 }]))).toBe(false);
  });

  it('is true when every variant is limited with zero stock', () => {
    expect(isSoldOut(product(ProductType.PHYSICAL, [{ qtyInStock: 0 }]))).toBe(true);
    expect(isSoldOut(product(ProductType.SERVICE, [{ qtyInStock: 0, unlimited: false }, {}]))).toBe(true);
    expect(isSoldOut(product(ProductType.PHYSICAL, []))).toBe(true);
  });

  it('is never true for digital products and gift cards', () => {
    expect(isSoldOut(product(ProductType.DIGITAL))).toBe(false);
    expect(isSoldOut(product(ProductType.GIFT_CARD, [{ qtyInStock: 0 }]))).toBe(false);
  });

  it('counts unknown types as sold out', () => {
    expect(isSoldOut(product(-1))).toBe(true);
    expect(isSoldOut(product(ProductType.PAYWALL, [{ unlimited: true }]))).toBe(true);
    expect(isSoldOut({})).toBe(true);
  });

  it('agrees with the p-sold-out template vector', () => {
    const items = [
      product(1, [{ unlimited: true }]),
      product(2),
      product(1, [{ qtyInStock: 3 }]),
      product(1, [{ qtyInStock: 0 }]),
      product(-1),
    ];
    expect(items.map(isSoldOut)).toEqual([false, false, false, true, true]);
  });
});

describe('isVariantInStock', () => {
  it('is true when unlimited or stock is above zero', () => {
    expect(isVariantInStock({ unlimited: true, qtyInStock: 0 })).toBe(true);
    expect(isVariantInStock({ qtyInStock: 1 })).toBe(true);
    expect(isVariantInStock({ qtyInStock: 0 })).toBe(false);
    expect(isVariantInStock({})).toBe(false);
  });
});

describe('tracksStock', () => {
  it('applies stock to physical, service and unknown products only', () => {
    expect(tracksStock(product(ProductType.PHYSICAL))).toBe(true);
    expect(tracksStock(product(ProductType.SERVICE))).toBe(true);
    expect(tracksStock(product(-1))).toBe(true);
    expect(tracksStock(product(ProductType.DIGITAL))).toBe(false);
    expect(tracksStock(product(ProductType.GIFT_CARD))).toBe(false);
  });
});

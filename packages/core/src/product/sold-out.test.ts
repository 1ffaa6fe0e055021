import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import { isSoldOut, isVariantInStock, tracksStock, tracksStockOfType } from './sold-out.js';

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
  it('has one answer per product type, unknown types included', () => {
    const answers = Object.fromEntries([1, 2, 3, 4, 5, 0, 99, undefined].map((t) => [String(t), tracksStockOfType(t)]));
    expect(answers).toEqual({
      '1': true, // physical
      '2': false, // digital
      '3': true, // service
      '4': false, // gift card
      '5': true, // paywall
      '0': true,
      '99': true,
      undefined: true,
    });
    for (const type of [1, 2, 3, 4, 5, 99]) expect(tracksStock(product(type))).toBe(tracksStockOfType(type));
    expect(tracksStock({})).toBe(true);
  });

  it('applies stock to every type but digital products and gift cards', () => {
    expect(tracksStock(product(ProductType.PHYSICAL))).toBe(true);
    expect(tracksStock(product(ProductType.SERVICE))).toBe(true);
    expect(tracksStock(product(-1))).toBe(true);
    expect(tracksStock(product(ProductType.DIGITAL))).toBe(false);
    expect(tracksStock(product(ProductType.GIFT_CARD))).toBe(false);
  });
});

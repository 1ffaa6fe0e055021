import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import { isQuantityInputVisible } from './quantity-input.js';
import { DEFAULT_STORE_SETTINGS } from './types.js';

const product = (productType: number, variants: object[], isSubscribable = false) => ({
  structuredContent: { productType, variants, isSubscribable },
});
const settings = DEFAULT_STORE_SETTINGS;
const noServiceQuantity = { multipleQuantityAllowedForServices: false };

describe('isQuantityInputVisible', () => {
  it('shows for physical and service items with more than one unit', () => {
    expect(isQuantityInputVisible(product(ProductType.PHYSICAL, [{ qtyInStock: 2 }]), settings)).toBe(true);
    expect(isQuantityInputVisible(product(ProductType.SERVICE, [{ unlimited: true }]), settings)).toBe(true);
  });

  it('hides when stock is 1 or less', () => {
    expect(isQuantityInputVisible(product(ProductType.PHYSICAL, [{ qtyInStock: 1 }]), settings)).toBe(false);
    expect(isQuantityInputVisible(product(ProductType.PHYSICAL, [{ qtyInStock: 0 }]), settings)).toBe(false);
    expect(isQuantityInputVisible(product(ProductType.PHYSICAL, []), settings)).toBe(false);
  });

  it("uses the given variant's stock", () => {
    const item = product(ProductType.PHYSICAL, [{ qtyInStock: 1 }, { qtyInStock: 5 }]);
    expect(isQuantityInputVisible(item, settings)).toBe(true);
    expect(isQuantityInputVisible(item, settings, { qtyInStock: 1 })).toBe(false);
    expect(isQuantityInputVisible(item, settings, { qtyInStock: 5 })).toBe(true);
    expect(isQuantityInputVisible(item, settings, { unlimited: true, qtyInStock: 0 })).toBe(true);
  });

  it('hides for services when multiple quantities are off', () => {
    const service = product(ProductType.SERVICE, [{ unlimited: true }]);
    expect(isQuantityInputVisible(service, noServiceQuantity)).toBe(false);
    expect(isQuantityInputVisible(product(ProductType.PHYSICAL, [{ unlimited: true }]), noServiceQuantity)).toBe(true);
  });

  it('hides for subscribable items', () => {
    expect(isQuantityInputVisible(product(ProductType.PHYSICAL, [{ unlimited: true }], true), settings)).toBe(false);
  });

  it('hides for types that are neither physical nor service', () => {
    for (const type of [ProductType.DIGITAL, ProductType.GIFT_CARD, ProductType.PAYWALL, -1]) {
      expect(isQuantityInputVisible(product(type, [{ unlimited: true }]), settings)).toBe(false);
    }
  });

  it('defaults to allowing multiple quantities for services', () => {
    expect(DEFAULT_STORE_SETTINGS.multipleQuantityAllowedForServices).toBe(true);
  });
});

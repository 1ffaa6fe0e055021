import { describe, expect, it } from 'vitest';
import { legacyCents } from './money.js';
import {
  fromPriceMoney,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isQuantityInputVisible,
  isSoldOut,
  isSubscribable,
  normalPriceMoney,
  pricingOptionsOfCheapestVariant,
  salePriceMoney,
  variantOptions,
} from './product.js';

const physical = (variants: unknown[]) => ({ structuredContent: { productType: 1, variants } });
const money = (value: string) => ({ value, currency: 'USD' });

describe('product rules on template JSON', () => {
  it('treats a physical product as sold out only when no variant is unlimited or in stock', () => {
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { qtyInStock: 0 }]))).toBe(true);
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { unlimited: true }]))).toBe(false);
    expect(isSoldOut(physical([]))).toBe(true);
    expect(isSoldOut({ structuredContent: { productType: 2 } })).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 4 } })).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: -1 } })).toBe(true);
  });

  it('reads lenient JSON: a product type and flags given as strings', () => {
    const item = { structuredContent: { productType: '1', isSubscribable: 'true', variants: [{ qtyInStock: 3 }] } };
    expect(isSoldOut(item)).toBe(false);
    expect(isSubscribable(item)).toBe(true);
  });

  it('is on sale when any variant is, or a digital product itself is; gift cards never', () => {
    expect(isOnSale(physical([{ onSale: false }, { onSale: true }]))).toBe(true);
    expect(isOnSale({ structuredContent: { productType: 2, onSale: true } })).toBe(true);
    expect(isOnSale({ structuredContent: { productType: 4, variants: [{ onSale: true }] } })).toBe(false);
  });

  it('sees varied prices when variants differ in price or sale state, not for digital goods', () => {
    expect(hasVariedPrices(physical([{ price: 100 }, { price: 200 }]))).toBe(true);
    expect(hasVariedPrices(physical([{ price: 100 }, { price: 100 }]))).toBe(false);
    expect(hasVariedPrices(physical([{ onSale: true, salePrice: 100 }, { price: 200 }]))).toBe(true);
    expect(hasVariedPrices({ structuredContent: { productType: 2, variants: [{ price: 1 }, { price: 2 }] } })).toBe(
      false,
    );
  });

  it('picks the lowest current price as the from price and the highest regular price as the normal price', () => {
    const item = physical([
      { priceMoney: money('1.00') },
      { onSale: true, priceMoney: money('3.00'), salePriceMoney: money('.10') },
      { priceMoney: money('.75') },
    ]);
    expect(legacyCents(fromPriceMoney(item))).toBe('10');
    expect(legacyCents(normalPriceMoney(item))).toBe('300');
    expect(legacyCents(salePriceMoney(item))).toBe('10');
    expect(legacyCents(fromPriceMoney(physical([])))).toBe('0');
  });

  it('uses the pricing options of the cheapest variant for subscriptions', () => {
    const item = physical([
      { priceMoney: money('20'), pricingOptions: [{ id: 'a' }] },
      { priceMoney: money('10'), pricingOptions: [{ id: 'b' }] },
    ]);
    expect(pricingOptionsOfCheapestVariant(item)).toEqual([{ id: 'b' }]);
  });

  it('counts variants only for non-digital products', () => {
    expect(hasVariants(physical([{}, {}]))).toBe(true);
    expect(hasVariants(physical([{}]))).toBe(false);
    expect(hasVariants({ structuredContent: { productType: 2, variants: [{}, {}] } })).toBe(false);
  });

  it('shows the quantity input only when more than one unit can be bought', () => {
    expect(isQuantityInputVisible(physical([{ qtyInStock: 0 }, { qtyInStock: 100 }]), undefined)).toBe(true);
    expect(isQuantityInputVisible(physical([{ qtyInStock: 1 }]), undefined)).toBe(false);
    const service = { structuredContent: { productType: 3, variants: [{ qtyInStock: 5 }] } };
    expect(isQuantityInputVisible(service, {})).toBe(true);
    expect(isQuantityInputVisible(service, { storeSettings: { multipleQuantityAllowedForServices: false } })).toBe(
      false,
    );
    expect(isQuantityInputVisible({ structuredContent: { productType: 2 } }, undefined)).toBe(false);
  });

  it('lists variant options in the owner ordering with values in first-seen order', () => {
    const item = {
      structuredContent: {
        productType: 1,
        variantOptionOrdering: ['fit', 'color'],
        variants: [{ attributes: { color: 'blue', fit: 'loose' } }, { attributes: { color: 'red', fit: 'loose' } }],
      },
    };
    expect(variantOptions(item)).toEqual([
      { name: 'fit', values: ['loose'] },
      { name: 'color', values: ['blue', 'red'] },
    ]);
    expect(variantOptions(physical([{ attributes: { color: 'blue' } }]))).toEqual([]);
  });
});

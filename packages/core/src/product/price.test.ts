import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import {
  effectivePrice,
  hasVariedPrices,
  isOnSale,
  priceLines,
  priceRange,
  variantPrice,
  variantSalePrice,
} from './price.js';
import type { ProductItem } from './types.js';

const physical = (variants: object[]) => ({ structuredContent: { productType: ProductType.PHYSICAL, variants } });

describe('variant prices', () => {
  it('reads priceMoney first, then the cents field', () => {
    expect(variantPrice({ price: 10000, priceMoney: { value: '100' } })).toBe(10000);
    expect(variantPrice({ priceMoney: { value: '100.00', currency: 'USD' } })).toBe(10000);
    expect(variantPrice({ price: 1250 })).toBe(1250);
    expect(variantPrice({ priceMoney: { value: '1250', currency: 'JPY' } })).toBe(1250);
    expect(variantPrice({})).toBe(0);
    expect(variantSalePrice({ salePrice: 5000 })).toBe(5000);
    expect(variantSalePrice({ salePriceMoney: { decimalValue: '50', currencyCode: 'EUR' } })).toBe(5000);
  });

  it('pays the sale price only when on sale', () => {
    expect(effectivePrice({ price: 1000, salePrice: 800, onSale: true })).toBe(800);
    expect(effectivePrice({ price: 1000, salePrice: 800, onSale: false })).toBe(1000);
  });
});

describe('isOnSale', () => {
  it('is true when any variant is on sale', () => {
    expect(isOnSale(physical([{ onSale: false }, { onSale: true }]))).toBe(true);
    expect(isOnSale(physical([{ onSale: false }]))).toBe(false);
  });

  it("uses a digital product's own flag", () => {
    expect(isOnSale({ structuredContent: { productType: ProductType.DIGITAL, onSale: true } })).toBe(true);
    expect(isOnSale({ structuredContent: { productType: ProductType.DIGITAL, onSale: false } })).toBe(false);
    expect(isOnSale({ structuredContent: { productType: ProductType.PHYSICAL, onSale: true, variants: [] } })).toBe(
      false,
    );
  });
});

describe('hasVariedPrices', () => {
  it('is true when variants differ in price, sale price or sale flag', () => {
    expect(hasVariedPrices(physical([{ price: 100 }, { price: 200 }]))).toBe(true);
    expect(
      hasVariedPrices(
        physical([
          { price: 100, salePrice: 50 },
          { price: 100, salePrice: 60 },
        ]),
      ),
    ).toBe(true);
    expect(hasVariedPrices(physical([{ price: 100, onSale: true }, { price: 100 }]))).toBe(true);
  });

  it('is false for equal variants, one variant or none', () => {
    expect(
      hasVariedPrices(
        physical([
          { price: 100, salePrice: 50 },
          { price: 100, salePrice: 50 },
        ]),
      ),
    ).toBe(false);
    expect(hasVariedPrices(physical([{ price: 100 }]))).toBe(false);
    expect(hasVariedPrices(physical([]))).toBe(false);
  });
});

describe('priceRange', () => {
  it('spans the effective prices of the variants (f-product-price vectors)', () => {
    const plain = physical([
      { price: 10000, priceMoney: { value: '100' } },
      { price: 20000, priceMoney: { value: '200' } },
    ]);
    expect(priceRange(plain)).toEqual({ min: 10000, max: 20000 });
    const sale = physical([
      { price: 10000, priceMoney: { value: '100' } },
      { onSale: true, salePrice: 5000, salePriceMoney: { value: '50' } },
    ]);
    expect(priceRange(sale)).toEqual({ min: 5000, max: 10000 });
  });

  it("uses a digital product's own price", () => {
    const digital = {
      structuredContent: {
        productType: ProductType.DIGITAL,
        onSale: true,
        priceMoney: { value: '400.00' },
        salePriceMoney: { value: '200.00' },
      },
    };
    expect(priceRange(digital)).toEqual({ min: 20000, max: 20000 });
    expect(priceLines(digital)).toHaveLength(1);
  });

  it('is zero without prices', () => {
    expect(priceRange({ structuredContent: { productType: -1 } })).toEqual({ min: 0, max: 0 });
  });

  it('accepts the full ProductItem type', () => {
    const item: ProductItem = {
      id: 'p1',
      title: 'Shirt',
      structuredContent: {
        productType: ProductType.PHYSICAL,
        variants: [
          {
            sku: 'S1',
            price: 1500,
            salePrice: 0,
            priceMoney: { value: '15.00', currency: 'USD' },
            salePriceMoney: { value: '0.00', currency: 'USD' },
            onSale: false,
            unlimited: true,
            qtyInStock: 0,
            attributes: {},
          },
        ],
      },
    };
    expect(priceRange(item)).toEqual({ min: 1500, max: 1500 });
  });
});

describe('prices in stored JSON', () => {
  it('read numeric text cents and skip unreadable money', () => {
    expect(variantPrice({ price: '900' })).toBe(900);
    expect(variantPrice({ price: 700, priceMoney: { value: 'n/a' } })).toBe(700);
    expect(variantSalePrice({ salePriceMoney: { value: 0, currency: 'USD' } })).toBe(0);
    expect(variantPrice({ price: '' })).toBe(0);
  });
});

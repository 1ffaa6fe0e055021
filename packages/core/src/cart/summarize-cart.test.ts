import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductType } from '../enums/product-type.js';
import { summarizeCart } from './summarize-cart.js';

describe('summarizeCart', () => {
  it('sums an empty cart to zero', () => {
    expect(summarizeCart([])).toEqual({
      subtotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    });
  });

  it('multiplies quantities by unit prices and flags the kinds of goods', () => {
    const summary = summarizeCart([
      { quantity: 2, purchasePriceCents: 1250, productType: ProductType.PHYSICAL },
      { quantity: 1, purchasePriceCents: 999, productType: 'DIGITAL' },
    ]);
    expect(summary).toEqual({
      subtotalCents: 3499,
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
    });
  });

  it('calls a cart of digital products purely digital', () => {
    const summary = summarizeCart([{ quantity: 1, purchasePriceCents: 500, productType: ProductType.DIGITAL }]);
    expect(summary).toMatchObject({ hasDigital: true, purelyDigital: true, requiresShipping: false });
  });

  it('does not ship services or gift cards', () => {
    const summary = summarizeCart([
      { quantity: 1, purchasePriceCents: 500, productType: ProductType.SERVICE },
      { quantity: 1, purchasePriceCents: 2500, productType: 'GIFT_CARD' },
    ]);
    expect(summary).toMatchObject({ hasDigital: false, purelyDigital: false, requiresShipping: false });
  });

  it('refuses fractional or negative amounts', () => {
    expect(() => summarizeCart([{ quantity: 1, purchasePriceCents: 12.5, productType: 1 }])).toThrow(RangeError);
    expect(() => summarizeCart([{ quantity: 1.5, purchasePriceCents: 100, productType: 1 }])).toThrow(RangeError);
    expect(() => summarizeCart([{ quantity: -1, purchasePriceCents: 100, productType: 1 }])).toThrow(RangeError);
  });

  it('equals the plain sum for any whole entries (property)', () => {
    const entry = fc.record({
      quantity: fc.integer({ min: 0, max: 9999 }),
      purchasePriceCents: fc.integer({ min: 0, max: 10_000_000 }),
      productType: fc.constantFrom(1, 2, 3, 4),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (entries) => {
        const summary = summarizeCart(entries);
        const subtotal = entries.reduce((sum, e) => sum + e.quantity * e.purchasePriceCents, 0);
        return summary.subtotalCents === subtotal && Number.isInteger(summary.subtotalCents);
      }),
    );
  });
});

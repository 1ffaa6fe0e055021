import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicableTaxRules,
  type Coupon,
  computeCheckoutTotals,
  shippingCost,
  subtotalMinimumMessage,
  type TaxRule,
} from './totals.js';
import { installmentLine } from './installment-line.js';

const flat = { id: 'flat', name: 'Flat rate', amountCents: 800, freeOverCents: 10_000 };
const stateTax: TaxRule = { id: 'ny', name: 'Sales tax', rateBasisPoints: 888, taxShipping: true, countries: ['US'] };

describe('computeCheckoutTotals', () => {
  it('adds lines, takes a percent coupon, flat shipping and tax on goods and shipping', () => {
    const totals = computeCheckoutTotals({
      lines: [
        { quantity: 2, unitPriceCents: 1999 },
        { quantity: 1, unitPriceCents: 1250 },
      ],
      coupons: [{ code: 'TEN', kind: 'percent', value: 10 }],
      shipping: flat,
      taxRules: [stateTax],
    });
    expect(totals.subtotalCents).toBe(5248);
    expect(totals.discountCents).toBe(525); // 524.8 rounds half-up
    expect(totals.shippingCostCents).toBe(800);
    expect(totals.taxCents).toBe(490); // (4723 + 800) × 8.88 % = 490.44
    expect(totals.grandTotalCents).toBe(5248 - 525 + 800 + 490);
  });

  it('makes shipping free over the threshold or with a free-shipping coupon', () => {
    expect(shippingCost(flat, 10_000)).toBe(0);
    expect(shippingCost(flat, 9_999)).toBe(800);
    const totals = computeCheckoutTotals({
      lines: [{ quantity: 1, unitPriceCents: 500 }],
      coupons: [{ code: 'SHIPFREE', kind: 'free-shipping', value: 0 }],
      shipping: flat,
    });
    expect(totals.shippingCostCents).toBe(0);
    expect(totals.grandTotalCents).toBe(500);
  });

  it('does not count gift cards toward free shipping: store credit bought earns no free delivery', () => {
    const goods = { quantity: 1, unitPriceCents: 3_000 };
    const giftCard = { quantity: 1, unitPriceCents: 7_500, discountable: false };
    const withCard = computeCheckoutTotals({ lines: [goods, giftCard], shipping: flat });
    expect(withCard.subtotalCents).toBe(10_500);
    expect(withCard.shippingCostCents).toBe(800);
    expect(withCard.grandTotalCents).toBe(11_300);
    // Goods alone over the amount still ship free, with or without a gift card beside them.
    const over = computeCheckoutTotals({ lines: [{ quantity: 1, unitPriceCents: 10_000 }, giftCard], shipping: flat });
    expect(over.shippingCostCents).toBe(0);
  });

  it('never discounts more than the subtotal, and rejects coupons below their minimum', () => {
    const totals = computeCheckoutTotals({
      lines: [{ quantity: 1, unitPriceCents: 300 }],
      coupons: [
        { code: 'FIVE', kind: 'fixed', value: 500 },
        { code: 'BIG', kind: 'percent', value: 50, minSubtotalCents: 1000 },
      ],
    });
    expect(totals.discountCents).toBe(300);
    expect(totals.grandTotalCents).toBe(0);
    expect(totals.rejectedCoupons.map((r) => r.coupon.code)).toEqual(['BIG']);
  });

  it('lets a gift card pay part or all of the total', () => {
    const partial = computeCheckoutTotals({
      lines: [{ quantity: 1, unitPriceCents: 3000 }],
      giftCardBalanceCents: 2500,
    });
    expect([partial.giftCardCents, partial.amountDueCents]).toEqual([2500, 500]);
    const full = computeCheckoutTotals({ lines: [{ quantity: 1, unitPriceCents: 3000 }], giftCardBalanceCents: 9000 });
    expect([full.giftCardCents, full.amountDueCents]).toEqual([3000, 0]);
  });

  it('refuses fractional cents', () => {
    expect(() => computeCheckoutTotals({ lines: [{ quantity: 1, unitPriceCents: 10.5 }] })).toThrow(RangeError);
  });

  it('grand total is the sum of its parts, whole minor units, for random carts (JPY included)', () => {
    const coupon: fc.Arbitrary<Coupon> = fc.oneof(
      fc.record({
        code: fc.constant('P'),
        kind: fc.constant('percent' as const),
        value: fc.integer({ min: 1, max: 100 }),
      }),
      fc.record({
        code: fc.constant('F'),
        kind: fc.constant('fixed' as const),
        value: fc.integer({ min: 1, max: 50_000 }),
      }),
      fc.record({ code: fc.constant('S'), kind: fc.constant('free-shipping' as const), value: fc.constant(0) }),
    );
    const rule: fc.Arbitrary<TaxRule> = fc.record({
      id: fc.constant('t'),
      name: fc.constant('Tax'),
      rateBasisPoints: fc.integer({ min: 0, max: 2500 }),
      taxShipping: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('USD', 'JPY', 'EUR'),
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 9999 }),
            unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          {
            maxLength: 8,
          },
        ),
        fc.array(coupon, { maxLength: 3 }),
        fc.array(rule, { maxLength: 3 }),
        fc.option(
          fc.record({
            amountCents: fc.integer({ min: 0, max: 5000 }),
            freeOverCents: fc.option(fc.integer({ min: 0, max: 100_000 })),
          }),
        ),
        fc.integer({ min: 0, max: 100_000 }),
        (_currency, lines, coupons, taxRules, ship, balance) => {
          const totals = computeCheckoutTotals({
            lines,
            coupons,
            taxRules,
            shipping: ship ? { id: 's', name: 'Ship', ...ship } : null,
            giftCardBalanceCents: balance,
          });
          const parts = [totals.subtotalCents, totals.discountCents, totals.shippingCostCents, totals.taxCents];
          for (const part of [...parts, totals.grandTotalCents, totals.giftCardCents, totals.amountDueCents]) {
            expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
          }
          expect(totals.subtotalCents).toBe(lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0));
          expect(totals.taxCents).toBe(totals.taxLines.reduce((s, l) => s + l.amountCents, 0));
          expect(totals.grandTotalCents).toBe(
            totals.subtotalCents - totals.discountCents + totals.shippingCostCents + totals.taxCents,
          );
          expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
          expect(totals.giftCardCents + totals.amountDueCents).toBe(totals.grandTotalCents);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('tax rules, subtotal minimum and installments', () => {
  it('applies country rules only to their countries', () => {
    const everywhere: TaxRule = { id: 'vat', name: 'VAT', rateBasisPoints: 2000, taxShipping: true };
    expect(applicableTaxRules([stateTax, everywhere], 'us').map((r) => r.id)).toEqual(['ny', 'vat']);
    expect(applicableTaxRules([stateTax, everywhere], 'FR').map((r) => r.id)).toEqual(['vat']);
  });

  it('words the subtotal minimum of SPEC §5', () => {
    expect(subtotalMinimumMessage(500, 1000, 'USD')).toBe('To check out, your order subtotal must be $10.00 or more.');
    expect(subtotalMinimumMessage(1000, 1000, 'USD')).toBeUndefined();
  });

  it('shows four payments only for physical products in range', () => {
    expect(installmentLine(1, 5000, 'USD')?.text).toBe('or 4 payments of $12.50');
    expect(installmentLine(1, 300_000, 'USD')).toMatchObject({
      inRange: false,
      text: 'available for orders up to $2,000.00',
    });
    expect(installmentLine(1, 100, 'USD')).toMatchObject({ inRange: false, text: 'available for orders over $1.00' });
    expect(installmentLine(2, 5000, 'USD')).toBeUndefined();
  });
});

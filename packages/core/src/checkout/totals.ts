import type { CouponKind } from '../contracts/checkout-settings.js';
import { formatMoney } from '../money/format-money.js';
import { divideRounded } from '../money/rounding.js';

/**
 * Checkout totals in integer minor units (cents; yen for JPY). The rounding rule, the same on the
 * page and the server:
 *
 * 1. Each line is unit price × quantity (exact). The subtotal is the sum of the lines.
 * 2. Coupons apply to the subtotal in the order given: a percent coupon takes
 *    round-half-up(base × percent ÷ 100) of what is still undiscounted; a fixed coupon takes its
 *    amount; a free-shipping coupon zeroes shipping. The discount never exceeds the subtotal.
 *    Lines marked `discountable: false` (gift cards) are left out of the base and the minimum.
 * 3. Shipping is the chosen option's flat rate, or 0 when the subtotal of the lines coupons may
 *    reduce (gift cards left out: buying store credit does not earn free shipping) reaches its
 *    free-over amount.
 * 4. Each tax rule is round-half-up((subtotal − discount [+ shipping when the rule taxes it]) × rate ÷ 10 000),
 *    rate in basis points (8.25 % = 825); the tax is the sum of the rounded rule amounts.
 * 5. Grand total = subtotal − discount + shipping + tax. A gift card pays min(balance, grand total);
 *    the amount charged to the payment method is the grand total less the gift card.
 *
 * Every step works on integers, so no total ever holds a fraction of a minor unit.
 */

export interface CheckoutLineInput {
  quantity: number;
  /** Unit price paid, in minor units. */
  unitPriceCents: number;
  /**
   * False for a line coupons neither reduce nor count toward, nor a shipping option's free-over
   * amount (a gift card: a discounted card would be store credit nobody paid for). Default true.
   */
  discountable?: boolean;
}

export interface ShippingOption {
  id: string;
  name: string;
  /** Flat rate in minor units. */
  amountCents: number;
  /** Free when the subtotal is at least this amount; null for never. */
  freeOverCents: number | null;
}

export interface TaxRule {
  id: string;
  name: string;
  /** Rate in basis points: 825 is 8.25 %. */
  rateBasisPoints: number;
  /** Whether the rule also taxes shipping. */
  taxShipping: boolean;
  /** ISO country codes the rule applies to; empty for every country. */
  countries?: readonly string[];
}

/** What a coupon takes off (the checkout settings contract's). */
export type { CouponKind };

export interface Coupon {
  code: string;
  kind: CouponKind;
  /** Percent (1–100) for `percent`, minor units for `fixed`, ignored for `free-shipping`. */
  value: number;
  /** The order subtotal must reach this amount (minor units); 0 for no minimum. */
  minSubtotalCents?: number;
}

export interface CheckoutTotalsInput {
  lines: readonly CheckoutLineInput[];
  coupons?: readonly Coupon[];
  shipping?: ShippingOption | null;
  taxRules?: readonly TaxRule[];
  giftCardBalanceCents?: number;
}

export interface TaxLine {
  id: string;
  name: string;
  rateBasisPoints: number;
  amountCents: number;
}

export interface CheckoutTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  taxLines: TaxLine[];
  grandTotalCents: number;
  giftCardCents: number;
  /** What the payment method is charged: grand total less the gift card. */
  amountDueCents: number;
  /** The coupons that applied (minimum met). */
  appliedCoupons: Coupon[];
  /** The coupons that did not apply, with the reason. */
  rejectedCoupons: { coupon: Coupon; reason: string }[];
}

function whole(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number`);
  return value;
}

function percentOf(base: number, numerator: number, denominator: number): number {
  return Number(divideRounded(BigInt(base) * BigInt(numerator), BigInt(denominator), 'half-up'));
}

/** Shipping for a subtotal: 0 when free over an amount the subtotal reaches, else the flat rate. */
export function shippingCost(option: ShippingOption | null | undefined, subtotalCents: number): number {
  if (!option) return 0;
  if (option.freeOverCents !== null && subtotalCents >= option.freeOverCents) return 0;
  return whole('shipping amount', option.amountCents);
}

/** The checkout totals of the rounding rule above. Throws a RangeError for fractional or negative input. */
export function computeCheckoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  let subtotal = 0;
  for (const line of input.lines) {
    subtotal += whole('unit price', line.unitPriceCents) * whole('quantity', line.quantity);
  }
  whole('subtotal', subtotal);
  // What coupons see: the lines they may reduce (not gift cards).
  let discountable = 0;
  for (const line of input.lines) {
    if (line.discountable !== false) discountable += line.unitPriceCents * line.quantity;
  }

  let discount = 0;
  let freeShipping = false;
  const appliedCoupons: Coupon[] = [];
  const rejectedCoupons: { coupon: Coupon; reason: string }[] = [];
  for (const coupon of input.coupons ?? []) {
    const minimum = coupon.minSubtotalCents ?? 0;
    if (discountable < minimum) {
      rejectedCoupons.push({ coupon, reason: 'minimum-not-met' });
      continue;
    }
    appliedCoupons.push(coupon);
    const remaining = discountable - discount;
    if (coupon.kind === 'percent') {
      const percent = Math.min(100, Math.max(0, whole('percent', coupon.value)));
      discount += Math.min(remaining, percentOf(remaining, percent, 100));
    } else if (coupon.kind === 'fixed') {
      discount += Math.min(remaining, whole('coupon amount', coupon.value));
    } else {
      freeShipping = true;
    }
  }

  const shippingCostCents = freeShipping ? 0 : shippingCost(input.shipping, discountable);
  const taxBase = subtotal - discount;
  const taxLines: TaxLine[] = (input.taxRules ?? []).map((rule) => ({
    id: rule.id,
    name: rule.name,
    rateBasisPoints: rule.rateBasisPoints,
    amountCents: percentOf(
      taxBase + (rule.taxShipping ? shippingCostCents : 0),
      whole('tax rate', rule.rateBasisPoints),
      10_000,
    ),
  }));
  const taxCents = taxLines.reduce((sum, line) => sum + line.amountCents, 0);
  const grandTotalCents = subtotal - discount + shippingCostCents + taxCents;
  const giftCardCents = Math.min(whole('gift card balance', input.giftCardBalanceCents ?? 0), grandTotalCents);
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCostCents,
    taxCents,
    taxLines,
    grandTotalCents,
    giftCardCents,
    amountDueCents: grandTotalCents - giftCardCents,
    appliedCoupons,
    rejectedCoupons,
  };
}

/** The tax rules that apply to a shipping country (rules without countries apply everywhere). */
export function applicableTaxRules(rules: readonly TaxRule[], country: string | null | undefined): TaxRule[] {
  const code = (country ?? '').toUpperCase();
  return rules.filter((rule) => !rule.countries || rule.countries.length === 0 || rule.countries.includes(code));
}

/** SPEC §5 subtotal minimum message, or undefined when the subtotal reaches the minimum. */
export function subtotalMinimumMessage(
  subtotalCents: number,
  minimumCents: number,
  currency: string,
  locale = 'en-US',
): string | undefined {
  if (minimumCents <= 0 || subtotalCents >= minimumCents) return undefined;
  return `To check out, your order subtotal must be ${formatMoney(minimumCents, currency, locale)} or more.`;
}

/** Test card numbers of the built-in test-card provider (spaces ignored). */
export const TEST_CARDS = Object.freeze({
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  fails: '4000000000000119',
});

/** Checkout messages shown to the buyer. */
export const CHECKOUT_MESSAGES = Object.freeze({
  cardDeclined: 'Your card was declined. Please use another card.',
  paymentFailed: 'The payment could not be processed. Please try again.',
  cardInvalid: 'Enter a valid card number.',
  outOfStock: 'Sorry, we do not have enough of that item available.',
  emptyCart: 'You have nothing in your shopping cart.',
  cartPurchased: 'This cart has already been purchased.',
  giftCardNotFound: 'That gift card code is not valid.',
  giftCardEmpty: 'That gift card has no balance left.',
  couponNotFound: 'That coupon code is not valid.',
  couponMinimum: 'Your order does not meet the minimum for this coupon.',
  denominationMissing: 'Select a denomination for the Gift Card',
  giftCardFailedTitle: 'Unable to purchase Gift Card',
  addressLookupNotConfigured: 'Address lookup is not configured for this site. Enter the address by hand.',
  shippingRequired: 'Choose a shipping option.',
  addressRequired: 'Enter a shipping address.',
  emailRequired: 'Enter a valid email address.',
  notSubscribable: 'Only physical products and services can be bought as a subscription.',
});

import { ProductType, toProductType } from '../enums/product-type.js';

export interface CartEntryTotalsInput {
  quantity: number;
  /** Unit price paid, in integer minor units. */
  purchasePriceCents: number;
  /** Product type code, or the cart's name for it ('PHYSICAL', 'DIGITAL', …). */
  productType: number | string;
}

export interface CartSummary {
  subtotalCents: number;
  totalQuantity: number;
  /** Some entry is a digital product. */
  hasDigital: boolean;
  /** The cart is not empty and every entry is a digital product. */
  purelyDigital: boolean;
  /** Some entry is a physical product. */
  requiresShipping: boolean;
}

function assertWhole(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

/**
 * Sums cart entries in integer minor units. Throws a RangeError for fractional or negative input
 * (money that is not whole cents is a bug upstream, not a buyer's mistake).
 */
export function summarizeCart(entries: readonly CartEntryTotalsInput[]): CartSummary {
  let subtotalCents = 0;
  let totalQuantity = 0;
  let digital = 0;
  let physical = 0;
  for (const entry of entries) {
    assertWhole('quantity', entry.quantity);
    assertWhole('purchasePriceCents', entry.purchasePriceCents);
    if (entry.quantity < 0 || entry.purchasePriceCents < 0) throw new RangeError('Cart amounts cannot be negative');
    subtotalCents += entry.quantity * entry.purchasePriceCents;
    totalQuantity += entry.quantity;
    const type = toProductType(entry.productType);
    if (type === ProductType.DIGITAL) digital++;
    if (type === ProductType.PHYSICAL) physical++;
  }
  assertWhole('subtotalCents', subtotalCents);
  return {
    subtotalCents,
    totalQuantity,
    hasDigital: digital > 0,
    purelyDigital: entries.length > 0 && digital === entries.length,
    requiresShipping: physical > 0,
  };
}

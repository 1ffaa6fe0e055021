import { INSTALLMENTS, installmentAmount, isInstallmentInRange } from '../commerce/installments.js';
import { ProductType } from '../enums/product-type.js';
import { formatMoney } from '../money/format-money.js';

/** Default buy-now-pay-later limits in minor units: above $1.00 and up to $2,000.00. */
export const INSTALLMENT_LIMITS = Object.freeze({ minCents: 100, maxCents: 200_000 });

export interface InstallmentLine {
  inRange: boolean;
  /** "or 4 payments of $12.50", "available for orders up to $2,000.00" or "available for orders over $1.00". */
  text: string;
  installmentCents: number;
}

/**
 * The installment line of a product page (SPEC §4/§9): only for physical products (type 1);
 * undefined otherwise. In range: "or 4 payments of {price ÷ 4}"; above the maximum: "available
 * for orders up to {max}"; at or below the minimum: "available for orders over {min}".
 */
export function installmentLine(
  productType: number,
  priceCents: number,
  currency: string,
  locale = 'en-US',
  limits: { minCents: number; maxCents: number } = INSTALLMENT_LIMITS,
): InstallmentLine | undefined {
  if (productType !== ProductType.PHYSICAL) return undefined;
  const installmentCents = installmentAmount(priceCents);
  if (isInstallmentInRange(priceCents, limits.minCents, limits.maxCents)) {
    return {
      inRange: true,
      installmentCents,
      text: `or ${INSTALLMENTS.count} payments of ${formatMoney(installmentCents, currency, locale)}`,
    };
  }
  const text =
    priceCents > limits.maxCents
      ? `available for orders up to ${formatMoney(limits.maxCents, currency, locale)}`
      : `available for orders over ${formatMoney(limits.minCents, currency, locale)}`;
  return { inRange: false, installmentCents, text };
}

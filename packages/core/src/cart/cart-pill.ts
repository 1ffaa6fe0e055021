import { formatMoney } from '../money/format-money.js';

/** The count shown on the floating cart pill: the number, or '100+' above 100 (SPEC §2/§9). */
export function cartPillCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  return count > 100 ? '100+' : String(Math.trunc(count));
}

/**
 * The pill's spoken label (SPEC §5): 'One item in cart', '{n} items in cart',
 * 'More than 100 items in cart' above 100, and 'Cart' when there is no quantity to tell.
 */
export function cartPillLabel(count: number | undefined | null): string {
  if (count == null || !Number.isFinite(count)) return 'Cart';
  if (count > 100) return 'More than 100 items in cart';
  if (count === 1) return 'One item in cart';
  return `${Math.max(0, Math.trunc(count))} items in cart`;
}

/** What the floating cart pill shows (SPEC §2, §5): the server prints it, the cart-pill island updates it. */
export interface CartPillView {
  readonly hidden: boolean;
  readonly count: string;
  readonly label: string;
  readonly subtotal: string;
}

/** The fields of the cart JSON the pill reads (a page may hold less than the whole cart). */
export interface CartPillSource {
  readonly totalQuantity?: number;
  readonly subtotalCents?: number;
  readonly currency?: string;
  readonly entries?: readonly { readonly quantity?: number }[];
}

/**
 * The pill's text and visibility for a cart (none: the empty pill). The quantity is the cart's
 * `totalQuantity`, else the sum of its entries; an empty cart hides the pill. The subtotal is in the
 * cart's currency (else `fallbackCurrency`), formatted for `locale` when the runtime knows it.
 */
export function cartPillView(cart: CartPillSource | undefined, fallbackCurrency: string, locale: string): CartPillView {
  const quantity = Number.isFinite(cart?.totalQuantity)
    ? (cart?.totalQuantity as number)
    : (cart?.entries ?? []).reduce((sum, entry) => sum + (entry.quantity || 0), 0);
  const currency = cart?.currency || fallbackCurrency;
  const cents = cart?.subtotalCents ?? 0;
  let subtotal: string;
  try {
    subtotal = formatMoney(cents, currency, locale);
  } catch {
    subtotal = formatMoney(cents, currency);
  }
  return { hidden: quantity <= 0, count: cartPillCount(quantity), label: cartPillLabel(quantity), subtotal };
}

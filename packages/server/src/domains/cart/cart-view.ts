import { cartPillCount, cartPillLabel, formatMoney } from '@tessera/core';
import { initialsOf, toneOf } from '../../render/placeholder.js';
import type { CartRecord } from '../../render/sources.js';

export interface CartPillView {
  readonly count: string;
  readonly label: string;
  readonly subtotal: string;
  readonly hidden: boolean;
}

/** The server-rendered cart pill: the same text the cart-pill island computes, hidden when empty. */
export function cartPillView(cart: CartRecord | undefined, currency: string, locale: string): CartPillView {
  const quantity = cartQuantity(cart);
  return {
    count: cartPillCount(quantity),
    label: cartPillLabel(quantity),
    subtotal: money(cart?.subtotalCents ?? 0, cart?.currency || currency, locale),
    hidden: quantity <= 0,
  };
}

/**
 * The cart for the /cart template: the cart JSON plus display strings per entry
 * (`attributesLabel` "Size: M, Color: Natural", `priceLabel` "$68.00", placeholder initials).
 */
export function cartPageView(cart: CartRecord | undefined, currency: string, locale: string) {
  const cartCurrency = cart?.currency || currency;
  const entries = (cart?.entries ?? []).map((entry) => {
    const attributes = entry.chosenVariant?.attributes ?? {};
    const title = entry.title ?? '';
    return {
      ...entry,
      attributesLabel: Object.entries(attributes)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', '),
      priceLabel: money(entry.subTotalCents ?? 0, cartCurrency, locale),
      initials: initialsOf(title),
      tone: toneOf(String(entry.itemId ?? entry.id)),
    };
  });
  return {
    cart: { ...(cart ?? {}), currency: cartCurrency, entries },
    subtotal: money(cart?.subtotalCents ?? 0, cartCurrency, locale),
  };
}

function cartQuantity(cart: CartRecord | undefined): number {
  if (!cart) return 0;
  if (typeof cart.totalQuantity === 'number') return cart.totalQuantity;
  return (cart.entries ?? []).reduce((sum, entry) => sum + (entry.quantity || 0), 0);
}

function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return formatMoney(cents, currency);
  }
}

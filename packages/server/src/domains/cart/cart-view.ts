import { formatMoney } from '@tessera/core';
import { initialsOf, toneOf } from '../../render/placeholder.js';
import type { CartRecord } from '../../render/sources.js';

/** The server-rendered cart pill: the same view core computes for the cart-pill island. */
export { type CartPillView, cartPillView } from '@tessera/core';

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

function money(cents: number, currency: string, locale: string): string {
  try {
    return formatMoney(cents, currency, locale);
  } catch {
    return formatMoney(cents, currency);
  }
}

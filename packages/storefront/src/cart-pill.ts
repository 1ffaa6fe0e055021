import { cartPillCount, cartPillLabel, formatMoney } from '@tessera/core';
import type { ShoppingCart } from './cart-types.js';

/** What the floating cart pill shows for a cart (SPEC §2, §5). */
export interface CartPillView {
  hidden: boolean;
  count: string;
  label: string;
  subtotal: string;
}

/** Derives the pill's text and visibility from the cart JSON; an empty cart hides the pill. */
export function cartPillView(cart: ShoppingCart, fallbackCurrency: string, locale: string): CartPillView {
  const quantity = Number.isFinite(cart.totalQuantity) ? cart.totalQuantity : 0;
  const currency = typeof cart.currency === 'string' && cart.currency ? cart.currency : fallbackCurrency;
  let subtotal = '';
  try {
    subtotal = formatMoney(cart.subtotalCents ?? 0, currency, locale);
  } catch {
    subtotal = formatMoney(cart.subtotalCents ?? 0, currency);
  }
  return { hidden: quantity <= 0, count: cartPillCount(quantity), label: cartPillLabel(quantity), subtotal };
}

/**
 * Writes a view into the server-rendered pill (`a.tessera-cart-pill`) without replacing its nodes.
 * The spoken label lives in a visually hidden span, so the link's name contains its visible text.
 */
export function renderCartPill(pill: HTMLElement, view: CartPillView): void {
  pill.hidden = view.hidden;
  const label = pill.querySelector('.tessera-cart-pill__label');
  if (label && label.textContent !== view.label) label.textContent = view.label;
  const count = pill.querySelector('.tessera-cart-pill__count');
  if (count && count.textContent !== view.count) count.textContent = view.count;
  const subtotal = pill.querySelector('.tessera-cart-pill__subtotal');
  if (subtotal && subtotal.textContent !== view.subtotal) subtotal.textContent = view.subtotal;
  pill.dataset.state = 'initialized';
}

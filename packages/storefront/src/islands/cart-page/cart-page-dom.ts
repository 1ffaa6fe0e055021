import { CART_MESSAGES, formatMoney } from '@tessera/core';
import type { ShoppingCart } from '@tessera/core/contracts/cart';

/** Markup hooks of the /cart page (shared contracts: "Cart page"). */
export const CART_SELECTORS = {
  entry: '.tessera-cart__entry[data-entry-id]',
  quantity: '.tessera-cart__qty',
  remove: '.tessera-cart__remove',
  price: '.tessera-cart__price',
  subtotal: '.tessera-cart__subtotal',
  subtotalAmount: '.tessera-cart__subtotal-value, .tessera-cart__subtotal-amount',
  empty: '.tessera-cart__empty',
  /** Everything that only makes sense with entries (list, totals, checkout) is hidden when empty. */
  withEntries: '.tessera-cart__entries, .tessera-cart__subtotal, .tessera-cart__summary, .tessera-cart__checkout',
} as const;

export function entryElement(root: HTMLElement, entryId: string): HTMLElement | undefined {
  for (const element of root.querySelectorAll<HTMLElement>(CART_SELECTORS.entry)) {
    if (element.dataset.entryId === entryId) return element;
  }
  return undefined;
}

/** Shows the empty-cart text (SPEC §8) in place of the entries. */
export function showEmptyCart(root: HTMLElement): void {
  for (const element of root.querySelectorAll<HTMLElement>(CART_SELECTORS.withEntries)) element.hidden = true;
  let empty = root.querySelector<HTMLElement>(CART_SELECTORS.empty);
  if (!empty) {
    empty = root.ownerDocument.createElement('p');
    empty.className = 'tessera-cart__empty';
    const list = root.querySelector(CART_SELECTORS.entry)?.parentElement;
    if (list && list !== root && root.contains(list)) list.before(empty);
    else root.append(empty);
  }
  empty.textContent = CART_MESSAGES.empty;
  empty.hidden = false;
}

/**
 * Brings the server-rendered cart up to date with a cart from the API: entries that are gone are
 * removed, quantities and line prices rewritten, the subtotal updated, the empty text shown last.
 */
export function applyCartToPage(root: HTMLElement, cart: ShoppingCart, fallbackCurrency: string, locale: string): void {
  const currency = typeof cart.currency === 'string' && cart.currency ? cart.currency : fallbackCurrency;
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const byId = new Map(cart.entries.map((entry) => [String(entry.id), entry]));
  for (const element of [...root.querySelectorAll<HTMLElement>(CART_SELECTORS.entry)]) {
    const entry = byId.get(element.dataset.entryId ?? '');
    if (!entry) {
      element.remove();
      continue;
    }
    const quantity = element.querySelector<HTMLInputElement>(CART_SELECTORS.quantity);
    if (quantity) {
      quantity.value = String(entry.quantity);
      quantity.dataset.committed = String(entry.quantity);
    }
    const price = element.querySelector(CART_SELECTORS.price);
    if (price) price.textContent = money(entry.subTotalCents);
  }
  const subtotal =
    root.querySelector(CART_SELECTORS.subtotalAmount) ?? root.querySelector<HTMLElement>(CART_SELECTORS.subtotal);
  if (subtotal) subtotal.textContent = money(cart.subtotalCents);
  if (cart.entries.length === 0) showEmptyCart(root);
}

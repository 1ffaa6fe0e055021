import type { CartPillView } from '@tessera/core';

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

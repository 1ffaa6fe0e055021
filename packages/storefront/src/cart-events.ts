import type { ShoppingCart } from '@tessera/core/contracts/cart';

/** Fired on `window` whenever an island learns the new cart; `detail` is the shopping cart. */
export const CART_UPDATED_EVENT = 'tessera:cart-updated';

export function dispatchCartUpdated(target: EventTarget, cart: ShoppingCart): void {
  target.dispatchEvent(new CustomEvent<ShoppingCart>(CART_UPDATED_EVENT, { detail: cart }));
}

/** Subscribes to cart updates; returns the unsubscribe function. */
export function onCartUpdated(target: EventTarget, listener: (cart: ShoppingCart) => void): () => void {
  const handler = (event: Event) => {
    const cart = (event as CustomEvent<ShoppingCart | undefined>).detail;
    if (cart && typeof cart === 'object') listener(cart);
  };
  target.addEventListener(CART_UPDATED_EVENT, handler);
  return () => target.removeEventListener(CART_UPDATED_EVENT, handler);
}

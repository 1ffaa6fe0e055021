import { requestJson } from './api.js';
import { dispatchCartUpdated, onCartUpdated } from './cart-events.js';
import type { ShoppingCart } from '@tessera/core/contracts/cart';

export const CART_URL = '/api/commerce/shopping-cart?calculateSubtotal=true';

/** Remembers the last cart announced on `tessera:cart-updated`. */
export function createCartStore(win: Window): { get(): ShoppingCart | undefined } {
  let current: ShoppingCart | undefined;
  onCartUpdated(win, (cart) => {
    current = cart;
  });
  return { get: () => current };
}

/** Loads the visitor's cart and announces it; failures leave the server-rendered pill as it is. */
export async function loadCart(win: Window, fetchImpl?: typeof fetch): Promise<ShoppingCart | undefined> {
  const result = await requestJson<ShoppingCart>('GET', CART_URL, undefined, { fetchImpl });
  if (!result.ok || !result.data || !Array.isArray(result.data.entries)) return undefined;
  dispatchCartUpdated(win, result.data);
  return result.data;
}

import type { ShoppingCart } from '@tessera/core/contracts/cart';

// Its own module, not the loader's cart-store.ts: an island importing it must not share a chunk with the
// loader (the shared part would be split off and fetched before the load event).

/** How many of one item/variant the cart already holds (for the stock rule of SPEC §5). */
export function quantityInCart(cart: ShoppingCart | undefined, itemId: string, sku: string): number {
  if (!cart) return 0;
  let total = 0;
  for (const entry of cart.entries) {
    if (entry.itemId === itemId && entry.chosenVariant.sku === sku) total += entry.quantity;
  }
  return total;
}

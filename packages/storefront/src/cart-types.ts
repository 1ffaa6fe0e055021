/** The cart JSON the server answers with (shared contracts: "Cart JSON"); only the fields the runtime reads. */
export interface CartEntry {
  id: string;
  itemId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  subTotal?: { value: string; currency: string };
  subTotalCents: number;
  purchasePriceCents?: number;
  productType?: number;
  url?: string;
  imageUrl?: string;
  additionalFields?: string | null;
}

export interface ShoppingCart {
  id?: string;
  currency?: string;
  entries: CartEntry[];
  subtotalCents: number;
  totalQuantity: number;
  [field: string]: unknown;
}

/** How many of one item/variant the cart already holds (for the stock rule of SPEC §5). */
export function quantityInCart(cart: ShoppingCart | undefined, itemId: string, sku: string): number {
  if (!cart) return 0;
  let total = 0;
  for (const entry of cart.entries ?? []) {
    if (entry.itemId === itemId && entry.chosenVariant?.sku === sku) total += entry.quantity;
  }
  return total;
}

import { COMMERCE_EVENTS } from '@tessera/core';
import type { ShoppingCart } from '@tessera/core/contracts/cart';

export interface CartChange {
  name: typeof COMMERCE_EVENTS.addToCart | typeof COMMERCE_EVENTS.removeFromCart;
  itemId: string;
  sku: string;
  /** How many units were added or removed (always positive). */
  quantity: number;
  /** Value of those units in minor units. */
  valueCents: number;
  currency?: string;
}

function lines(cart: ShoppingCart | undefined) {
  const byKey = new Map<string, { itemId: string; sku: string; quantity: number; unitCents: number }>();
  for (const entry of cart?.entries ?? []) {
    const sku = entry.chosenVariant?.sku ?? '';
    const key = `${entry.itemId}\u0000${sku}`;
    const unitCents =
      entry.purchasePriceCents ?? (entry.quantity > 0 ? Math.round(entry.subTotalCents / entry.quantity) : 0);
    const line = byKey.get(key);
    if (line) line.quantity += entry.quantity;
    else byKey.set(key, { itemId: entry.itemId, sku, quantity: entry.quantity, unitCents });
  }
  return byKey;
}

/** The AddToCart / RemoveFromCart events that turn cart `before` into cart `after`. */
export function cartChanges(before: ShoppingCart | undefined, after: ShoppingCart): CartChange[] {
  const old = lines(before);
  const next = lines(after);
  const changes: CartChange[] = [];
  for (const key of new Set([...old.keys(), ...next.keys()])) {
    const a = old.get(key);
    const b = next.get(key);
    const delta = (b?.quantity ?? 0) - (a?.quantity ?? 0);
    if (delta === 0) continue;
    const line = (b ?? a) as NonNullable<typeof a>;
    changes.push({
      name: delta > 0 ? COMMERCE_EVENTS.addToCart : COMMERCE_EVENTS.removeFromCart,
      itemId: line.itemId,
      sku: line.sku,
      quantity: Math.abs(delta),
      valueCents: Math.abs(delta) * line.unitCents,
      currency: after.currency,
    });
  }
  return changes;
}

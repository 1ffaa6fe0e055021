import { describe, expect, it } from 'vitest';
import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';
import { testCart, testCartEntry } from '../test-carts.js';
import { cartChanges } from './cart-changes.js';

const entry = (itemId: string, sku: string, quantity: number, unit: number): CartEntry =>
  testCartEntry({
    id: `${itemId}-${sku}`,
    itemId,
    chosenVariant: { sku, attributes: {} },
    quantity,
    title: itemId,
    subTotalCents: quantity * unit,
  });
const cart = (...entries: CartEntry[]): ShoppingCart => testCart(entries, { subtotalCents: 0 });

describe('cartChanges', () => {
  it('sees an add from no cart', () => {
    expect(cartChanges(undefined, cart(entry('a', 's1', 2, 500)))).toEqual([
      { name: 'AddToCart', itemId: 'a', sku: 's1', quantity: 2, valueCents: 1000, currency: 'USD' },
    ]);
  });

  it('sees quantity changes and removals', () => {
    const before = cart(entry('a', 's1', 2, 500), entry('b', 's2', 1, 300));
    const after = cart(entry('a', 's1', 5, 500));
    expect(cartChanges(before, after)).toEqual([
      { name: 'AddToCart', itemId: 'a', sku: 's1', quantity: 3, valueCents: 1500, currency: 'USD' },
      { name: 'RemoveFromCart', itemId: 'b', sku: 's2', quantity: 1, valueCents: 300, currency: 'USD' },
    ]);
  });

  it('reports nothing for the same cart', () => {
    const same = cart(entry('a', 's1', 1, 100));
    expect(cartChanges(same, cart(entry('a', 's1', 1, 100)))).toEqual([]);
  });
});

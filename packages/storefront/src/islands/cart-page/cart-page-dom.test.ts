// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';
import { testCart, testCartEntry } from '../../test-carts.js';
import { applyCartToPage, entryElement } from './cart-page-dom.js';

const entry = (id: string, quantity: number, subTotalCents: number): CartEntry =>
  testCartEntry({ id, quantity, subTotalCents });
const cart = (entries: CartEntry[], subtotalCents: number): ShoppingCart => testCart(entries, { subtotalCents });

let root: HTMLElement;
beforeEach(() => {
  // The markup of themes/default/templates/cart.jsont.
  document.body.innerHTML = `<section class="tessera-cart" data-island="cart-page">
    <ul class="tessera-cart__entries">
      <li class="tessera-cart__entry" data-entry-id="a"><a class="tessera-cart__title" href="/a">A</a>
        <input class="tessera-cart__qty" type="number" min="0" max="9999" value="1" aria-label="Quantity">
        <span class="tessera-cart__price">$10.00</span><button class="tessera-cart__remove" type="button">Remove</button></li>
      <li class="tessera-cart__entry" data-entry-id="b"><a class="tessera-cart__title" href="/b">B</a>
        <input class="tessera-cart__qty" type="number" min="0" max="9999" value="2" aria-label="Quantity">
        <span class="tessera-cart__price">$40.00</span><button class="tessera-cart__remove" type="button">Remove</button></li>
    </ul>
    <div class="tessera-cart__subtotal"><span class="tessera-cart__subtotal-label">Subtotal</span> <span class="tessera-cart__subtotal-value">$50.00</span></div>
  </section>`;
  root = document.querySelector('section')!;
});

describe('applyCartToPage', () => {
  it('rewrites quantities, line prices and the subtotal value, keeping the label', () => {
    applyCartToPage(root, cart([entry('a', 3, 3000), entry('b', 2, 4000)], 7000), 'USD', 'en-US');
    const a = entryElement(root, 'a')!;
    expect(a.querySelector<HTMLInputElement>('.tessera-cart__qty')!.value).toBe('3');
    expect(a.querySelector('.tessera-cart__price')!.textContent).toBe('$30.00');
    expect(root.querySelector('.tessera-cart__subtotal')!.textContent).toBe('Subtotal $70.00');
  });

  it('removes entries that are gone', () => {
    applyCartToPage(root, cart([entry('b', 2, 4000)], 4000), 'USD', 'en-US');
    expect(entryElement(root, 'a')).toBeUndefined();
    expect(root.querySelectorAll('.tessera-cart__entry')).toHaveLength(1);
    expect(root.querySelector('.tessera-cart__empty')).toBeNull();
  });

  it('shows the empty text when the last entry goes', () => {
    applyCartToPage(root, cart([], 0), 'USD', 'en-US');
    const empty = root.querySelector<HTMLElement>('.tessera-cart__empty')!;
    expect(empty.textContent).toBe('You have nothing in your shopping cart.');
    expect(empty.hidden).toBe(false);
    expect(root.querySelector<HTMLElement>('.tessera-cart__entries')!.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>('.tessera-cart__subtotal')!.hidden).toBe(true);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cartPillView } from '@tessera/core';
import { renderCartPill } from './cart-pill.js';

const cart = (totalQuantity: number, subtotalCents: number) => ({ entries: [], totalQuantity, subtotalCents });

describe('renderCartPill', () => {
  it('updates the server markup in place', () => {
    document.body.innerHTML = `<a class="tessera-cart-pill" data-island="cart-pill" href="/cart" hidden>
      <span class="tessera-cart-pill__label visually-hidden">0 items in cart</span><span class="tessera-cart-pill__count" aria-hidden="true">0</span><span class="tessera-cart-pill__subtotal">$0.00</span></a>`;
    const pill = document.querySelector<HTMLElement>('.tessera-cart-pill')!;
    const count = pill.querySelector('.tessera-cart-pill__count');
    renderCartPill(pill, cartPillView(cart(3, 4500), 'USD', 'en-US'));
    expect(pill.hidden).toBe(false);
    expect(pill.querySelector('.tessera-cart-pill__label')?.textContent).toBe('3 items in cart');
    expect(pill.hasAttribute('aria-label')).toBe(false);
    expect(pill.querySelector('.tessera-cart-pill__count')).toBe(count);
    expect(count?.textContent).toBe('3');
    expect(pill.querySelector('.tessera-cart-pill__subtotal')?.textContent).toBe('$45.00');
    renderCartPill(pill, cartPillView(cart(0, 0), 'USD', 'en-US'));
    expect(pill.hidden).toBe(true);
  });
});

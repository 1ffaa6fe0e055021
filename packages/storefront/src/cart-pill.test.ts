// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cartPillView, renderCartPill } from './cart-pill.js';
import type { ShoppingCart } from './cart-types.js';

const cart = (totalQuantity: number, subtotalCents: number, currency = 'USD'): ShoppingCart => ({
  entries: [],
  totalQuantity,
  subtotalCents,
  currency,
});

describe('cartPillView', () => {
  it('hides the pill for an empty cart', () => {
    expect(cartPillView(cart(0, 0), 'USD', 'en-US')).toMatchObject({ hidden: true, count: '0' });
  });
  it('speaks one item, n items and more than 100', () => {
    expect(cartPillView(cart(1, 1250), 'USD', 'en-US')).toEqual({
      hidden: false,
      count: '1',
      label: 'One item in cart',
      subtotal: '$12.50',
    });
    expect(cartPillView(cart(7, 100), 'USD', 'en-US').label).toBe('7 items in cart');
    expect(cartPillView(cart(101, 100), 'USD', 'en-US')).toMatchObject({
      count: '100+',
      label: 'More than 100 items in cart',
    });
    expect(cartPillView(cart(100, 100), 'USD', 'en-US').count).toBe('100');
  });
  it("formats the subtotal in the cart's currency", () => {
    expect(cartPillView(cart(2, 1250, 'JPY'), 'USD', 'en-US').subtotal).toBe('¥1,250');
  });
});

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

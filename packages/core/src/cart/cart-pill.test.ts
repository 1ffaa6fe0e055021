import { describe, expect, it } from 'vitest';
import { cartPillCount, cartPillLabel, cartPillView } from './cart-pill.js';

describe('cartPillCount', () => {
  it('shows the count up to 100 and "100+" above', () => {
    expect(cartPillCount(0)).toBe('0');
    expect(cartPillCount(7)).toBe('7');
    expect(cartPillCount(100)).toBe('100');
    expect(cartPillCount(101)).toBe('100+');
    expect(cartPillCount(Number.NaN)).toBe('0');
  });
});

describe('cartPillLabel', () => {
  it('speaks the count', () => {
    expect(cartPillLabel(1)).toBe('One item in cart');
    expect(cartPillLabel(0)).toBe('0 items in cart');
    expect(cartPillLabel(2)).toBe('2 items in cart');
    expect(cartPillLabel(100)).toBe('100 items in cart');
    expect(cartPillLabel(101)).toBe('More than 100 items in cart');
  });

  it('says "Cart" without a quantity', () => {
    expect(cartPillLabel(undefined)).toBe('Cart');
    expect(cartPillLabel(null)).toBe('Cart');
  });
});

describe('cartPillView', () => {
  const cart = (totalQuantity: number, subtotalCents: number, currency = 'USD') => ({
    entries: [],
    totalQuantity,
    subtotalCents,
    currency,
  });

  it('hides the pill for an empty cart or none', () => {
    expect(cartPillView(cart(0, 0), 'USD', 'en-US')).toMatchObject({ hidden: true, count: '0' });
    expect(cartPillView(undefined, 'USD', 'en-US')).toEqual({
      hidden: true,
      count: '0',
      label: '0 items in cart',
      subtotal: '$0.00',
    });
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

  it("formats the subtotal in the cart's currency, else the site's, and counts entries without a total", () => {
    expect(cartPillView(cart(2, 1250, 'JPY'), 'USD', 'en-US').subtotal).toBe('¥1,250');
    expect(cartPillView({ entries: [{ quantity: 2 }, { quantity: 3 }], subtotalCents: 500 }, 'EUR', 'en-US')).toEqual({
      hidden: false,
      count: '5',
      label: '5 items in cart',
      subtotal: '€5.00',
    });
  });

  it('formats without the locale when the runtime does not know it', () => {
    expect(cartPillView(cart(1, 1250), 'USD', 'not a locale!').subtotal).toBe('$12.50');
  });
});

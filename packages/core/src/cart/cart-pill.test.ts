import { describe, expect, it } from 'vitest';
import { cartPillCount, cartPillLabel } from './cart-pill.js';

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

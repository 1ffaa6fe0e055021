import { describe, expect, it } from 'vitest';
import { fromPaypalAmount, toPaypalAmount } from './amounts.js';

describe('PayPal amounts', () => {
  it('writes minor units as decimal strings in the currency\u2019s precision', () => {
    expect(toPaypalAmount(1250, 'usd')).toEqual({ ok: true, money: { currencyCode: 'USD', value: '12.50' } });
    expect(toPaypalAmount(5, 'EUR')).toEqual({ ok: true, money: { currencyCode: 'EUR', value: '0.05' } });
    expect(toPaypalAmount(1250, 'JPY')).toEqual({ ok: true, money: { currencyCode: 'JPY', value: '1250' } });
  });

  it('sends HUF and TWD in whole units, as PayPal requires, and refuses fractions of them', () => {
    expect(toPaypalAmount(150000, 'TWD')).toEqual({ ok: true, money: { currencyCode: 'TWD', value: '1500' } });
    expect(toPaypalAmount(150050, 'TWD')).toEqual({
      ok: false,
      message: 'PayPal takes TWD amounts in whole units only.',
    });
    expect(toPaypalAmount(1500, 'HUF').ok).toBe(true); // whole forints already: 0 fraction digits here
    expect(toPaypalAmount(-1, 'USD').ok).toBe(false);
  });

  it('reads PayPal amounts back exactly', () => {
    expect(fromPaypalAmount({ currencyCode: 'USD', value: '19.99' })).toBe(1999);
    expect(fromPaypalAmount({ currencyCode: 'JPY', value: '1500' })).toBe(1500);
    expect(fromPaypalAmount(undefined)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDigits, DEFAULT_CURRENCY, isSupportedCurrency } from './currency.js';

describe('currencies', () => {
  it('lists the 27 codes of SPEC §3', () => {
    expect(CURRENCIES).toHaveLength(27);
    expect(new Set(CURRENCIES).size).toBe(27);
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('gives JPY no fraction digits and every other currency two', () => {
    for (const code of CURRENCIES) expect(currencyDigits(code)).toBe(code === 'JPY' ? 0 : 2);
    expect(currencyDigits('jpy')).toBe(0);
  });

  it('falls back to Intl, then 2, for codes outside the list', () => {
    expect(currencyDigits('KRW')).toBe(0);
    expect(currencyDigits('not a code')).toBe(2);
  });

  it('recognises only the supported codes', () => {
    expect(isSupportedCurrency('EUR')).toBe(true);
    expect(isSupportedCurrency('KRW')).toBe(false);
    expect(isSupportedCurrency('usd')).toBe(false);
    expect(isSupportedCurrency(undefined)).toBe(false);
  });
});

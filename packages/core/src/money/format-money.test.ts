import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.js';

describe('formatMoney', () => {
  it('formats minor units in en-US by default', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(250000, 'USD')).toBe('$2,500.00');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(-1250, 'USD')).toBe('-$12.50');
  });

  it('uses the currency digits, JPY without decimals', () => {
    expect(formatMoney(1250, 'JPY')).toBe('¥1,250');
    expect(formatMoney(250000, 'EUR')).toBe('€2,500.00');
  });

  it('follows the locale', () => {
    expect(formatMoney(250000, 'EUR', 'de-DE')).toBe('2.500,00\u00a0€');
  });

  it('supports code display and accounting negatives', () => {
    expect(formatMoney(1250, 'USD', 'en-US', { currencyDisplay: 'code' })).toBe('USD\u00a012.50');
    expect(formatMoney(-1250, 'USD', 'en-US', { accounting: true })).toBe('($12.50)');
  });

  it('keeps large amounts exact', () => {
    expect(formatMoney(900719925474099, 'USD')).toBe('$9,007,199,254,740.99');
  });
});

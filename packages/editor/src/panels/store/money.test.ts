import { describe, expect, it } from 'vitest';
import { moneyInput, parseMoneyInput, showMoney } from './money.js';
import { basisPointsOf, percentOf } from './rates.js';

describe('money inputs in the store currency', () => {
  it('reads what owners type as minor units', () => {
    expect(parseMoneyInput('12.5', 'USD')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoneyInput(' $1,250.00 ', 'USD')).toEqual({ ok: true, cents: 125000 });
    expect(parseMoneyInput('1250', 'JPY')).toEqual({ ok: true, cents: 1250 });
    expect(parseMoneyInput('', 'USD', { optional: true })).toEqual({ ok: true, cents: null });
  });

  it('refuses what is not an amount, naming the currency', () => {
    expect(parseMoneyInput('', 'USD')).toEqual({ ok: false, message: 'Enter an amount, such as 12.50.' });
    expect(parseMoneyInput('ten', 'EUR')).toEqual({ ok: false, message: 'Enter an amount in EUR, such as 12.50.' });
    expect(parseMoneyInput('-5', 'USD').ok).toBe(false);
    expect(parseMoneyInput('1.2.3', 'USD').ok).toBe(false);
  });

  it('shows minor units back in major units and formatted', () => {
    expect(moneyInput(1250, 'USD')).toBe('12.50');
    expect(moneyInput(null, 'USD')).toBe('');
    expect(moneyInput(500, 'JPY')).toBe('500');
    expect(showMoney(1250, 'USD')).toBe('$12.50');
    expect(showMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
  });
});

describe('tax rates', () => {
  it('turns percent into basis points and back', () => {
    expect(basisPointsOf('8.25')).toBe(825);
    expect(basisPointsOf('8,5 %')).toBe(850);
    expect(basisPointsOf('20')).toBe(2000);
    expect(basisPointsOf('8.255')).toBeUndefined();
    expect(basisPointsOf('much')).toBeUndefined();
    expect(percentOf(825)).toBe('8.25');
    expect(percentOf(2000)).toBe('20');
    expect(percentOf(850)).toBe('8.5');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currency.js';
import {
  centsFromMoney,
  currencyOfMoney,
  fromMinorUnits,
  moneyText,
  moneyFromCents,
  toMinorUnits,
  tryToMinorUnits,
} from './minor-units.js';

describe('toMinorUnits', () => {
  it('parses decimal strings exactly', () => {
    expect(toMinorUnits('12.50', 'USD')).toBe(1250);
    expect(toMinorUnits('12.5', 'USD')).toBe(1250);
    expect(toMinorUnits('12', 'USD')).toBe(1200);
    expect(toMinorUnits('.5', 'EUR')).toBe(50);
    expect(toMinorUnits(' 7. ', 'EUR')).toBe(700);
    expect(toMinorUnits('-0.05', 'USD')).toBe(-5);
    expect(toMinorUnits('1250', 'JPY')).toBe(1250);
    expect(toMinorUnits('1.5e2', 'USD')).toBe(15000);
    expect(toMinorUnits('90071992547409.91', 'USD')).toBe(9007199254740991);
  });

  it('reads numbers through their decimal form, without float drift', () => {
    expect(toMinorUnits(19.99, 'USD')).toBe(1999);
    expect(toMinorUnits(1.005, 'USD')).toBe(101); // 1.005 is the text "1.005", not 1.00499…
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinorUnits(4.35, 'USD')).toBe(435); // 4.35 * 100 is 434.99999999999994 in floats
    expect(toMinorUnits(1e-7, 'USD')).toBe(0);
    expect(toMinorUnits(-0, 'USD')).toBe(0);
    expect(Object.is(toMinorUnits('-0.001', 'USD'), 0)).toBe(true);
  });

  it('rounds excess digits with the given mode (half-up by default)', () => {
    expect(toMinorUnits('12.345', 'USD')).toBe(1235);
    expect(toMinorUnits('12.345', 'USD', 'half-even')).toBe(1234);
    expect(toMinorUnits('12.349', 'USD', 'down')).toBe(1234);
    expect(toMinorUnits('1250.5', 'JPY')).toBe(1251);
    expect(toMinorUnits('-1250.5', 'JPY', 'floor')).toBe(-1251);
  });

  it('throws for text that is not an amount, and tryToMinorUnits answers undefined', () => {
    for (const bad of ['', ' ', 'abc', '1,50', '1.2.3', '$5', '.', '-', '1e', 'Infinity', '1e5000']) {
      expect(() => toMinorUnits(bad, 'USD')).toThrow(RangeError);
      expect(tryToMinorUnits(bad, 'USD')).toBeUndefined();
    }
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits('1e20', 'USD')).toThrow(RangeError); // beyond safe integers
    expect(tryToMinorUnits(null as unknown as string, 'USD')).toBeUndefined();
  });
});

describe('fromMinorUnits', () => {
  it('writes a plain decimal with the currency digits', () => {
    expect(fromMinorUnits(1250, 'USD')).toBe('12.50');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(0, 'EUR')).toBe('0.00');
    expect(fromMinorUnits(-5, 'USD')).toBe('-0.05');
    expect(fromMinorUnits(-1250, 'USD')).toBe('-12.50');
    expect(fromMinorUnits(1250, 'JPY')).toBe('1250');
    expect(fromMinorUnits(-1250, 'JPY')).toBe('-1250');
  });

  it('refuses fractional or unsafe input', () => {
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(2 ** 60, 'USD')).toThrow(RangeError);
  });
});

describe('round trip (property)', () => {
  it('toMinorUnits ∘ fromMinorUnits is the identity for every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (currency, cents) => toMinorUnits(fromMinorUnits(cents, currency), currency) === cents,
      ),
      { numRuns: 2000 },
    );
  });

  it('reads any two-digit decimal text as whole * 100 + fraction, with its sign', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 99 }),
        (negative, whole, fraction) => {
          const text = `${negative ? '-' : ''}${whole}.${String(fraction).padStart(2, '0')}`;
          const expected = (negative ? -1 : 1) * (whole * 100 + fraction);
          return toMinorUnits(text, 'USD') === (expected === 0 ? 0 : expected);
        },
      ),
    );
  });
});

describe('money objects', () => {
  it('moneyFromCents builds { value, currency }', () => {
    expect(moneyFromCents(1250, 'USD')).toEqual({ value: '12.50', currency: 'USD' });
    expect(moneyFromCents(1250, 'JPY')).toEqual({ value: '1250', currency: 'JPY' });
  });

  it('centsFromMoney reads both shapes', () => {
    expect(centsFromMoney({ value: '12.50', currency: 'USD' })).toBe(1250);
    expect(centsFromMoney({ decimalValue: '1250', currencyCode: 'JPY' })).toBe(1250);
    expect(centsFromMoney({ value: 3, currency: 'EUR' })).toBe(300);
  });

  it('centsFromMoney defaults to 0 USD when parts are missing', () => {
    expect(centsFromMoney({ value: '100' })).toBe(10000);
    expect(centsFromMoney({ currency: 'USD' })).toBe(0);
    expect(centsFromMoney(undefined)).toBe(0);
    expect(currencyOfMoney({ value: '1' })).toBe('USD');
    expect(currencyOfMoney({ decimalValue: '1', currencyCode: 'jpy' })).toBe('JPY');
  });

  it('centsFromMoney throws for an unreadable value', () => {
    expect(() => centsFromMoney({ value: 'abc', currency: 'USD' })).toThrow(RangeError);
  });
});

describe('moneyText', () => {
  it('writes amounts for mail with the digits of the currency table', () => {
    expect(moneyText(1250, 'USD')).toBe('12.50 USD');
    expect(moneyText(1250, 'JPY')).toBe('1250 JPY');
    expect(moneyText(-5, 'EUR')).toBe('-0.05 EUR');
    for (const code of CURRENCIES) expect(moneyText(100, code)).toBe(code === 'JPY' ? '100 JPY' : `1.00 ${code}`);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuantity } from './parse-quantity.js';

const notNumber = { ok: false, message: 'Quantity must be a number.' };
const notWhole = { ok: false, message: 'Quantity must be a whole number' };

describe('parseQuantity', () => {
  it('accepts whole numbers and numeric text', () => {
    expect(parseQuantity(3)).toEqual({ ok: true, value: 3 });
    expect(parseQuantity('12')).toEqual({ ok: true, value: 12 });
    expect(parseQuantity(' 4 ')).toEqual({ ok: true, value: 4 });
    expect(parseQuantity('2.0')).toEqual({ ok: true, value: 2 });
    expect(parseQuantity('0')).toEqual({ ok: true, value: 0 });
    expect(parseQuantity('-0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses what is not a number', () => {
    for (const input of ['', '  ', 'abc', '1a', '0x10', 'Infinity', NaN, Infinity, null, undefined, {}, [], true]) {
      expect(parseQuantity(input)).toEqual(notNumber);
    }
  });

  it('refuses fractions', () => {
    expect(parseQuantity(1.5)).toEqual(notWhole);
    expect(parseQuantity('2.25')).toEqual(notWhole);
  });

  it('reads every integer written in decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        const result = parseQuantity(String(n));
        return result.ok && result.value === n;
      }),
    );
  });
});

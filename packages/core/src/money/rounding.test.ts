import { describe, expect, it } from 'vitest';
import { divideRounded, ROUNDING_MODES, type RoundingMode } from './rounding.js';

// value / 10 for each mode; rows are the numerators 15, 25, 16, 14, -15, -25, -16, -14
const table: Record<RoundingMode, number[]> = {
  up: [2, 3, 2, 2, -2, -3, -2, -2],
  down: [1, 2, 1, 1, -1, -2, -1, -1],
  ceiling: [2, 3, 2, 2, -1, -2, -1, -1],
  floor: [1, 2, 1, 1, -2, -3, -2, -2],
  'half-up': [2, 3, 2, 1, -2, -3, -2, -1],
  'half-down': [1, 2, 2, 1, -1, -2, -2, -1],
  'half-even': [2, 2, 2, 1, -2, -2, -2, -1],
};

describe('divideRounded', () => {
  it.each(ROUNDING_MODES)('rounds with %s', (mode) => {
    const got = [15, 25, 16, 14, -15, -25, -16, -14].map((n) => Number(divideRounded(BigInt(n), 10n, mode)));
    expect(got).toEqual(table[mode]);
  });

  it('divides exactly without rounding and handles negative divisors', () => {
    expect(divideRounded(20n, 10n, 'up')).toBe(2n);
    expect(divideRounded(15n, -10n, 'half-up')).toBe(-2n);
  });

  it('refuses a zero divisor', () => {
    expect(() => divideRounded(1n, 0n, 'up')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHT_UNIT, weightToGrams, weightUnitOf } from './weight.js';

describe('weights', () => {
  it('turns each unit into whole grams', () => {
    expect(weightToGrams(1.5, 'kg')).toBe(1500);
    expect(weightToGrams(250, 'g')).toBe(250);
    expect(weightToGrams(2, 'lb')).toBe(907);
    expect(weightToGrams(8, 'oz')).toBe(227);
    expect(weightToGrams(0.0004, 'kg')).toBe(0);
  });

  it('reads a stored unit, anything else as the default', () => {
    expect(weightUnitOf('lb')).toBe('lb');
    expect(weightUnitOf('stone')).toBe(DEFAULT_WEIGHT_UNIT);
    expect(weightUnitOf(undefined)).toBe('kg');
  });
});

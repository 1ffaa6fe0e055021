import { describe, expect, it } from 'vitest';
import { DEFAULT_WEIGHT_UNIT, WEIGHT_UNITS, weightFromGrams, weightToGrams, weightUnitOf } from './weight.js';

describe('weights', () => {
  it('turns each unit into whole grams', () => {
    expect(weightToGrams(1.5, 'kg')).toBe(1500);
    expect(weightToGrams(250, 'g')).toBe(250);
    expect(weightToGrams(2, 'lb')).toBe(907);
    expect(weightToGrams(8, 'oz')).toBe(227);
    expect(weightToGrams(0.0004, 'kg')).toBe(0);
  });

  it('writes grams in each unit so that they read back as the same grams', () => {
    expect(weightFromGrams(500, 'kg')).toBe('0.5');
    expect(weightFromGrams(2000, 'kg')).toBe('2');
    expect(weightFromGrams(907, 'lb')).toBe('1.999593');
    expect(weightFromGrams(340, 'g')).toBe('340');
    for (const unit of WEIGHT_UNITS)
      for (const grams of [0, 1, 14, 227, 999, 1021, 123_457, 1_000_000])
        expect(weightToGrams(Number(weightFromGrams(grams, unit)), unit)).toBe(grams);
  });

  it('reads a stored unit, anything else as the default', () => {
    expect(weightUnitOf('lb')).toBe('lb');
    expect(weightUnitOf('stone')).toBe(DEFAULT_WEIGHT_UNIT);
    expect(weightUnitOf(undefined)).toBe('kg');
  });
});

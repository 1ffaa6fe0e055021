import { describe, expect, it } from 'vitest';
import { missingOptionsMessage } from './missing-options.js';

describe('missingOptionsMessage', () => {
  it('is undefined when nothing is missing', () => {
    expect(missingOptionsMessage([])).toBeUndefined();
  });

  it('names one option', () => {
    expect(missingOptionsMessage(['Size'])).toBe('Please select the Size option.');
  });

  it('joins two options with "and"', () => {
    expect(missingOptionsMessage(['Size', 'Color'])).toBe('Please select the Size and Color options.');
  });

  it('lists three or more options with commas and a final "and"', () => {
    expect(missingOptionsMessage(['Size', 'Color', 'Material'])).toBe(
      'Please select the Size, Color and Material options.',
    );
    expect(missingOptionsMessage(['A', 'B', 'C', 'D'])).toBe('Please select the A, B, C and D options.');
  });
});

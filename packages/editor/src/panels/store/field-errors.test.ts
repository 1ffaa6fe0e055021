import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api.js';
import { fieldErrorsOf, unplacedMessage } from './field-errors.js';

describe('field messages of a refused save', () => {
  it('takes the server’s fields when it sends them', () => {
    const error = new ApiError(400, 'coupons.0.value: A percent coupon takes 1–100.', {
      fields: { 'coupons.0.value': 'A percent coupon takes 1–100.' },
    });
    expect(fieldErrorsOf(error)).toEqual({ 'coupons.0.value': 'A percent coupon takes 1–100.' });
  });

  it('reads "path: message" pairs from the message otherwise', () => {
    const error = new ApiError(
      400,
      'scarcityThreshold: Too big: expected number to be <=1000 scarcityText: Too small.',
    );
    expect(fieldErrorsOf(error, ['scarcityThreshold', 'scarcityText', 'scarcityEnabled'])).toEqual({
      scarcityThreshold: 'Too big: expected number to be <=1000',
      scarcityText: 'Too small.',
    });
    // Without the form's paths every "word: " starts a field.
    expect(fieldErrorsOf(new ApiError(400, 'a.0.b: First. c: Second.'))).toEqual({ 'a.0.b': 'First.', c: 'Second.' });
    expect(fieldErrorsOf(new ApiError(409, 'The order changed; reload it.'))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });

  it('keeps messages of fields not on screen for the alert line', () => {
    const error = new ApiError(400, 'x', { fields: { a: 'First.', b: 'Second.' } });
    expect(unplacedMessage(error, ['a'])).toBe('b: Second.');
    expect(unplacedMessage(error, ['a', 'b'])).toBe('Please fix the fields marked below.');
    expect(unplacedMessage(new ApiError(500, 'Something went wrong'), [])).toBe('Something went wrong');
  });
});

import { describe, expect, it } from 'vitest';
import { errorAnswer } from './errors.js';

describe('errorAnswer', () => {
  it('accepts a refusal with its own details and refuses a body without a code', () => {
    const refusal = { error: 'invalid-fields', message: 'Please check the form.', errors: { email: 'Required.' } };
    expect(errorAnswer.parse(refusal)).toEqual(refusal);
    expect(errorAnswer.safeParse({ message: 'No code' }).success).toBe(false);
  });
});

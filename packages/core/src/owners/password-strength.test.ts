import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.js';

describe('passwordStrength', () => {
  it('refuses short and single-kind passwords, and grades the rest', () => {
    expect(passwordStrength('Ab1!').strength).toBe('too-short');
    expect(passwordStrength('aaaaaaaaaaaa').acceptable).toBe(false);
    expect(passwordStrength('lowercaseonly').strength).toBe('weak');
    expect(passwordStrength('lowercase12').strength).toBe('fair');
    expect(passwordStrength('Lowercase12!').strength).toBe('strong');
    expect(passwordStrength('correct horse battery staple').strength).toBe('strong');
  });
});

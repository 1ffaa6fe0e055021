/**
 * How strong a new owner password is (first-run setup, issue 19): long enough, and either long
 * or mixing kinds of characters. The same rule answers on the server and in the setup page.
 */
export type PasswordStrength = 'too-short' | 'weak' | 'fair' | 'strong';

export const PASSWORD_STRENGTH_MIN_LENGTH = 10;

export interface PasswordStrengthResult {
  strength: PasswordStrength;
  /** True when the password may be used. */
  acceptable: boolean;
  /** A sentence for the person choosing it. */
  message: string;
}

export function passwordStrength(password: string): PasswordStrengthResult {
  const length = [...password].length;
  if (length < PASSWORD_STRENGTH_MIN_LENGTH) {
    return {
      strength: 'too-short',
      acceptable: false,
      message: `Use at least ${PASSWORD_STRENGTH_MIN_LENGTH} characters.`,
    };
  }
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const distinct = new Set(password).size;
  if (distinct < 4 || (kinds < 2 && length < 16)) {
    return {
      strength: 'weak',
      acceptable: false,
      message: 'Too easy to guess: mix letters with digits or symbols, or use a longer phrase.',
    };
  }
  if (length >= 16 || kinds >= 3) return { strength: 'strong', acceptable: true, message: 'Strong password.' };
  return { strength: 'fair', acceptable: true, message: 'Fair: a longer phrase would be stronger.' };
}

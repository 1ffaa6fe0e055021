import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes.

// The length rule of every account password is the API contract's (owners' and site users').
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tessera/core/contracts/site-users';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Verifies against a stored hash; a malformed hash counts as a mismatch, never an exception. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time a real verification takes, so a sign-in for an unknown email answers as slowly
 * as one with a wrong password and does not reveal which accounts exist.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('tessera-no-such-account');
  await verifyPassword(await dummyHash, password);
  return false;
}

import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';

/**
 * Secrets at rest (issue 17): payment provider keys and the like are sealed with AES-256-GCM under
 * a key derived from `TESSERA_SECRET_KEY` before they reach the database, so a copy of the database
 * (a backup, a leaked dump) does not give away the shop's payment accounts.
 *
 * A sealed value is one string: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). The version names
 * the cipher and the key derivation, so either can change later without guessing. Each value is
 * bound to a context (for example `payment_connections:<site>:stripe`) as additional authenticated
 * data: a sealed value copied to another row does not open there.
 */

export const SECRET_KEY_MIN_LENGTH = 32;

export const SECRETS_MESSAGES = {
  missing:
    'TESSERA_SECRET_KEY is not set, so secrets cannot be stored encrypted. Set it to a random value of at least 32 characters (for example the output of `openssl rand -base64 48`) and restart, or configure the provider with environment variables instead.',
  short: `TESSERA_SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters long.`,
  unreadable:
    'A stored secret could not be decrypted: TESSERA_SECRET_KEY has changed since it was saved, or the stored value was altered. Save the keys again.',
} as const;

/** Thrown when a secret is to be sealed or opened without a usable key, or fails to open. */
export class SecretsError extends Error {
  constructor(
    readonly code: 'secret-key-missing' | 'secret-unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'SecretsError';
  }
}

export interface SecretBox {
  /** Encrypts `plaintext` for `context`; every call uses a fresh random IV. */
  seal(plaintext: string, context: string): string;
  /** Decrypts a value sealed for the same `context`; throws `SecretsError` when it does not open. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const SALT = 'tessera/secrets/v1';
const derived = new Map<string, Buffer>();

/** scrypt is slow on purpose: the derived key is kept per key material for the process's life. */
function deriveKey(material: string): Buffer {
  const id = createHash('sha256').update(material).digest('hex');
  let key = derived.get(id);
  if (!key) {
    key = scryptSync(material, SALT, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    derived.set(id, key);
  }
  return key;
}

/** Whether `material` is usable as a secret key; the message says why not. */
export function secretKeyProblem(material: string | undefined): string | undefined {
  if (!material) return SECRETS_MESSAGES.missing;
  if (material.length < SECRET_KEY_MIN_LENGTH) return SECRETS_MESSAGES.short;
  return undefined;
}

/** A box sealing with the key derived from `material` (the value of `TESSERA_SECRET_KEY`). */
export function createSecretBox(material: string): SecretBox {
  const problem = secretKeyProblem(material);
  if (problem) throw new SecretsError('secret-key-missing', problem);
  const key = deriveKey(material);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION)
        throw new SecretsError('secret-unreadable', SECRETS_MESSAGES.unreadable);
      try {
        const [, iv, tag, body] = parts as [string, string, string, string];
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretsError('secret-unreadable', SECRETS_MESSAGES.unreadable);
      }
    },
  };
}

/** Whether secrets can be stored: `TESSERA_SECRET_KEY` (or the given material) is set and long enough. */
export function secretsAvailable(material: string | undefined = process.env.TESSERA_SECRET_KEY): boolean {
  return secretKeyProblem(material) === undefined;
}

/**
 * The box for `material`, or a `SecretsError` with the message to show when it is missing or too
 * short: nothing is ever stored in the clear instead.
 */
export function requireSecretBox(material: string | undefined = process.env.TESSERA_SECRET_KEY): SecretBox {
  return createSecretBox(material ?? '');
}

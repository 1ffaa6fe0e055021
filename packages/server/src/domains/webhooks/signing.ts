import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createSecretBox, secretKeyProblem } from '../../platform/secrets.js';

/** A new endpoint signing secret, shown to the owner once. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

const context = (endpointId: string) => `webhook_endpoints:${endpointId}`;

/**
 * How the secret is kept: sealed under TESSERA_SECRET_KEY when one is set; otherwise as
 * `plain.<secret>` (the server must read it back to sign, so hashing is no option).
 */
export function storeSecret(secret: string, endpointId: string, secretKey: string | undefined): string {
  if (secretKeyProblem(secretKey) !== undefined) return `plain.${secret}`;
  return createSecretBox(secretKey as string).seal(secret, context(endpointId));
}

export function readSecret(stored: string, endpointId: string, secretKey: string | undefined): string {
  if (stored.startsWith('plain.')) return stored.slice('plain.'.length);
  return createSecretBox(secretKey ?? '').open(stored, context(endpointId));
}

/** `Tessera-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The receiver's check (used by tests and shown in prose in the docs). */
export function verifySignature(secret: string, body: string, header: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

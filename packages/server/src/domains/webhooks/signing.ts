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

/** How long a rotated-out secret keeps signing next to the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

/**
 * `Tessera-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`; during a secret
 * rotation one `v1=` entry per secret (the new one first), so a receiver holding either accepts.
 */
export function signatureHeader(secret: string | readonly string[], body: string, unixSeconds: number): string {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const macs = secrets.map((s) => `v1=${createHmac('sha256', s).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return [`t=${unixSeconds}`, ...macs].join(',');
}

/** The receiver's check (used by tests and shown in prose in the docs): any `v1=` entry may match. */
export function verifySignature(secret: string, body: string, header: string): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === 't')?.[1];
  const given = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => Buffer.from(v as string, 'hex'));
  if (!t || given.length === 0) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return given.some((g) => g.length === expected.length && timingSafeEqual(g, expected));
}

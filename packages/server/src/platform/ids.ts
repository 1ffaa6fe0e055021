import { createHash, randomBytes } from 'node:crypto';

/** A new random record id: 24 hex characters. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** An id derived from its parts, so seeded records keep the same id on every install. */
export function stableId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);
}

/** An unguessable token for cookies (carts, crumbs): 32 url-safe characters. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function nowIso(): string {
  return new Date().toISOString();
}

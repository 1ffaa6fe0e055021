import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { newToken } from '../../platform/ids.js';

/** A fresh session token for the cookie, and the id under which its session row is stored. */
export function newSessionToken(): { token: string; id: string } {
  const token = newToken();
  return { token, id: sessionIdOf(token) };
}

/** Sessions are stored under the SHA-256 of the token, so a copy of the table cannot sign anyone in. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Cookies behind TLS get `Secure` (the server trusts X-Forwarded-Proto from its proxy). */
export function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** A token-shaped cookie value, or undefined: anything else is not worth a database query. */
export function tokenCookie(request: FastifyRequest, name: string): string | undefined {
  const value = request.cookies[name];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Password-protected pages (lock screen, page type 103). The page password is stored as an argon2
// hash; a right answer sets a session cookie (no expiry: it ends with the browser session) whose
// value is an HMAC of the page id keyed by that hash. The cookie cannot be made without the hash,
// only opens its own page, and stops working when the password changes.

export const UNLOCK_COOKIE_PREFIX = 'tessera-unlock-';
export const LOCK_MESSAGES = Object.freeze({
  wrongPassword: 'That password is not right. Please try again.',
  missingPassword: 'Please enter the password.',
  tooManyAttempts: 'Too many attempts. Please try again in a few minutes.',
});

/** Wrong passwords allowed per client address and page in each window before answers stop. */
export const LOCK_ATTEMPTS = Object.freeze({ max: 10, windowMs: 10 * 60_000 });

/**
 * Counts wrong passwords per (address, page) in memory, so a lock screen cannot be guessed at speed.
 * Bounded: old windows are dropped, and the table never holds more than `maxKeys` entries.
 */
export class LockAttempts {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limits = LOCK_ATTEMPTS,
    private readonly maxKeys = 10_000,
  ) {}

  blocked(key: string, now = Date.now()): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (entry.resetAt <= now) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.limits.max;
  }

  fail(key: string, now = Date.now()): void {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > now) {
      entry.count++;
      return;
    }
    if (this.failures.size >= this.maxKeys) {
      for (const [k, v] of this.failures) if (v.resetAt <= now) this.failures.delete(k);
      if (this.failures.size >= this.maxKeys) this.failures.delete(this.failures.keys().next().value as string);
    }
    this.failures.set(key, { count: 1, resetAt: now + this.limits.windowMs });
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}
const MAX_PASSWORD_LENGTH = 256;

export function unlockCookieName(pageId: string): string {
  return `${UNLOCK_COOKIE_PREFIX}${pageId}`;
}

export function unlockToken(pageId: string, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`unlock:${pageId}`).digest('base64url');
}

export function isUnlocked(request: FastifyRequest, pageId: string, passwordHash: string): boolean {
  const cookie = request.cookies?.[unlockCookieName(pageId)];
  if (!cookie) return false;
  const expected = Buffer.from(unlockToken(pageId, passwordHash));
  const given = Buffer.from(cookie);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function checkPassword(passwordHash: string, password: unknown): Promise<'ok' | 'missing' | 'wrong'> {
  if (typeof password !== 'string' || password === '') return 'missing';
  if (password.length > MAX_PASSWORD_LENGTH) return 'wrong';
  try {
    return (await verify(passwordHash, password)) ? 'ok' : 'wrong';
  } catch {
    return 'wrong';
  }
}

export function setUnlockCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  pageId: string,
  passwordHash: string,
): void {
  reply.setCookie(unlockCookieName(pageId), unlockToken(pageId, passwordHash), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

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

/** The counter `LockAttempts` keeps its counts in (the auth plugin's attempt stores: memory or Redis). */
export interface AttemptCounter {
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Counts guesses per (address, page), so a lock screen cannot be guessed at speed; an IPv6 address
 * counts as its /64 (`clientKey`), which one client can fill with addresses of its own. The
 * counts live in the counter given: shared by every node through Redis when it is configured, so
 * ten guesses at each of several nodes do not add up to more than ten.
 */
export class LockAttempts {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly limits = LOCK_ATTEMPTS,
  ) {}

  async blocked(key: string): Promise<boolean> {
    return (await this.counter.count(key)) >= this.limits.max;
  }

  /**
   * Counts a guess before it is checked, and answers whether it is within the limit: guesses sent
   * at once each take their own place in the count, so a burst cannot all pass one count read
   * before any of them failed.
   */
  async attempt(key: string): Promise<boolean> {
    return (await this.counter.hit(key, this.limits.windowMs)) <= this.limits.max;
  }

  async clear(key: string): Promise<void> {
    await this.counter.reset(key);
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

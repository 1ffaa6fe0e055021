import { randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/ids.js';

/** How hard and how long-lived challenges are. */
export interface CaptchaOptions {
  hmacKey: string;
  /** Upper bound of the secret number; the browser tries half of it on average. */
  maxNumber: number;
  /** A challenge must be solved and used within this time. */
  ttlMs: number;
}

export const DEFAULT_CAPTCHA = { maxNumber: 50_000, ttlMs: 20 * 60_000 } as const;

export type CaptchaCheck = { ok: true; signature: string; expiresAt: string } | { ok: false };

interface SolutionPayload {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodePayload(captchaKey: string): SolutionPayload | undefined {
  if (captchaKey.length > 2000) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(captchaKey, 'base64').toString('utf8')) as Partial<SolutionPayload>;
    const valid =
      parsed.algorithm === 'SHA-256' &&
      typeof parsed.challenge === 'string' &&
      typeof parsed.salt === 'string' &&
      typeof parsed.signature === 'string' &&
      /^[0-9a-f]{64}$/.test(parsed.signature) &&
      Number.isSafeInteger(parsed.number) &&
      (parsed.number as number) >= 0;
    return valid ? (parsed as SolutionPayload) : undefined;
  } catch {
    return undefined;
  }
}

function expiryOf(salt: string): string | undefined {
  const query = salt.split('?')[1] ?? '';
  const seconds = Number(new URLSearchParams(query).get('expires'));
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : undefined;
}

/** A random key for processes started without `CAPTCHA_HMAC_KEY` (challenges then live as long as the process). */
export function randomHmacKey(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Self-hosted proof-of-work captcha (ALTCHA v1 format, `altcha-lib`): the server hands out a
 * signed challenge, the browser finds the number whose SHA-256 with the salt matches, and the
 * server checks the answer and signature. A solved challenge is accepted once: its signature is
 * recorded in `captcha_spent` inside the submission's transaction.
 */
export function createCaptcha(db: Kysely<Database>, options: CaptchaOptions) {
  return {
    challenge(): Promise<Challenge> {
      return createChallenge({
        hmacKey: options.hmacKey,
        maxnumber: options.maxNumber,
        expires: new Date(Date.now() + options.ttlMs),
      });
    },

    /** Checks the answer and signature (and expiry); does not spend it. */
    async verify(captchaKey: string): Promise<CaptchaCheck> {
      const payload = decodePayload(captchaKey);
      if (!payload) return { ok: false };
      const expiresAt = expiryOf(payload.salt);
      if (!expiresAt) return { ok: false };
      const ok = await verifySolution(payload as Parameters<typeof verifySolution>[0], options.hmacKey, true);
      return ok ? { ok: true, signature: payload.signature, expiresAt } : { ok: false };
    },

    /** Records a verified challenge as used; false when it already was (a replay). */
    async spend(trx: Transaction<Database> | Kysely<Database>, signature: string, expiresAt: string): Promise<boolean> {
      const result = await trx
        .insertInto('captcha_spent')
        .values({ signature, expires_at: expiresAt, created_at: nowIso() })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Forgets spent challenges that have expired anyway (they would fail verification). */
    async purgeExpired(): Promise<void> {
      await db.deleteFrom('captcha_spent').where('expires_at', '<', nowIso()).execute();
    },
  };
}

export type Captcha = ReturnType<typeof createCaptcha>;

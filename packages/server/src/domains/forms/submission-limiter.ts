import type { Redis } from 'ioredis';
import { clientKey } from '../../platform/http/rate-limit.js';

/** Submission limits: accepted attempts per client address and per form in each window. */
export interface SubmissionLimits {
  perIp: number;
  perForm: number;
  timeWindowMs: number;
}

export const DEFAULT_SUBMISSION_LIMITS: SubmissionLimits = Object.freeze({
  perIp: 10,
  perForm: 300,
  timeWindowMs: 60_000,
});

export type LimitDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface SubmissionLimiter {
  /** Counts one attempt from `ip` (an IPv6 client by its /64, `clientKey`) on `formId`, or says how long to wait. */
  take(ip: string, formId: string): Promise<LimitDecision>;
}

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory, one per client address and form and one per form, so one
 * visitor cannot flood a form and a botnet cannot flood it either. `now` is passed in for tests.
 */
export function createSubmissionLimiter(limits: SubmissionLimits, now: () => number = Date.now): SubmissionLimiter {
  const windows = new Map<string, Window>();

  function windowOf(key: string, at: number): Window {
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + limits.timeWindowMs };
      windows.set(key, window);
    }
    return window;
  }

  function sweep(at: number): void {
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    async take(ip, formId) {
      const at = now();
      sweep(at);
      // A refused attempt counts against nothing, so one noisy address cannot use up the form's window.
      const perForm = windowOf(`form\u0000${formId}`, at);
      const perIp = windowOf(`ip\u0000${clientKey(ip)}\u0000${formId}`, at);
      const full = perForm.count >= limits.perForm ? perForm : perIp.count >= limits.perIp ? perIp : undefined;
      if (full) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((full.resetAt - at) / 1000)) };
      perForm.count += 1;
      perIp.count += 1;
      return { ok: true };
    },
  };
}

/**
 * The same fixed windows in Redis, so every server process counts together (DESIGN "Scaling
 * out"). A Redis failure lets the submission through rather than refusing every visitor.
 */
export function createRedisSubmissionLimiter(
  redis: Redis,
  limits: SubmissionLimits,
  prefix: string,
): SubmissionLimiter {
  async function hit(key: string, max: number): Promise<LimitDecision> {
    const result = await redis.multi().incr(key).pttl(key).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    let ttl = Number(result?.[1]?.[1] ?? -1);
    if (ttl < 0) {
      await redis.pexpire(key, limits.timeWindowMs);
      ttl = limits.timeWindowMs;
    }
    return count > max ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) } : { ok: true };
  }

  return {
    async take(ip, formId) {
      try {
        const perForm = await hit(`${prefix}form:${formId}`, limits.perForm);
        if (!perForm.ok) return perForm;
        return await hit(`${prefix}ip:${clientKey(ip)}:${formId}`, limits.perIp);
      } catch {
        return { ok: true };
      }
    },
  };
}

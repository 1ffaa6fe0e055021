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

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in memory, one per client address and form and one per form, so one
 * visitor cannot flood a form and a botnet cannot flood it either. `now` is passed in for tests.
 */
export function createSubmissionLimiter(limits: SubmissionLimits, now: () => number = Date.now) {
  const windows = new Map<string, Window>();

  function hit(key: string, max: number, at: number): LimitDecision {
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + limits.timeWindowMs };
      windows.set(key, window);
    }
    if (window.count >= max)
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - at) / 1000)) };
    window.count += 1;
    return { ok: true };
  }

  function sweep(at: number): void {
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    /** Counts one attempt from `ip` on `formId`, or says how long to wait. */
    take(ip: string, formId: string): LimitDecision {
      const at = now();
      sweep(at);
      const perForm = hit(`form\u0000${formId}`, limits.perForm, at);
      if (!perForm.ok) return perForm;
      return hit(`ip\u0000${ip}\u0000${formId}`, limits.perIp, at);
    },
  };
}

export type SubmissionLimiter = ReturnType<typeof createSubmissionLimiter>;

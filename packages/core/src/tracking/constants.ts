/** Cookie and storage names and the limits of the first-party tracker (SPEC §3 "Tracking data", §9). */

/** Cookie and storage names the browser tracker writes. */
export const TRACKING_KEYS = Object.freeze({
  /** Visitor record: a random id that lives two years. */
  visitor: 'ss_cvr',
  /** Visit time: the start of the current visit, renewed on every hit, lives 30 minutes. */
  visitTime: 'ss_cvt',
  /** Census cookies; cleared when the site's cookie policy is restrictive. */
  census: Object.freeze(['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const),
  analyticsId: 'SS_ANALYTICS_ID',
  analyticsExpiration: 'SS_ANALYTICS_EXPIRATION',
  sessionId: 'SS_SESSION_ID',
  marketingId: 'SS_MID',
  isFirstSession: 'SS_IS_FIRST_SESSION',
  hasLanded: 'SS_HAS_LANDED',
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const TRACKING_LIMITS = Object.freeze({
  visitorCookieMs: 2 * 365 * DAY,
  visitCookieMs: 30 * MINUTE,
  analyticsCookieMs: 390 * DAY,
  /** Census calls give up after this long. */
  requestTimeoutMs: 2500,
  /** Performance settings: the timeout the server hands out with the page load id. */
  performanceTimeoutMs: 30_000,
  /** Performance records are flushed this long after load, or earlier when the page hides. */
  performanceFlushMs: 30_000,
  /** Metrics that have not reported by then are given up (or when the page hides). */
  metricWaitMs: 60_000,
  customMarkPrefix: 'rum-',
  /**
   * Batched events (`POST /api/census/batch`, issue 20): at most `maxEvents` a request and `maxBytes` of
   * JSON (64 KiB, what a `keepalive` fetch may carry); the tracker sends what waits `delayMs` after the first.
   */
  batch: Object.freeze({
    maxEvents: 50,
    maxBytes: 65_536,
    delayMs: 1000,
  }),
  errorReporter: Object.freeze({
    maxSends: 20,
    maxQueued: 10,
    debounceMs: 1000,
    maxStackLength: 5000,
  }),
});

import { TRACKING_LIMITS } from '@tessera/core';

/** One encoded performance record: what `POST /api/1/performance/records` stores. */
export interface PerformanceRecord {
  pageLoadId: string;
  path: string;
  /** Web vitals and custom `rum-` marks by name (ms, CLS unitless). */
  metrics: Record<string, number>;
  /** Navigation timings (ms from the navigation start) and body sizes (bytes); first record only. */
  timings?: Record<string, number>;
}

export interface PerfRecorderOptions {
  pageLoadId: string;
  path: string;
  send: (records: PerformanceRecord[]) => void;
  /** Milliseconds since the page load finished when the recorder starts (delays count from load). */
  sinceLoadMs?: number;
  timings?: Record<string, number>;
  flushAfterMs?: number;
  metricWaitMs?: number;
}

export interface PerfRecorder {
  /** Adds or replaces a metric; ignored once the wait for metrics is over. */
  metric(name: string, value: number): void;
  /** The page hides or goes away: send what is pending now and stop waiting for metrics. */
  hidden(): void;
  close(): void;
  readonly closed: boolean;
}

/**
 * Performance records (SPEC §9): what has been measured is flushed 30 s after load; metrics that
 * come later (INP, a late LCP or CLS) are still accepted for up to 60 s after load and go in a
 * second record. When the page hides, everything pending is flushed at once and the wait ends.
 */
export function createPerfRecorder(options: PerfRecorderOptions): PerfRecorder {
  const since = options.sinceLoadMs ?? 0;
  let pending: Record<string, number> = {};
  let timings = options.timings;
  let closed = false;

  const flush = () => {
    if (Object.keys(pending).length === 0 && !timings) return;
    const record: PerformanceRecord = { pageLoadId: options.pageLoadId, path: options.path, metrics: pending };
    if (timings) record.timings = timings;
    pending = {};
    timings = undefined;
    options.send([record]);
  };
  const close = () => {
    if (closed) return;
    flush();
    closed = true;
    clearTimeout(first);
    clearTimeout(last);
  };
  const first = setTimeout(flush, Math.max(0, (options.flushAfterMs ?? TRACKING_LIMITS.performanceFlushMs) - since));
  const last = setTimeout(close, Math.max(0, (options.metricWaitMs ?? TRACKING_LIMITS.metricWaitMs) - since));

  return {
    metric(name, value) {
      if (closed || !Number.isFinite(value)) return;
      pending[name] = value;
    },
    hidden: close,
    close,
    get closed() {
      return closed;
    },
  };
}

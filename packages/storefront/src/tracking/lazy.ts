/**
 * The lazy vitals + reporter chunk, fetched once the page is idle: web vitals, `rum-` marks and
 * navigation timings as performance records, and the JavaScript error reporter.
 */
import { TRACKING_LIMITS, TRACKING_MESSAGES } from '@tessera/core';
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { createErrorReporter } from './error-reporter.js';
import { readCookie } from './identity.js';
import { createPerfRecorder, type PerformanceRecord } from './perf-recorder.js';
import { consentDeclined } from './transport.js';
import { CART_UPDATED_EVENT as CART_UPDATED } from '../cart-events.js';
import type { PageLoad, TrackerState } from './tracker.js';

/**
 * Sends performance records by beacon (a form carrying the crumb, since a beacon cannot set
 * headers), or by XHR with a text content type holding the JSON list when the beacon is refused.
 */
export function sendRecords(doc: Document, win: Window, records: PerformanceRecord[]): void {
  if (consentDeclined(doc)) return;
  const crumb = readCookie(doc, 'crumb') ?? '';
  const list = JSON.stringify(records);
  const url = '/api/1/performance/records';
  try {
    if (win.navigator.sendBeacon?.(url, new URLSearchParams({ crumb, records: list }))) return;
  } catch {
    // fall through to XHR
  }
  const xhr = new XMLHttpRequest();
  xhr.open('POST', url);
  xhr.setRequestHeader('Content-Type', 'text/plain;charset=UTF-8');
  xhr.setRequestHeader('X-CSRF-Token', crumb);
  xhr.send(list);
}

/** Navigation timings and body sizes of this page load (ms from navigation start, bytes). */
export function navigationTimings(win: Window): Record<string, number> | undefined {
  const nav = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!nav) return undefined;
  return {
    loadStart: nav.loadEventStart,
    loadEnd: nav.loadEventEnd,
    dns: nav.domainLookupEnd - nav.domainLookupStart,
    tcp: nav.connectEnd - nav.connectStart,
    tls: nav.secureConnectionStart > 0 ? nav.connectEnd - nav.secureConnectionStart : 0,
    responseStart: nav.responseStart,
    domContentLoaded: nav.domContentLoadedEventEnd,
    transferSize: nav.transferSize,
    encodedBodySize: nav.encodedBodySize,
    decodedBodySize: nav.decodedBodySize,
  };
}

async function fetchPageLoadId(): PageLoad {
  const response = await fetch('/api/1/performance/settings', {
    credentials: 'same-origin',
    signal: AbortSignal.timeout(TRACKING_LIMITS.requestTimeoutMs),
  });
  if (response.status !== 200) throw new Error(TRACKING_MESSAGES.httpStatus(response.status));
  const settings = (await response.json()) as { pageLoadId?: unknown; timeout?: unknown };
  if (typeof settings.pageLoadId !== 'string' || !settings.pageLoadId) throw new Error(TRACKING_MESSAGES.pageLoadId);
  return { pageLoadId: settings.pageLoadId, timeout: Number(settings.timeout) || TRACKING_LIMITS.performanceTimeoutMs };
}

/** Starts the performance records and the error reporter; resolves the page load id for the events. */
export function startLazyTracking(state: TrackerState): PageLoad {
  const { doc, win, kept, fail } = state;
  const path = win.location.pathname;
  const failWith = (error: unknown) => fail(error instanceof Error ? error.message : String(error));

  // JavaScript errors
  const reporter = createErrorReporter({
    path,
    send: (events) => {
      if (consentDeclined(doc)) return;
      const crumb = readCookie(doc, 'crumb') ?? '';
      fetch('/api/events/RecordJavascriptErrors', {
        method: 'POST',
        body: JSON.stringify(events),
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => {});
    },
  });

  // Performance: web vitals, rum- marks and navigation timings
  const early: Record<string, number> = {};
  let recorder: ReturnType<typeof createPerfRecorder> | undefined;
  const metric = (name: string, value: number) => {
    if (recorder) recorder.metric(name, value);
    else early[name] = value;
  };
  for (const on of [onLCP, onCLS, onFCP, onINP, onTTFB]) on((m) => metric(m.name, m.value), { reportAllChanges: true });
  const marks = (list: PerformanceEntryList) => {
    for (const entry of list)
      if (entry.name.startsWith(TRACKING_LIMITS.customMarkPrefix)) metric(entry.name, entry.startTime);
  };
  try {
    marks(win.performance.getEntriesByType('mark'));
    new PerformanceObserver((list) => marks(list.getEntries())).observe({ type: 'mark' });
  } catch {
    // no user timing in this browser
  }
  const pageLoad = fetchPageLoadId();
  pageLoad
    .then(({ pageLoadId, timeout }) => {
      const nav = navigationTimings(win);
      const loadEnd = nav?.loadEnd || win.performance.now();
      recorder = createPerfRecorder({
        pageLoadId,
        path,
        timings: nav,
        flushAfterMs: timeout,
        sinceLoadMs: Math.max(0, win.performance.now() - loadEnd),
        send: (records) => sendRecords(doc, win, records),
      });
      for (const [name, value] of Object.entries(early)) recorder.metric(name, value);
      if (doc.visibilityState === 'hidden') recorder.hidden();
    })
    .catch(failWith);
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') {
      recorder?.hidden();
      reporter.flush();
    }
  };
  doc.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', () => {
    recorder?.close();
    reporter.flush();
  });
  for (const event of kept) if (event.type !== CART_UPDATED) reporter.report(event);
  win.addEventListener('error', reporter.report);
  win.addEventListener('unhandledrejection', reporter.report);
  return pageLoad;
}

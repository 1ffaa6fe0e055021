/**
 * The page's event queue (issue 20): the hit and the schema events of a page travel together in one
 * `POST /api/census/batch` (`contracts/tracking.ts`), sent `delayMs` after the first one waits, at
 * once when `maxEvents` wait, when the page hides, and when the page's first events are in (`hold`).
 * Each event has an id of its own, so sending a batch again after a lost answer counts nothing twice;
 * the answer says per event what became of it, and only what the server asks for again is resent. A
 * server without the route (404, 405: an older one) gets the events one by one on their own routes.
 */
import { TRACKING_LIMITS, TRACKING_MESSAGES } from '@tessera/core';
import type { BatchEvent, TrackingBatchAnswer } from '@tessera/core/contracts/tracking';
import { newId, readCookie } from './identity.js';
import { consentDeclined } from './transport.js';

const { maxEvents, maxBytes, delayMs } = TRACKING_LIMITS.batch;
/** A failed batch is tried again this much later, each event at most `MAX_TRIES` times in all. */
const RETRY_MS = 5000;
const MAX_TRIES = 3;
/** `{"events":[` and `]}` around the events. */
const ENVELOPE = 13;

/** An event id: 8 hex digits of the time in seconds, then 12 random letters and digits. */
export function eventId(now = Date.now()): string {
  return (Math.floor(now / 1000) >>> 0).toString(16).padStart(8, '0') + newId();
}

interface Queued {
  event: BatchEvent;
  /** Sends it alone on its own route (older servers, events too large for a batch). */
  single: () => Promise<unknown>;
  bytes: number;
  tries: number;
}

export interface EventQueue {
  push(event: BatchEvent, single: () => Promise<unknown>): void;
  /** Keeps the queue from sending on its timer until the answered function is called (then it sends). */
  hold(): () => void;
  /** Sends everything waiting now. */
  flush(): void;
}

const encoder = new TextEncoder();

export function createEventQueue(doc: Document, win: Window, fail: (message: string) => void): EventQueue {
  let waiting: Queued[] = [];
  let holds = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let batchRoute = true;

  const schedule = (ms: number) => {
    if (timer === undefined && holds === 0 && waiting.length > 0) timer = setTimeout(flush, ms);
  };
  const alone = (list: Queued[]) => {
    for (const q of list) q.single().catch((error: Error) => fail(error.message));
  };

  async function send(list: Queued[]): Promise<void> {
    if (consentDeclined(doc)) return;
    if (!batchRoute) return alone(list);
    let status = 0;
    let answer: TrackingBatchAnswer | undefined;
    try {
      const response = await fetch('/api/census/batch', {
        method: 'POST',
        body: JSON.stringify({ events: list.map((q) => q.event) }),
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': readCookie(doc, 'crumb') ?? '' },
        credentials: 'same-origin',
        keepalive: true,
      });
      status = response.status;
      if (status === 202) answer = await response.json();
    } catch {
      status = 0; // no answer (or a cut one): send again, the ids keep it from counting twice
    }
    if (status === 404 || status === 405) {
      batchRoute = false;
      return alone(list);
    }
    let again = status === 0 || status === 429 || status >= 500 ? list : [];
    if (answer) {
      again = answer.results.filter((r) => r.retry).map((r) => list[r.index]);
      for (const r of answer.results) if (r.message) fail(r.message);
    } else if (again.length === 0) fail(TRACKING_MESSAGES.httpStatus(status));
    again = again.filter((q) => q && ++q.tries < MAX_TRIES);
    if (again.length > 0) {
      waiting = [...again, ...waiting];
      schedule(RETRY_MS);
    }
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length > 0) {
      let n = 0;
      let bytes = ENVELOPE;
      while (n < waiting.length && n < maxEvents && bytes + waiting[n].bytes + 1 <= maxBytes)
        bytes += waiting[n++].bytes + 1;
      const list = waiting.splice(0, Math.max(n, 1));
      if (n === 0) alone(list);
      else void send(list);
    }
  }

  win.addEventListener('pagehide', flush);
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && flush());

  return {
    push(event, single) {
      if (consentDeclined(doc)) return;
      waiting.push({ event, single, bytes: encoder.encode(JSON.stringify(event)).length, tries: 0 });
      if (waiting.length >= maxEvents) flush();
      else schedule(delayMs);
    },
    hold() {
      holds++;
      let held = true;
      return () => {
        if (held && --holds === 0) flush();
        held = false;
      };
    },
    flush,
  };
}

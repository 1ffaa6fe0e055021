// @vitest-environment happy-dom
import { CONSENT_COOKIE, TRACKING_LIMITS } from '@tessera/core';
import type { BatchEvent } from '@tessera/core/contracts/tracking';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventQueue, eventId } from './batch.js';
import { writeCookie } from './identity.js';

const { maxEvents, maxBytes, delayMs } = TRACKING_LIMITS.batch;

interface Sent {
  url: string;
  events: BatchEvent[];
  headers: Record<string, string>;
  keepalive: boolean | undefined;
}

/** What the server answers a batch: 202 with every event stored, unless a test says otherwise. */
type Answer = (events: BatchEvent[]) => Response | Promise<Response>;
const storedAll: Answer = (events) =>
  Response.json({ results: events.map((_, index) => ({ index, stored: true })) }, { status: 202 });

describe('the page event queue', () => {
  let sent: Sent[];
  let answer: Answer;
  let singles: string[];
  let failures: string[];

  const hit = (n = 1): BatchEvent => ({ type: 'hit', id: eventId(), data: JSON.stringify({ visitorId: 'v', n }) });
  const schema = (name = 'VisitPDP'): Extract<BatchEvent, { type: 'schema' }> => ({
    type: 'schema',
    id: eventId(),
    eventSchemaName: 'storefront-analytics-event',
    eventContent: JSON.stringify({ eventName: name }),
  });
  const queue = () => createEventQueue(document, window, (message) => failures.push(message));
  const push = (q: ReturnType<typeof queue>, event: BatchEvent) =>
    q.push(event, async () => {
      singles.push(event.id);
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    singles = [];
    failures = [];
    answer = storedAll;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const events = JSON.parse(String(init.body)).events as BatchEvent[];
        sent.push({ url, events, headers: init.headers as Record<string, string>, keepalive: init.keepalive });
        return answer(events);
      }),
    );
    for (const part of document.cookie.split('; ')) {
      const name = part.split('=')[0];
      if (name) writeCookie(document, name, '', 0);
    }
    writeCookie(document, 'crumb', 'c1', 60_000);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('makes ids of 8 hex digits of seconds and 12 random letters and digits', () => {
    const id = eventId(Date.UTC(2026, 10, 27) + 999);
    expect(id).toMatch(/^[0-9a-f]{8}[0-9a-z]{12}$/);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(Date.UTC(2026, 10, 27) / 1000);
    expect(eventId()).not.toBe(eventId());
  });

  it('sends what waits in one keepalive request with the crumb, the delay after the first event', async () => {
    const q = queue();
    const events = [hit(), schema(), schema('AddToCart')];
    push(q, events[0]);
    await vi.advanceTimersByTimeAsync(delayMs / 2);
    push(q, events[1]);
    push(q, events[2]);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(delayMs / 2);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/census/batch', events, keepalive: true });
    expect(sent[0].headers).toMatchObject({ 'Content-Type': 'application/json', 'X-CSRF-Token': 'c1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect([sent.length, singles, failures]).toEqual([1, [], []]);
  });

  it('waits while held and sends as soon as the hold ends; the page hiding does not wait', async () => {
    const q = queue();
    const release = q.hold();
    push(q, hit());
    await vi.advanceTimersByTimeAsync(delayMs * 3);
    expect(sent).toEqual([]);
    release();
    release(); // a second call changes nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);

    q.hold();
    push(q, schema());
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
  });

  it(`sends at once when ${maxEvents} wait, and never more than ${maxEvents} or ${maxBytes} bytes in one request`, async () => {
    const q = queue();
    for (let i = 0; i < maxEvents; i++) push(q, hit(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.events.length)).toEqual([maxEvents]);

    sent.length = 0;
    const big = (n: number): BatchEvent => ({ ...schema(), eventContent: `"${'é'.repeat(12_000)}${n}"` });
    const release = q.hold();
    for (let i = 0; i < 6; i++) push(q, big(i));
    release();
    await vi.advanceTimersByTimeAsync(0);
    // Each event is over 24,000 bytes of UTF-8 (12,000 characters): two a request.
    expect(sent.map((s) => s.events.length)).toEqual([2, 2, 2]);
    for (const s of sent)
      expect(new TextEncoder().encode(JSON.stringify({ events: s.events })).length).toBeLessThanOrEqual(maxBytes);
  });

  it('sends an event too large for any batch alone on its own route', async () => {
    const q = queue();
    const huge: BatchEvent = { ...schema(), eventContent: 'x'.repeat(maxBytes) };
    push(q, huge);
    push(q, hit());
    await vi.advanceTimersByTimeAsync(delayMs);
    expect(singles).toEqual([huge.id]);
    expect(sent.map((s) => s.events.length)).toEqual([1]);
  });

  it('falls back to the single routes, for good, when the server has no batch route', async () => {
    answer = () => new Response(null, { status: 404 });
    const q = queue();
    const events = [hit(), schema()];
    for (const event of events) push(q, event);
    await vi.advanceTimersByTimeAsync(delayMs);
    expect(singles).toEqual(events.map((e) => e.id));
    const later = schema('AddToCart');
    push(q, later);
    await vi.advanceTimersByTimeAsync(delayMs);
    expect(sent).toHaveLength(1);
    expect(singles).toEqual([...events, later].map((e) => e.id));
  });

  it('sends a batch again, same ids, when no answer came, and stops after three tries', async () => {
    let fails = 1;
    answer = (events) => {
      if (fails-- > 0) throw new TypeError('network');
      return storedAll(events);
    };
    const q = queue();
    const events = [hit(), schema()];
    for (const event of events) push(q, event);
    await vi.advanceTimersByTimeAsync(delayMs);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.map((s) => s.events)).toEqual([events, events]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);

    answer = () => new Response(null, { status: 503 });
    push(q, hit(2));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(5);
  });

  it('resends only what the answer asks for again, and reports refused events to the error hook', async () => {
    answer = (events) =>
      Response.json(
        {
          results: [
            { index: 0, stored: true },
            { index: 1, stored: false, retry: true },
            {
              index: 2,
              stored: false,
              error: 'invalid-event',
              message: 'Error tracking event: HTTP Status 400',
              details: 'x',
            },
            { index: 3, stored: false },
          ].slice(0, events.length),
        },
        { status: 202 },
      );
    const q = queue();
    const events = [hit(), schema(), schema('Bad'), hit(3)];
    for (const event of events) push(q, event);
    await vi.advanceTimersByTimeAsync(delayMs);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent.map((s) => s.events)).toEqual([events, [events[1]]]);
    expect(failures).toEqual(['Error tracking event: HTTP Status 400']);
  });

  it('sends nothing once the visitor declined', async () => {
    const q = queue();
    push(q, hit());
    writeCookie(document, CONSENT_COOKIE, 'declined', 60_000);
    push(q, hit());
    await vi.advanceTimersByTimeAsync(delayMs);
    expect([sent, singles]).toEqual([[], []]);
  });
});

import type { Visitor } from '../../../../test/visitor.js';

// Requests of the tracking tests (tracking-hits, tracking-events, tracking-rate-limits).

export const FORM = 'application/x-www-form-urlencoded';
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The data of a page view as the tracker sends it; `extra` overrides fields. */
export function hit(path: string, extra: Record<string, unknown> = {}) {
  return {
    visitorId: 'v1',
    visitStart: 1_700_000_000_000,
    analyticsId: 'a1',
    sessionId: 's1',
    path,
    query: '',
    referrer: 'https://search.example/?q=shirts',
    language: 'en-US',
    windowSize: '1280x900',
    pageType: 2,
    ...extra,
  };
}

/** Posts a page view as the tracker's beacon does (a form with the data as JSON). */
export function recordHit(visitor: Visitor, data: unknown) {
  return visitor.post('/api/census/RecordHit', form({ event: 'view', data: JSON.stringify(data) }), {
    contentType: FORM,
  });
}

/** A storefront analytics event in its schema envelope (of visitor `visitorId`, in session `sessionId`). */
export function analyticsEvent(eventName: string, data: Record<string, unknown>, sessionId = 's1', visitorId = 'v1') {
  return {
    eventSchemaName: 'storefront-analytics-event',
    eventContent: JSON.stringify({
      eventName,
      app: 'storefront',
      data,
      timestamp: Date.now(),
      context: { visitorId, sessionId, path: '/shop/p/linen-shirt' },
    }),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { TRACKING_BUDGET_FACTOR } from '../ingest-limits.js';
import { analyticsEvent, FORM, form, hit } from './tracking-helpers.js';

/** Every tracking route with a request it accepts (or refuses for its content, which still counts). */
const TRACKING_ROUTES: { method: 'GET' | 'POST'; path: string; body?: unknown; contentType?: string }[] = [
  {
    method: 'POST',
    path: '/api/census/RecordHit',
    body: form({ event: 'view', data: JSON.stringify(hit('/')) }),
    contentType: FORM,
  },
  { method: 'POST', path: '/api/census/button-click', body: form({ page: '/' }), contentType: FORM },
  { method: 'POST', path: '/api/census/button-render', body: form({ page: '/' }), contentType: FORM },
  { method: 'POST', path: '/api/census/overlay', body: form({ page: '/' }), contentType: FORM },
  { method: 'POST', path: '/api/census/form-render', body: form({ formId: 'f1' }), contentType: FORM },
  { method: 'POST', path: '/api/census/RecordQuickView/item-1', body: form({ page: '/' }), contentType: FORM },
  { method: 'POST', path: '/api/events/RecordEvent', body: form({ event: 'Tab', data: '{}' }), contentType: FORM },
  { method: 'POST', path: '/api/v1/clanker/events', body: analyticsEvent('VisitPDP', { itemId: 'i1' }) },
  {
    method: 'POST',
    path: '/api/v1/clanker/validate-event-content/storefront-analytics-event',
    body: { eventContent: analyticsEvent('VisitPDP', { itemId: 'i1' }).eventContent },
  },
  {
    method: 'POST',
    path: '/api/events/RecordJavascriptErrors',
    body: [{ event: 'JavascriptError', data: { message: 'x' }, timestamp: 1 }],
  },
  { method: 'GET', path: '/api/1/performance/settings' },
  { method: 'POST', path: '/api/1/performance/records', body: [{ pageLoadId: 'p', path: '/', metrics: { LCP: 1 } }] },
];

for (const dialect of DIALECTS) {
  describe(`tracking rate limits (${dialect})`, () => {
    let server: TestServer;

    beforeAll(async () => {
      // Cart writes 1 a minute: each tracking route then allows TRACKING_BUDGET_FACTOR (4).
      server = await startTestServer({ dialect, config: { rateLimit: { max: 1, timeWindowMs: 60_000 } } });
    });
    afterAll(async () => server?.close());

    it('finding 7: every tracking route is rate-limited per address, each on its own counter', async () => {
      const visitor = new Visitor(server.url);
      for (const route of TRACKING_ROUTES) {
        const send = () =>
          visitor.request(route.method, route.path, { body: route.body, contentType: route.contentType });
        const name = `${route.method} ${route.path}`;
        for (let i = 0; i < TRACKING_BUDGET_FACTOR; i++) expect((await send()).status, name).toBeLessThan(300);
        const limited = await send();
        expect(limited.status, name).toBe(429);
        expect(limited.body.error).toBe('rate-limited');
      }
    });
  });
}

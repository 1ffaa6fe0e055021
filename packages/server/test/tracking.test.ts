import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { TRACKING_BUDGET_FACTOR } from '../src/domains/tracking/ingest-limits.js';
import { createOwner, signInOwner } from './auth-helpers.js';
import { patchSiteSettings } from './site-settings.js';
import { Visitor } from './visitor.js';

const FORM = 'application/x-www-form-urlencoded';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function hit(path: string, extra: Record<string, unknown> = {}) {
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

function recordHit(visitor: Visitor, data: unknown) {
  return visitor.post('/api/census/RecordHit', form({ event: 'view', data: JSON.stringify(data) }), {
    contentType: FORM,
  });
}

function analyticsEvent(eventName: string, data: Record<string, unknown>, sessionId = 's1') {
  return {
    eventSchemaName: 'storefront-analytics-event',
    eventContent: JSON.stringify({
      eventName,
      app: 'storefront',
      data,
      timestamp: Date.now(),
      context: { visitorId: 'v1', sessionId, path: '/shop/p/linen-shirt' },
    }),
  };
}

for (const dialect of DIALECTS) {
  describe(`tracking (${dialect})`, () => {
    let server: TestServer;
    let owner: Visitor;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      await createOwner(server.db, {
        email: 'reports@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.REPORTING],
      });
      await createOwner(server.db, {
        email: 'editor@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.EDITOR],
      });
      await createOwner(server.db, {
        email: 'viewer@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.VIEWER],
      });
      owner = await signInOwner(server.url, 'reports@example.com', 'correct horse');
    });
    afterAll(async () => server?.close());

    it('stores hits and reports visits, visitors, sessions, pages, referrers and devices', async () => {
      const visitor = new Visitor(server.url);
      expect((await recordHit(visitor, hit('/'))).status).toBe(202);
      expect((await recordHit(visitor, hit('/shop', { referrer: `${server.url}/` }))).status).toBe(202);
      expect((await recordHit(visitor, hit('/shop', { visitorId: 'v2', sessionId: 's2', referrer: '' }))).status).toBe(
        202,
      );
      const phone = await visitor.post(
        '/api/census/RecordHit',
        form({ data: JSON.stringify(hit('/shop', { visitorId: 'v3', sessionId: 's3', windowSize: '390x844' })) }),
        { contentType: FORM, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile' } },
      );
      expect(phone.status).toBe(202);

      const report = await owner.get('/api/config/analytics/report');
      expect(report.status).toBe(200);
      expect(report.body.overview).toEqual({ pageViews: 4, visits: 3, uniqueVisitors: 3, sessions: 3 });
      expect(report.body.pages[0]).toEqual({ path: '/shop', pageViews: 3, visitors: 3 });
      expect(report.body.referrers).toEqual([{ host: 'search.example', visits: 2 }]);
      expect(report.body.devices).toEqual([
        { device: 'desktop', visits: 2, pageViews: 3 },
        { device: 'mobile', visits: 1, pageViews: 1 },
      ]);
      expect(report.body.range.timeZone).toBe('America/New_York');
    });

    it('skips /search, not-found, lock-screen and access-denied pages', async () => {
      const visitor = new Visitor(server.url);
      for (const [path, pageType] of [
        ['/search', 102],
        ['/nowhere', 100],
        ['/locked', 103],
        ['/members', 106],
      ] as const) {
        const answer = await recordHit(visitor, hit(path, { pageType, visitorId: 'skipped' }));
        expect(answer.status).toBe(202);
        expect(answer.body).toEqual({ stored: false });
      }
      const pages = await owner.get('/api/config/analytics/pages');
      expect(pages.body.pages.map((p: { path: string }) => p.path)).not.toContain('/search');
    });

    it('does not record signed-in owners, except viewer-only accounts outside /config', async () => {
      const editor = await signInOwner(server.url, 'editor@example.com', 'correct horse');
      expect((await recordHit(editor, hit('/editor-page'))).body).toEqual({ stored: false });
      const viewer = await signInOwner(server.url, 'viewer@example.com', 'correct horse');
      expect((await recordHit(viewer, hit('/viewer-page'))).body).toEqual({ stored: true });
      expect((await recordHit(viewer, hit('/config/pages'))).body).toEqual({ stored: false });
    });

    it('refuses bad payloads with a 400 and never a 500', async () => {
      const visitor = new Visitor(server.url);
      for (const body of [
        form({ data: 'not json' }),
        form({ data: '{"path":"no-slash","visitorId":"v"}' }),
        form({}),
      ]) {
        const answer = await visitor.post('/api/census/RecordHit', body, { contentType: FORM });
        expect(answer.status).toBe(400);
        expect(answer.body.error).toBe('invalid-body');
      }
      const errors = await visitor.post('/api/events/RecordJavascriptErrors', [{ nope: true }]);
      expect(errors.status).toBe(400);
      const records = await visitor.post('/api/1/performance/records', '[{"pageLoadId":', {
        contentType: 'text/plain',
      });
      expect(records.status).toBe(400);
      const noCrumb = await visitor.post('/api/census/RecordHit', form({ data: JSON.stringify(hit('/')) }), {
        contentType: FORM,
        crumb: false,
      });
      expect(noCrumb.status).toBe(403);
    });

    it('validates schema events with the SPEC messages and counts the commerce funnel and revenue', async () => {
      const visitor = new Visitor(server.url);
      const unknown = await visitor.post('/api/v1/clanker/events', { eventSchemaName: 'nope', eventContent: '{}' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Error tracking event: HTTP Status 404');
      const invalid = await visitor.post('/api/v1/clanker/events', analyticsEvent('AddToCart', { quantity: -1 }));
      expect(invalid.status).toBe(400);
      expect(invalid.body).toMatchObject({ error: 'invalid-event', message: 'Error tracking event: HTTP Status 400' });
      expect(invalid.body.details).toMatch(/data\.quantity/);

      const valid = analyticsEvent('AddToCart', {
        itemId: 'i1',
        sku: 'SKU',
        quantity: 2,
        valueCents: 4000,
        currency: 'USD',
      });
      const check = await visitor.post('/api/v1/clanker/validate-event-content/storefront-analytics-event', {
        eventContent: valid.eventContent,
      });
      expect(check.status).toBe(200);
      expect(check.body.valid).toBe(true);

      for (const body of [
        analyticsEvent('VisitPDP', { itemId: 'i1' }),
        analyticsEvent('VisitPDP', { itemId: 'i1' }, 's2'),
        valid,
        analyticsEvent('ViewCart', {}),
      ]) {
        expect((await visitor.post('/api/v1/clanker/events', body)).status).toBe(202);
      }
      const order = {
        eventSchemaName: 'commerce-order-event',
        eventContent: JSON.stringify({
          eventName: 'Order',
          orderId: 'o1',
          sessionId: 's1',
          valueCents: 4000,
          currency: 'USD',
        }),
      };
      expect((await visitor.post('/api/v1/clanker/events', order)).status).toBe(202);

      const commerce = await owner.get('/api/config/analytics/commerce');
      expect(commerce.status).toBe(200);
      // The order a visitor reports is a claim: stored, never counted as an order or revenue.
      expect(commerce.body.commerce.funnel).toEqual([
        { step: 'product view', event: 'VisitPDP', events: 2, sessions: 2 },
        { step: 'add to cart', event: 'AddToCart', events: 1, sessions: 1 },
        { step: 'checkout', event: 'Checkout', events: 0, sessions: 0 },
        { step: 'order', event: 'Order', events: 0, sessions: 0 },
      ]);
      expect(commerce.body.commerce.revenue).toEqual({ cents: 0, currency: 'USD', orders: 0 });
      expect(commerce.body.commerce.claims).toEqual({ orders: 1, cents: 4000 });
    });

    it('hands out page load ids and reports web vitals at p75 by page', async () => {
      const visitor = new Visitor(server.url);
      const settings = await visitor.get('/api/1/performance/settings');
      expect(settings.body).toMatchObject({ timeout: 30000 });
      expect(settings.body.pageLoadId).toMatch(/^[\w-]{16,}$/);
      const lcps = [1000, 2000, 3000, 4000];
      for (const [i, lcp] of lcps.entries()) {
        const records = [
          { pageLoadId: `pl${i}`, path: '/vitals', metrics: { LCP: lcp, CLS: 0.05 }, timings: { dns: 3 } },
        ];
        // XHR fallback: a JSON list as text/plain with the crumb header.
        const answer = await visitor.post('/api/1/performance/records', JSON.stringify(records), {
          contentType: 'text/plain',
        });
        expect(answer.status).toBe(202);
      }
      // Beacon: a form carrying the crumb and the list.
      const beacon = await visitor.post(
        '/api/1/performance/records',
        form({
          crumb: visitor.cookies.get('crumb') ?? '',
          records: JSON.stringify([{ pageLoadId: 'pl9', path: '/vitals', metrics: { INP: 80, 'rum-hero': 12 } }]),
        }),
        { contentType: FORM, crumb: false },
      );
      expect(beacon.status).toBe(202);
      const vitals = await owner.get('/api/config/analytics/web-vitals');
      const page = vitals.body.webVitals.find((p: { path: string }) => p.path === '/vitals');
      expect(page.p75).toEqual({ LCP: 3000, CLS: 0.05, FCP: null, INP: 80, TTFB: null });
      expect(page.samples).toBe(4);
      const stored = await server.db
        .selectFrom('tracking_metrics')
        .select('name')
        .where('name', 'in', ['nav.dns', 'rum-hero'])
        .execute();
      expect(stored.map((r) => r.name).sort()).toEqual(['nav.dns', 'nav.dns', 'nav.dns', 'nav.dns', 'rum-hero']);
    });

    it('groups JavaScript errors by message and cuts long stacks', async () => {
      const visitor = new Visitor(server.url);
      const error = (message: string, stack = 'at x') => ({
        event: 'JavascriptError',
        data: { message, stack, path: '/shop' },
        timestamp: 1,
      });
      const answer = await visitor.post('/api/events/RecordJavascriptErrors', [
        error('boom', 's'.repeat(9000)),
        error('boom'),
        error('other'),
      ]);
      expect(answer.status).toBe(202);
      const report = await owner.get('/api/config/analytics/errors');
      expect(report.body.errors.map((e: { message: string; count: number }) => [e.message, e.count])).toEqual([
        ['boom', 2],
        ['other', 1],
      ]);
      const stacks = await server.db
        .selectFrom('tracking_js_errors')
        .select('stack')
        .where('message', '=', 'boom')
        .execute();
      expect(Math.max(...stacks.map((s) => s.stack.length))).toBe(5000);
    });

    it('stores census and named events', async () => {
      const visitor = new Visitor(server.url);
      const fields = { visitorCookie: 'v9.1', page: '/shop' };
      for (const path of ['button-click', 'button-render', 'overlay']) {
        expect((await visitor.post(`/api/census/${path}`, form(fields), { contentType: FORM })).status).toBe(202);
      }
      expect(
        (
          await visitor.post('/api/census/form-render', form({ formId: 'f1', visitorCookie: 'v9.1' }), {
            contentType: FORM,
          })
        ).status,
      ).toBe(202);
      expect(
        (await visitor.post('/api/census/RecordQuickView/item-1', form({ page: '/shop' }), { contentType: FORM }))
          .status,
      ).toBe(202);
      const crumb = visitor.cookies.get('crumb') ?? '';
      const event = await visitor.post(
        '/api/events/RecordEvent',
        form({ crumb, event: 'ReviewsTab', data: '{"itemId":"i1"}' }),
        {
          contentType: FORM,
          crumb: false,
        },
      );
      expect(event.status).toBe(202);
      await owner.get('/api/config/analytics/overview');
      const rows = await server.db
        .selectFrom('tracking_events')
        .select(['source', 'name', 'item_id'])
        .where('source', 'in', ['census', 'event'])
        .execute();
      expect(rows.map((r) => `${r.source}:${r.name}:${r.item_id ?? ''}`).sort()).toEqual([
        'census:button-click:',
        'census:button-render:',
        'census:form-render:f1',
        'census:overlay:',
        'census:quick-view:item-1',
        'event:ReviewsTab:i1',
      ]);
    });

    it('keeps the owner figures to reporting roles and a valid range in the site zone', async () => {
      const anonymous = new Visitor(server.url);
      expect((await anonymous.get('/api/config/analytics/overview')).status).toBe(401);
      const editor = await signInOwner(server.url, 'editor@example.com', 'correct horse');
      expect((await editor.get('/api/config/analytics/overview')).status).toBe(403);
      const bad = await owner.get('/api/config/analytics/overview?from=2026-02-10&to=2026-02-01');
      expect(bad.status).toBe(400);
      const winter = await owner.get('/api/config/analytics/overview?from=2026-01-15&to=2026-01-15');
      expect(winter.body.range).toMatchObject({
        startUtc: '2026-01-15T05:00:00.000Z',
        endUtc: '2026-01-16T05:00:00.000Z',
      });
      expect(winter.body.overview.pageViews).toBe(0);
    });

    it('finding 7: revenue, orders and the funnel count only what the server recorded, not visitor claims', async () => {
      const figures = async () => {
        const commerce = (await owner.get('/api/config/analytics/commerce')).body.commerce;
        const today = (await owner.get('/api/config/analytics/daily')).body.daily.at(-1) ?? {};
        const step = (event: string) => commerce.funnel.find((f: { event: string }) => f.event === event).events;
        return {
          revenue: commerce.revenue.cents,
          orders: commerce.revenue.orders,
          checkouts: step('Checkout'),
          orderStep: step('Order'),
          claims: commerce.claims.orders,
          dailyOrders: today.orders ?? 0,
          dailyRevenue: today.revenueCents ?? 0,
        };
      };
      const before = await figures();
      const attacker = new Visitor(server.url);
      const claim = { valueCents: 5_000_000, currency: 'USD', sessionId: 'attack' };
      for (const event of ['Order', 'Checkout']) {
        const sent = await attacker.post('/api/events/RecordEvent', form({ event, data: JSON.stringify(claim) }), {
          contentType: FORM,
        });
        expect(sent.status).toBe(202);
      }
      const schemaClaim = await attacker.post('/api/v1/clanker/events', {
        eventSchemaName: 'commerce-order-event',
        eventContent: JSON.stringify({ eventName: 'Order', orderId: 'fake', ...claim }),
      });
      expect(schemaClaim.status).toBe(202);

      // A real order: the checkout page records Checkout, the order route records Order, both server-side.
      const buyer = new Visitor(server.url);
      const item = await server.db
        .selectFrom('items')
        .select('id')
        .where('url_id', '=', 'sticker-pack')
        .executeTakeFirstOrThrow();
      const added = await buyer.post('/api/commerce/shopping-cart/entries', {
        itemId: item.id,
        sku: 'STICKERS-BOT',
        quantity: 1,
      });
      expect(added.status).toBe(200);
      expect((await buyer.get('/checkout')).status).toBe(200);
      const placed = await buyer.post('/api/checkout/orders', {
        idempotencyKey: `finding-7-${Date.now()}`,
        email: 'buyer@example.com',
        name: 'Ada Buyer',
        line1: '1 Main St',
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
        paymentMethod: 'card',
        cardNumber: '4242 4242 4242 4242',
      });
      expect(placed.status).toBe(201);
      const total = placed.body.order.grandTotalCents as number;
      expect(total).toBeGreaterThan(0);

      const after = await figures();
      expect({
        revenue: after.revenue - before.revenue,
        orders: after.orders - before.orders,
        checkouts: after.checkouts - before.checkouts,
        orderStep: after.orderStep - before.orderStep,
        claims: after.claims - before.claims,
        dailyOrders: after.dailyOrders - before.dailyOrders,
        dailyRevenue: after.dailyRevenue - before.dailyRevenue,
      }).toEqual({
        revenue: total,
        orders: 1,
        checkouts: 1,
        orderStep: 1,
        claims: 2,
        dailyOrders: 1,
        dailyRevenue: total,
      });
      // The claims are kept, marked by where they came from.
      const stored = await server.db
        .selectFrom('tracking_events')
        .select(['source', 'name'])
        .where('session_id', '=', 'attack')
        .orderBy('source')
        .orderBy('name')
        .execute();
      expect(stored).toEqual([
        { source: 'event', name: 'Checkout' },
        { source: 'event', name: 'Order' },
        { source: 'schema', name: 'Order' },
      ]);
    });

    // Last: it switches tracking off for the whole site.
    it('records nothing once the site switches tracking off, and tells the page so', async () => {
      await patchSiteSettings(server.db, 'website', { trackingEnabled: false });
      const visitor = new Visitor(server.url);
      expect((await recordHit(visitor, hit('/after-switch'))).body).toEqual({ stored: false });
      const errors = await visitor.post('/api/events/RecordJavascriptErrors', [
        { event: 'JavascriptError', data: { message: 'off' }, timestamp: 1 },
      ]);
      expect(errors.body).toEqual({ stored: false });
      const page = await visitor.get('/');
      const context = JSON.parse(/id="tessera-context">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '{}');
      expect(context.trackingEnabled).toBe(false);
    });
  });
}

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

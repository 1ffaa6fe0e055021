import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { analyticsEvent, FORM, form } from './tracking-helpers.js';
import { cardOrder } from '../../../../test/checkout-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

for (const dialect of DIALECTS) {
  describe(`tracked events and figures (${dialect})`, () => {
    const suite = suiteServer(dialect, { owner: OWNERS.reporting });

    it('validates schema events with the SPEC messages and counts the commerce funnel and revenue', async () => {
      const visitor = new Visitor(suite.server.url);
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

      const commerce = await suite.owner.get('/api/config/analytics/commerce');
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
      const visitor = new Visitor(suite.server.url);
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
      const vitals = await suite.owner.get('/api/config/analytics/web-vitals');
      const page = vitals.body.webVitals.find((p: { path: string }) => p.path === '/vitals');
      expect(page.p75).toEqual({ LCP: 3000, CLS: 0.05, FCP: null, INP: 80, TTFB: null });
      expect(page.samples).toBe(4);
      const stored = await suite.server.db
        .selectFrom('tracking_metrics')
        .select('name')
        .where('name', 'in', ['nav.dns', 'rum-hero'])
        .execute();
      expect(stored.map((r) => r.name).sort()).toEqual(['nav.dns', 'nav.dns', 'nav.dns', 'nav.dns', 'rum-hero']);
    });

    it('groups JavaScript errors by message and cuts long stacks', async () => {
      const visitor = new Visitor(suite.server.url);
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
      const report = await suite.owner.get('/api/config/analytics/errors');
      expect(report.body.errors.map((e: { message: string; count: number }) => [e.message, e.count])).toEqual([
        ['boom', 2],
        ['other', 1],
      ]);
      const stacks = await suite.server.db
        .selectFrom('tracking_js_errors')
        .select('stack')
        .where('message', '=', 'boom')
        .execute();
      expect(Math.max(...stacks.map((s) => s.stack.length))).toBe(5000);
    });

    it('stores census and named events', async () => {
      const visitor = new Visitor(suite.server.url);
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
      await suite.owner.get('/api/config/analytics/overview');
      const rows = await suite.server.db
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

    it('finding 7: revenue, orders and the funnel count only what the server recorded, not visitor claims', async () => {
      const figures = async () => {
        const commerce = (await suite.owner.get('/api/config/analytics/commerce')).body.commerce;
        const today = (await suite.owner.get('/api/config/analytics/daily')).body.daily.at(-1) ?? {};
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
      const attacker = new Visitor(suite.server.url);
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
      const buyer = new Visitor(suite.server.url);
      const item = await suite.server.db
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
      const placed = await buyer.post('/api/checkout/orders', cardOrder({ idempotencyKey: `finding-7-${Date.now()}` }));
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
      const stored = await suite.server.db
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
  });
}

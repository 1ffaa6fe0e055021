import { WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// The figures the editor's Analytics and JavaScript errors panels draw: per-day series in the
// site's time zone and errors grouped by message and source file.

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

for (const dialect of DIALECTS) {
  describe(`owner analytics for the editor (${dialect})`, () => {
    let siteId: string;

    const hit = (createdAt: string, visitId: string, path = '/') => ({
      id: newId(),
      site_id: siteId,
      visitor_id: visitId.split('.')[0] ?? '',
      visit_id: visitId,
      session_id: visitId,
      analytics_id: 'a',
      path,
      query: '',
      referrer_host: '',
      device: 'desktop',
      page_type: null,
      landing: 0,
      language: 'en-US',
      created_at: createdAt,
    });
    const event = (createdAt: string, name: string, valueCents: number | null = null, source = 'schema') => ({
      id: newId(),
      site_id: siteId,
      source,
      name,
      visitor_id: 'v',
      session_id: 's',
      path: '/shop',
      item_id: null,
      value_cents: valueCents,
      currency: valueCents === null ? null : 'USD',
      data: '{}',
      created_at: createdAt,
    });
    const metric = (createdAt: string, name: string, value: number) => ({
      id: newId(),
      site_id: siteId,
      page_load_id: newId(),
      path: '/',
      name,
      value,
      created_at: createdAt,
    });

    const suite = suiteServer(dialect, {
      owner: { email: 'figures@example.com', password: 'correct horse', roles: [WebsiteRole.REPORTING] },
    });
    beforeAll(async () => {
      siteId = (await suite.server.db.selectFrom('sites').select('id').orderBy('created_at').executeTakeFirstOrThrow())
        .id;
    });

    it('counts page views, visits, the funnel, revenue and web-vitals p75 per day in the site zone', async () => {
      // New York (UTC-5 in January): 04:59Z is still the 14th there, 05:00Z is the 15th.
      await suite.server.db
        .insertInto('tracking_hits')
        .values([
          hit('2026-01-15T04:59:00.000Z', 'v1.1'),
          hit('2026-01-15T05:00:00.000Z', 'v1.2'),
          hit('2026-01-15T12:00:00.000Z', 'v1.2', '/shop'),
          hit('2026-01-15T13:00:00.000Z', 'v2.1'),
          hit('2026-01-17T04:00:00.000Z', 'v3.1'),
        ])
        .execute();
      await suite.server.db
        .insertInto('tracking_events')
        .values([
          event('2026-01-15T12:01:00.000Z', 'VisitPDP'),
          event('2026-01-15T12:02:00.000Z', 'VisitPDP'),
          event('2026-01-15T12:03:00.000Z', 'AddToCart', 1200),
          event('2026-01-15T12:04:00.000Z', 'Checkout', 1200, 'server'),
          event('2026-01-15T12:05:00.000Z', 'Order', 1200, 'server'),
          event('2026-01-15T15:05:00.000Z', 'Order', 800, 'server'),
          // Claims a visitor sent: stored, never counted (finding 7).
          event('2026-01-15T15:07:00.000Z', 'Order', 900_000, 'event'),
          event('2026-01-15T15:08:00.000Z', 'Checkout', 900_000, 'schema'),
          event('2026-01-15T15:06:00.000Z', 'ViewCart'),
        ])
        .execute();
      await suite.server.db
        .insertInto('tracking_metrics')
        .values([
          metric('2026-01-15T12:00:00.000Z', 'LCP', 1000),
          metric('2026-01-15T12:00:00.000Z', 'LCP', 2000),
          metric('2026-01-15T12:00:00.000Z', 'LCP', 3000),
          metric('2026-01-15T12:00:00.000Z', 'LCP', 4000),
          metric('2026-01-15T12:00:00.000Z', 'CLS', 0.1),
          metric('2026-01-15T12:00:00.000Z', 'nav.dns', 5),
        ])
        .execute();

      const answer = await suite.owner.get('/api/config/analytics/daily?from=2026-01-14&to=2026-01-16');
      expect(answer.status).toBe(200);
      expect(answer.body.range).toMatchObject({ from: '2026-01-14', to: '2026-01-16', timeZone: 'America/New_York' });
      const days = answer.body.daily as { date: string }[];
      // The 17th at 04:00Z is the 16th in New York.
      expect(days.map((d) => d.date)).toEqual(['2026-01-14', '2026-01-15', '2026-01-16']);
      expect(days[0]).toMatchObject({ pageViews: 1, visits: 1, orders: 0, revenueCents: 0 });
      expect(days[1]).toEqual({
        date: '2026-01-15',
        pageViews: 3,
        visits: 2,
        productViews: 2,
        addToCarts: 1,
        checkouts: 1,
        orders: 2,
        revenueCents: 2000,
        p75: { LCP: 3000, CLS: 0.1, FCP: null, INP: null, TTFB: null },
      });
      expect(days[2]).toMatchObject({ pageViews: 1, visits: 1 });

      const oneDay = await suite.owner.get('/api/config/analytics/daily?from=2026-01-15&to=2026-01-15');
      expect(oneDay.body.daily.map((d: { date: string }) => d.date)).toEqual(['2026-01-15']);
    });

    it('puts hits on the right side of a daylight-saving change', async () => {
      // 2026-03-08 is 23 hours long in New York: it ends at 04:00Z on the 9th, not 05:00Z.
      await suite.server.db
        .insertInto('tracking_hits')
        .values([hit('2026-03-09T03:59:00.000Z', 'v7.1'), hit('2026-03-09T04:30:00.000Z', 'v7.2')])
        .execute();
      const answer = await suite.owner.get('/api/config/analytics/daily?from=2026-03-08&to=2026-03-09');
      expect(answer.body.daily.map((d: { date: string; pageViews: number }) => [d.date, d.pageViews])).toEqual([
        ['2026-03-08', 1],
        ['2026-03-09', 1],
      ]);
    });

    it('refuses a reversed range or one longer than a year with a message', async () => {
      const reversed = await suite.owner.get('/api/config/analytics/daily?from=2026-02-10&to=2026-02-01');
      expect(reversed.status).toBe(400);
      expect(reversed.body.error).toBe('invalid-range');
      const long = await suite.owner.get('/api/config/analytics/daily?from=2024-01-01&to=2026-01-01');
      expect(long.status).toBe(400);
      expect(long.body).toEqual({ error: 'invalid-range', message: 'Choose at most 366 days for daily figures.' });
      const year = await suite.owner.get('/api/config/analytics/daily?from=2025-01-01&to=2025-12-31');
      expect(year.status).toBe(200);
    });

    it('finding 12: refuses ranges outside sane years, reversed or too long with 400 and a message', async () => {
      const cases: [string, string][] = [
        ['to=9999-12-31', 'Choose dates from 2000 through 2100.'],
        ['from=2026-01-01&to=9999-12-31', 'Choose dates from 2000 through 2100.'],
        ['from=0099-01-01&to=0099-01-02', 'Choose dates from 2000 through 2100.'],
        ['from=1999-12-31&to=2000-01-02', 'Choose dates from 2000 through 2100.'],
        ['from=2026-02-10&to=2026-02-01', 'Send from and to as YYYY-MM-DD dates, with from on or before to.'],
        ['from=2026-02-30', 'Send from and to as YYYY-MM-DD dates, with from on or before to.'],
        ['from=%E2%82%AC', 'Send from and to as YYYY-MM-DD dates, with from on or before to.'],
        ['from=2020-01-01&to=2026-01-01', 'Choose a range of at most 1096 days (three years).'],
      ];
      for (const name of ['overview', 'commerce', 'daily', 'report', 'errors']) {
        for (const [query, message] of cases) {
          const answer = await suite.owner.get(`/api/config/analytics/${name}?${query}`);
          expect(answer.status, `${name}?${query}`).toBe(400);
          expect(answer.body).toEqual({ error: 'invalid-range', message });
          expect(answer.headers.get('content-security-policy')).toBeTruthy();
        }
      }
      const longest = await suite.owner.get('/api/config/analytics/overview?from=2024-01-01&to=2026-12-31');
      expect(longest.status).toBe(200);
      const edges = await suite.owner.get('/api/config/analytics/overview?from=2000-01-01&to=2000-01-31');
      expect(edges.body.range).toMatchObject({ from: '2000-01-01', startUtc: '2000-01-01T05:00:00.000Z' });
      expect((await suite.owner.get('/api/config/analytics/overview?from=2100-12-01&to=2100-12-31')).status).toBe(200);
    });

    it('groups JavaScript errors by message and source with pages, browsers and first and last seen', async () => {
      const report = (agent: string, message: string, source: string, path: string) =>
        new Visitor(suite.server.url).post(
          '/api/events/RecordJavascriptErrors',
          [{ event: 'JavascriptError', data: { message, source, path, line: 3, column: 9 }, timestamp: 1 }],
          { headers: { 'user-agent': agent } },
        );
      expect((await report(CHROME, 'x is undefined', '/assets/a.js', '/shop')).status).toBe(202);
      expect((await report(CHROME, 'x is undefined', '/assets/a.js', '/shop')).status).toBe(202);
      expect((await report(FIREFOX, 'x is undefined', '/assets/a.js', '/cart')).status).toBe(202);
      expect((await report(FIREFOX, 'x is undefined', '/assets/b.js', '/')).status).toBe(202);

      const answer = await suite.owner.get('/api/config/analytics/errors');
      expect(answer.status).toBe(200);
      const [first, second] = answer.body.errors;
      expect(first).toMatchObject({
        message: 'x is undefined',
        source: '/assets/a.js',
        count: 3,
        pages: 2,
        paths: ['/shop', '/cart'],
        browsers: [
          { browser: 'Chrome 126', count: 2 },
          { browser: 'Firefox 128', count: 1 },
        ],
      });
      expect(first.firstSeen <= first.lastSeen).toBe(true);
      expect(Number.isNaN(Date.parse(first.firstSeen))).toBe(false);
      expect(second).toMatchObject({
        message: 'x is undefined',
        source: '/assets/b.js',
        count: 1,
        paths: ['/'],
        browsers: [{ browser: 'Firefox 128', count: 1 }],
      });
      expect(answer.body.errors).toHaveLength(2);
    });
  });
}

import { COMMERCE_EVENTS, WEB_VITALS } from '@tessera/core';
import type { ErrorGroup, FunnelStep, Overview, PageVitals } from '@tessera/core/contracts/analytics';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { browserOf } from './browser.js';
import { countedEvents } from './claims.js';
import type { ZonedRange } from './zoned-range.js';

/** Counts arrive as strings from PostgreSQL (bigint) and as numbers from SQLite. */
const num = (value: unknown): number => Number(value ?? 0) || 0;

/** The 75th percentile by nearest rank (what web-vitals reports use). */
export function p75(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)];
}

const FUNNEL = [
  { step: 'product view', event: COMMERCE_EVENTS.visitProduct },
  { step: 'add to cart', event: COMMERCE_EVENTS.addToCart },
  { step: 'checkout', event: COMMERCE_EVENTS.checkout },
  { step: 'order', event: COMMERCE_EVENTS.order },
] as const;

/** The owner's figures (`/api/config/analytics/*`) for one site and a range of days in its zone. */
export function createAnalyticsService(db: Kysely<Database>) {
  const hits = (siteId: string, range: ZonedRange) =>
    db
      .selectFrom('tracking_hits')
      .where('site_id', '=', siteId)
      .where('created_at', '>=', range.startUtc)
      .where('created_at', '<', range.endUtc);
  const events = (siteId: string, range: ZonedRange) =>
    db
      .selectFrom('tracking_events')
      .where('site_id', '=', siteId)
      .where('created_at', '>=', range.startUtc)
      .where('created_at', '<', range.endUtc);

  return {
    async overview(siteId: string, range: ZonedRange): Promise<Overview> {
      const row = await hits(siteId, range)
        .select((eb) => [
          eb.fn.countAll().as('pageViews'),
          eb.fn.count('visit_id').distinct().as('visits'),
          eb.fn.count('visitor_id').distinct().as('uniqueVisitors'),
          eb.fn.count('session_id').distinct().as('sessions'),
        ])
        .executeTakeFirst();
      return {
        pageViews: num(row?.pageViews),
        visits: num(row?.visits),
        uniqueVisitors: num(row?.uniqueVisitors),
        sessions: num(row?.sessions),
      };
    },

    async topPages(siteId: string, range: ZonedRange, limit = 10) {
      const rows = await hits(siteId, range)
        .select((eb) => ['path', eb.fn.countAll().as('pageViews'), eb.fn.count('visitor_id').distinct().as('visitors')])
        .groupBy('path')
        .orderBy('pageViews', 'desc')
        .orderBy('path')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ path: r.path, pageViews: num(r.pageViews), visitors: num(r.visitors) }));
    },

    async referrers(siteId: string, range: ZonedRange, limit = 10) {
      const rows = await hits(siteId, range)
        .where('referrer_host', '!=', '')
        .select((eb) => ['referrer_host', eb.fn.count('visit_id').distinct().as('visits')])
        .groupBy('referrer_host')
        .orderBy('visits', 'desc')
        .orderBy('referrer_host')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ host: r.referrer_host, visits: num(r.visits) }));
    },

    async devices(siteId: string, range: ZonedRange) {
      const rows = await hits(siteId, range)
        .select((eb) => ['device', eb.fn.count('visit_id').distinct().as('visits'), eb.fn.countAll().as('pageViews')])
        .groupBy('device')
        .orderBy('device')
        .execute();
      return rows.map((r) => ({ device: r.device, visits: num(r.visits), pageViews: num(r.pageViews) }));
    },

    /** The funnel and revenue from counted events only; visitor-sent checkouts and orders are `claims`. */
    async commerce(siteId: string, range: ZonedRange, currency: string) {
      const rows = await events(siteId, range)
        .where(
          'name',
          'in',
          FUNNEL.map((f) => f.event),
        )
        .where(countedEvents)
        .select((eb) => [
          'name',
          eb.fn.countAll().as('events'),
          eb.fn.count('session_id').distinct().as('sessions'),
          eb.fn.sum('value_cents').as('value'),
        ])
        .groupBy('name')
        .execute();
      const byName = new Map(rows.map((r) => [r.name, r]));
      const funnel: FunnelStep[] = FUNNEL.map(({ step, event }) => ({
        step,
        event,
        events: num(byName.get(event)?.events),
        sessions: num(byName.get(event)?.sessions),
      }));
      const orders = byName.get(COMMERCE_EVENTS.order);
      const claimed = await events(siteId, range)
        .where('name', '=', COMMERCE_EVENTS.order)
        .where('source', '!=', 'server')
        .select((eb) => [eb.fn.countAll().as('orders'), eb.fn.sum('value_cents').as('value')])
        .executeTakeFirst();
      return {
        funnel,
        revenue: { cents: num(orders?.value), currency, orders: num(orders?.events) },
        addToCartValueCents: num(byName.get(COMMERCE_EVENTS.addToCart)?.value),
        /** Orders visitors reported themselves: stored, never counted above. */
        claims: { orders: num(claimed?.orders), cents: num(claimed?.value) },
      };
    },

    async webVitals(siteId: string, range: ZonedRange) {
      const rows = await db
        .selectFrom('tracking_metrics')
        .select(['path', 'name', 'value'])
        .where('site_id', '=', siteId)
        .where('created_at', '>=', range.startUtc)
        .where('created_at', '<', range.endUtc)
        .where('name', 'in', [...WEB_VITALS])
        .execute();
      const byPath = new Map<string, Map<string, number[]>>();
      for (const row of rows) {
        let metrics = byPath.get(row.path);
        if (!metrics) byPath.set(row.path, (metrics = new Map()));
        const list = metrics.get(row.name) ?? [];
        list.push(Number(row.value));
        metrics.set(row.name, list);
      }
      return [...byPath.entries()]
        .map(([path, metrics]) => {
          const p75s = {} as PageVitals['p75'];
          let samples = 0;
          for (const name of WEB_VITALS) {
            const values = metrics.get(name) ?? [];
            p75s[name] = p75(values);
            samples = Math.max(samples, values.length);
          }
          return { path, samples, p75: p75s };
        })
        .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path));
    },

    /**
     * JavaScript errors grouped by message and source file: how often, on how many pages (and
     * which, most frequent first, at most 5), in which browsers, first and last seen.
     */
    async javascriptErrors(siteId: string, range: ZonedRange, limit = 20): Promise<ErrorGroup[]> {
      const inRange = db
        .selectFrom('tracking_js_errors')
        .where('site_id', '=', siteId)
        .where('created_at', '>=', range.startUtc)
        .where('created_at', '<', range.endUtc);
      const groups = await inRange
        .select((eb) => [
          'message',
          'source',
          eb.fn.countAll().as('count'),
          eb.fn.count('path').distinct().as('pages'),
          eb.fn.min('created_at').as('firstSeen'),
          eb.fn.max('created_at').as('lastSeen'),
          eb.fn.max('name').as('name'),
        ])
        .groupBy(['message', 'source'])
        .orderBy('count', 'desc')
        .orderBy('message')
        .orderBy('source')
        .limit(limit)
        .execute();
      if (groups.length === 0) return [];
      const details = await inRange
        .where(
          'message',
          'in',
          groups.map((g) => g.message),
        )
        .select((eb) => ['message', 'source', 'path', 'user_agent', eb.fn.countAll().as('count')])
        .groupBy(['message', 'source', 'path', 'user_agent'])
        .execute();
      const key = (message: string, source: string) => JSON.stringify([message, source]);
      const tally = new Map<string, { paths: Map<string, number>; browsers: Map<string, number> }>();
      for (const row of details) {
        const k = key(row.message, row.source);
        let found = tally.get(k);
        if (!found) tally.set(k, (found = { paths: new Map(), browsers: new Map() }));
        const count = num(row.count);
        found.paths.set(row.path, (found.paths.get(row.path) ?? 0) + count);
        const browser = browserOf(row.user_agent);
        found.browsers.set(browser, (found.browsers.get(browser) ?? 0) + count);
      }
      const ranked = (counts: Map<string, number> | undefined) =>
        [...(counts ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return groups.map((g) => {
        const found = tally.get(key(g.message, g.source));
        return {
          message: g.message,
          name: g.name ?? '',
          source: g.source,
          count: num(g.count),
          pages: num(g.pages),
          paths: ranked(found?.paths)
            .slice(0, 5)
            .map(([path]) => path),
          browsers: ranked(found?.browsers).map(([browser, count]) => ({ browser, count })),
          firstSeen: g.firstSeen,
          lastSeen: g.lastSeen,
        };
      });
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

import { COMMERCE_EVENTS, WEB_VITALS } from '@tessera/core';
import type { DailyFigures } from '@tessera/core/contracts/analytics';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { p75 } from './analytics-service.js';
import { countedEvents } from './claims.js';
import { type ZonedRange, zonedMidnightUtc } from './zoned-range.js';

/** Daily figures cover at most this many days (a CASE branch per day). */
export const MAX_DAILY_DAYS = 366;

const DAY_MS = 86_400_000;
const num = (value: unknown): number => Number(value ?? 0) || 0;

/** The days `from`..`to` (inclusive, YYYY-MM-DD). */
export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let ms = Date.parse(`${range.from}T00:00:00Z`); ms <= end; ms += DAY_MS) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * A SQL expression naming the local day (YYYY-MM-DD) of `created_at`: one branch per day ending at
 * the UTC instant of the next local midnight, so days of 23 or 25 hours (DST) come out right.
 */
function dayOf(range: ZonedRange): RawBuilder<string> {
  const branches = daysOf(range).map((day) => {
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const end = new Date(zonedMidnightUtc(next, range.timeZone)).toISOString();
    return sql`when created_at < ${end} then cast(${day} as varchar(10))`;
  });
  return sql<string>`case ${sql.join(branches, sql` `)} end`;
}

const FUNNEL_FIELDS = {
  [COMMERCE_EVENTS.visitProduct]: 'productViews',
  [COMMERCE_EVENTS.addToCart]: 'addToCarts',
  [COMMERCE_EVENTS.checkout]: 'checkouts',
  [COMMERCE_EVENTS.order]: 'orders',
} as const;

/**
 * Page views, visits, the funnel's events, revenue and web-vitals p75 per local day of `range`,
 * only for days that have any of them (the editor fills the empty days).
 */
export async function dailyFigures(db: Kysely<Database>, siteId: string, range: ZonedRange): Promise<DailyFigures[]> {
  const day = dayOf(range);
  // Grouped over a derived table: PostgreSQL does not see two parameterised CASEs as one expression.
  const hitRows = await db
    .selectFrom(
      db
        .selectFrom('tracking_hits')
        .where('site_id', '=', siteId)
        .where('created_at', '>=', range.startUtc)
        .where('created_at', '<', range.endUtc)
        .select([day.as('day'), 'visit_id'])
        .as('h'),
    )
    .select((eb) => ['h.day', eb.fn.countAll().as('pageViews'), eb.fn.count('h.visit_id').distinct().as('visits')])
    .groupBy('h.day')
    .execute();

  const eventRows = await db
    .selectFrom(
      db
        .selectFrom('tracking_events')
        .where('site_id', '=', siteId)
        .where('created_at', '>=', range.startUtc)
        .where('created_at', '<', range.endUtc)
        .where('name', 'in', Object.keys(FUNNEL_FIELDS))
        .where(countedEvents)
        .select([day.as('day'), 'name', 'value_cents'])
        .as('e'),
    )
    .select((eb) => ['e.day', 'e.name', eb.fn.countAll().as('events'), eb.fn.sum('e.value_cents').as('value')])
    .groupBy(['e.day', 'e.name'])
    .execute();

  const metricRows = await db
    .selectFrom('tracking_metrics')
    .where('site_id', '=', siteId)
    .where('created_at', '>=', range.startUtc)
    .where('created_at', '<', range.endUtc)
    .where('name', 'in', [...WEB_VITALS])
    .select([day.as('day'), 'name', 'value'])
    .execute();

  const byDay = new Map<string, Omit<DailyFigures, 'p75'> & { samples: Map<string, number[]> }>();
  const entry = (date: string) => {
    let found = byDay.get(date);
    if (!found) {
      found = {
        date,
        pageViews: 0,
        visits: 0,
        productViews: 0,
        addToCarts: 0,
        checkouts: 0,
        orders: 0,
        revenueCents: 0,
        samples: new Map(),
      };
      byDay.set(date, found);
    }
    return found;
  };
  for (const row of hitRows) {
    if (!row.day) continue;
    const figures = entry(row.day);
    figures.pageViews = num(row.pageViews);
    figures.visits = num(row.visits);
  }
  for (const row of eventRows) {
    if (!row.day) continue;
    const figures = entry(row.day);
    const field = FUNNEL_FIELDS[row.name as keyof typeof FUNNEL_FIELDS];
    figures[field] = num(row.events);
    if (row.name === COMMERCE_EVENTS.order) figures.revenueCents = num(row.value);
  }
  for (const row of metricRows) {
    if (!row.day) continue;
    const samples = entry(row.day).samples;
    const list = samples.get(row.name) ?? [];
    list.push(Number(row.value));
    samples.set(row.name, list);
  }
  return [...byDay.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ samples, ...figures }) => ({
      ...figures,
      p75: Object.fromEntries(WEB_VITALS.map((name) => [name, p75(samples.get(name) ?? [])])) as DailyFigures['p75'],
    }));
}

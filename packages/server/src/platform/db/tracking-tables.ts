import type { Insertable, Selectable } from 'kysely';

// Row types of migration 0004_tracking (also listed on `Database` in platform/db/schema.ts).

export interface TrackingHitsTable {
  id: string;
  site_id: string;
  visitor_id: string;
  /** `<visitorId>.<visit start ms>`: one visit per value. */
  visit_id: string;
  session_id: string;
  analytics_id: string;
  path: string;
  query: string;
  /** Host of the referring page; '' for direct visits and same-site navigation. */
  referrer_host: string;
  /** 'desktop', 'tablet' or 'mobile'. */
  device: string;
  page_type: number | null;
  landing: number;
  language: string;
  created_at: string;
}

export interface TrackingEventsTable {
  id: string;
  site_id: string;
  /** 'census', 'event' (RecordEvent), 'schema' (clanker events) or 'server'. */
  source: string;
  name: string;
  visitor_id: string;
  session_id: string;
  path: string;
  item_id: string | null;
  value_cents: number | null;
  currency: string | null;
  /** JSON of the event's own fields. */
  data: string;
  created_at: string;
}

export interface TrackingMetricsTable {
  id: string;
  site_id: string;
  page_load_id: string;
  path: string;
  /** LCP, CLS, FCP, INP, TTFB, a navigation timing (`nav.dns`…) or a `rum-` mark. */
  name: string;
  value: number;
  created_at: string;
}

export interface TrackingJsErrorsTable {
  id: string;
  site_id: string;
  message: string;
  name: string;
  stack: string;
  source: string;
  line: number | null;
  col: number | null;
  path: string;
  user_agent: string;
  created_at: string;
}

export interface TrackingTables {
  tracking_hits: TrackingHitsTable;
  tracking_events: TrackingEventsTable;
  tracking_metrics: TrackingMetricsTable;
  tracking_js_errors: TrackingJsErrorsTable;
}

export type TrackingTableName = keyof TrackingTables;
export type TrackingRow<T extends TrackingTableName> = Insertable<TrackingTables[T]>;
export type TrackingHitRow = Selectable<TrackingHitsTable>;

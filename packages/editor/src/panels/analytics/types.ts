import type { DailyFigures, FunnelStepFigures, VitalName } from './shape.js';

/** What `GET /api/config/analytics/*` answers with (docs/api.md, "Owner analytics"). */
export interface AnalyticsRange {
  from: string;
  to: string;
  timeZone: string;
}

export interface AnalyticsReport {
  range: AnalyticsRange;
  overview: { pageViews: number; visits: number; uniqueVisitors: number; sessions: number };
  pages: { path: string; pageViews: number; visitors: number }[];
  referrers: { host: string; visits: number }[];
  devices: { device: string; visits: number; pageViews: number }[];
  commerce: {
    funnel: FunnelStepFigures[];
    revenue: { cents: number; currency: string; orders: number };
    addToCartValueCents: number;
  };
  webVitals: { path: string; samples: number; p75: Partial<Record<VitalName, number | null>> }[];
}

export interface DailyAnswer {
  range: AnalyticsRange;
  daily: DailyFigures[];
}

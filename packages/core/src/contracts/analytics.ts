import { z } from 'zod';
import { WEB_VITALS } from '../tracking/commerce-events.js';

// The owner's analytics (`GET /api/config/analytics/*`, reporting role; docs/api.md "Owner
// analytics"): figures for a range of calendar days in the site's time zone.

/** The query of every analytics route: `from` and `to` as YYYY-MM-DD (the last 7 days by default). */
export const rangeQuery = z.object({
  from: z.string().max(32).optional(),
  to: z.string().max(32).optional(),
});

/** The range the figures cover: days in the site's zone, and the UTC instants they start and end at. */
export const analyticsRange = z
  .object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    /** First instant of `from` (inclusive), ISO UTC. */
    startUtc: z.string(),
    /** First instant of the day after `to` (exclusive), ISO UTC. */
    endUtc: z.string(),
  })
  .strict();

const count = z.number().int().min(0);
/** The 75th percentile of each web vital; null where no page sent that metric. */
const vitalsP75 = z.record(z.enum(WEB_VITALS), z.number().nullable());

export const overview = z.object({ pageViews: count, visits: count, uniqueVisitors: count, sessions: count }).strict();
export const pageFigures = z.object({ path: z.string(), pageViews: count, visitors: count }).strict();
export const referrerFigures = z.object({ host: z.string(), visits: count }).strict();
export const deviceFigures = z.object({ device: z.string(), visits: count, pageViews: count }).strict();
/** One step of the sales funnel: its counted events and the sessions they came from. */
export const funnelStep = z.object({ step: z.string(), event: z.string(), events: count, sessions: count }).strict();
export const commerceFigures = z
  .object({
    funnel: z.array(funnelStep),
    revenue: z.object({ cents: z.number().int(), currency: z.string(), orders: count }).strict(),
    addToCartValueCents: z.number().int(),
    /** Orders visitors reported themselves: stored, never counted above. */
    claims: z.object({ orders: count, cents: z.number().int() }).strict(),
  })
  .strict();
export const pageVitals = z.object({ path: z.string(), samples: count, p75: vitalsP75 }).strict();
/** One group of JavaScript errors: by message and source file. */
export const errorGroup = z
  .object({
    message: z.string(),
    name: z.string(),
    source: z.string(),
    count,
    pages: count,
    /** The pages it happened on, most frequent first (at most 5). */
    paths: z.array(z.string()),
    browsers: z.array(z.object({ browser: z.string(), count }).strict()),
    firstSeen: z.string(),
    lastSeen: z.string(),
  })
  .strict();

/** One calendar day of the range that had any traffic, sales or web-vitals samples. */
export const dailyFigures = z
  .object({
    /** YYYY-MM-DD in the site's zone. */
    date: z.string(),
    pageViews: count,
    visits: count,
    productViews: count,
    addToCarts: count,
    checkouts: count,
    orders: count,
    revenueCents: z.number().int(),
    p75: vitalsP75,
  })
  .strict();

const withRange = <T extends z.ZodRawShape>(shape: T) => z.object({ range: analyticsRange, ...shape }).strict();

/** The answer of each single-figure route, `GET /api/config/analytics/<name>`. */
export const figureAnswers = {
  overview: withRange({ overview }),
  pages: withRange({ pages: z.array(pageFigures) }),
  referrers: withRange({ referrers: z.array(referrerFigures) }),
  devices: withRange({ devices: z.array(deviceFigures) }),
  commerce: withRange({ commerce: commerceFigures }),
  'web-vitals': withRange({ webVitals: z.array(pageVitals) }),
  errors: withRange({ errors: z.array(errorGroup) }),
} as const;

/** `GET /api/config/analytics/daily`: the days with figures, in date order (days without any left out). */
export const dailyAnswer = withRange({ daily: z.array(dailyFigures) });

/** `GET /api/config/analytics/report`: every figure at once. */
export const reportAnswer = withRange({
  overview,
  pages: z.array(pageFigures),
  referrers: z.array(referrerFigures),
  devices: z.array(deviceFigures),
  commerce: commerceFigures,
  webVitals: z.array(pageVitals),
  errors: z.array(errorGroup),
});

export type AnalyticsRange = z.infer<typeof analyticsRange>;
export type Overview = z.infer<typeof overview>;
export type FunnelStep = z.infer<typeof funnelStep>;
export type PageVitals = z.infer<typeof pageVitals>;
export type ErrorGroup = z.infer<typeof errorGroup>;
export type DailyFigures = z.infer<typeof dailyFigures>;
export type DailyAnswer = z.infer<typeof dailyAnswer>;
export type ReportAnswer = z.infer<typeof reportAnswer>;
export type ErrorsAnswer = z.infer<typeof figureAnswers.errors>;

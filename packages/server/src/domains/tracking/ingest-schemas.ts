import { z } from 'zod';

// Shapes of what the browser tracker sends (packages/storefront/src/tracking). Strings are
// bounded so one request cannot store unbounded text; unknown fields are ignored.

const id = z.string().max(96);
const text = (max: number) => z.string().max(max);

/** The `data` JSON of `POST /api/census/RecordHit` (SPEC §3 site-event fields). */
export const hitData = z.object({
  visitorId: id.min(1),
  visitStart: z.number().int().nonnegative(),
  newVisit: z.boolean().optional(),
  analyticsId: id.default(''),
  sessionId: id.default(''),
  marketingId: id.optional(),
  firstSession: z.boolean().optional(),
  landing: z.boolean().optional(),
  websiteId: id.optional(),
  pageType: z.number().int().optional(),
  host: text(255).optional(),
  path: text(2048).startsWith('/'),
  query: text(2048).default(''),
  referrer: text(2048).default(''),
  language: text(35).default(''),
  locale: text(35).optional(),
  windowSize: text(32).optional(),
  timestamp: z.number().optional(),
});
export type HitData = z.infer<typeof hitData>;

/** Form fields of `POST /api/census/RecordHit`. */
export const recordHitForm = z.object({
  event: text(64).default('view'),
  data: text(16_384),
  ss_cvr: text(200).optional(),
});

/** Form fields of the census calls for buttons and overlays. */
export const censusForm = z.object({
  visitorCookie: text(200).default(''),
  page: text(2048).default(''),
  buttonText: text(200).optional(),
  href: text(2048).optional(),
  overlayId: text(96).optional(),
});

export const formRenderForm = z.object({ formId: id.min(1), visitorCookie: text(200).default('') });

/** Form fields of `POST /api/events/RecordEvent`: the event name and its JSON data. */
export const recordEventForm = z
  .object({ event: z.string().min(1).max(64), data: text(16_384).default('{}') })
  .catchall(z.string().max(2048));

/** One entry of `POST /api/events/RecordJavascriptErrors`. */
export const javascriptErrorEvent = z.object({
  event: text(64),
  data: z.object({
    message: z.string().max(2000),
    name: text(128).optional(),
    stack: z.string().max(20_000).optional(),
    source: text(2048).optional(),
    line: z.number().int().optional(),
    column: z.number().int().optional(),
    path: text(2048).optional(),
  }),
  timestamp: z.number(),
});
export const javascriptErrors = z.array(javascriptErrorEvent).min(1).max(20);

/** One encoded performance record (packages/storefront/src/tracking/perf-recorder.ts). */
export const performanceRecord = z.object({
  pageLoadId: id.min(1),
  path: text(2048).startsWith('/'),
  metrics: z.record(text(64), z.number().finite()).refine((m) => Object.keys(m).length <= 64, 'Too many metrics.'),
  timings: z
    .record(text(64), z.number().finite())
    .refine((m) => Object.keys(m).length <= 32, 'Too many timings.')
    .optional(),
});
export const performanceRecords = z.array(performanceRecord).min(1).max(10);

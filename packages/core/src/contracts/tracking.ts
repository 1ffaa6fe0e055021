import { z } from 'zod';
import { TRACKING_LIMITS } from '../tracking/constants.js';

// Batched tracking events (`POST /api/census/batch`, issue 20): a page's hit, its schema events and its
// census calls (button and form renders, overlays, quick views) in one request. Each event is checked on its own, by the rules of its single route
// (`POST /api/census/RecordHit`, `POST /api/v1/clanker/events`), and answered on its own, so one bad
// event costs only itself. Every event carries an id the browser made; the server stores an id once
// per site, so a batch sent again (its answer lost on the way) is not counted twice.

const { maxEvents } = TRACKING_LIMITS.batch;

/**
 * The browser's id of one event: 8 hex digits of its Unix seconds, then 8 to 24 random letters,
 * digits, `-` or `_`. The time first keeps a batch's rows together in the table's index.
 */
export const BATCH_EVENT_ID = /^[0-9a-f]{8}[0-9A-Za-z_-]{8,24}$/;

const eventId = z
  .string({ error: 'Send id as text.' })
  .regex(BATCH_EVENT_ID, 'Send id as 8 hex digits of the time in seconds and 8 to 24 random letters or digits.');

/** A page hit: `data` is the JSON text RecordHit's `data` field carries. */
export const batchHit = z.object({
  type: z.literal('hit'),
  id: eventId,
  data: z.string({ error: 'Send data as the JSON text of the hit.' }).max(16_384, 'data is too long.'),
});

/** A schema event: the two fields of `POST /api/v1/clanker/events`. */
export const batchSchemaEvent = z.object({
  type: z.literal('schema'),
  id: eventId,
  eventSchemaName: z.string({ error: 'Send eventSchemaName as text.' }).min(1).max(128),
  eventContent: z.string({ error: 'Send eventContent as JSON text.' }).max(32_768, 'eventContent is too long.'),
});

/** The census calls that may travel in a batch, by the name of their single route. */
export const BATCH_CENSUS_NAMES = ['button-render', 'form-render', 'overlay', 'quick-view'] as const;
export type BatchCensusName = (typeof BATCH_CENSUS_NAMES)[number];

/**
 * A census call: `fields` are the form fields of its single route (`POST /api/census/button-render`,
 * `form-render`, `overlay`; for `quick-view` the product's `id` of `POST /api/census/RecordQuickView/:id`),
 * checked by that route's rules.
 */
export const batchCensusEvent = z.object({
  type: z.literal('census'),
  id: eventId,
  name: z.enum(BATCH_CENSUS_NAMES, { error: `Send name as one of ${BATCH_CENSUS_NAMES.join(', ')}.` }),
  fields: z.record(z.string(), z.string(), { error: 'Send fields as an object of texts.' }).default({}),
});

export const batchEvent = z.discriminatedUnion('type', [batchHit, batchSchemaEvent, batchCensusEvent], {
  error: 'Send each event as an object with type "hit", "schema" or "census".',
});
export type BatchEvent = z.infer<typeof batchEvent>;

const eventList = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'Send events as a list.' })
    .min(1, 'Send at least one event.')
    .max(maxEvents, `Send at most ${maxEvents} events in one batch.`);

/** The request as published: up to `TRACKING_LIMITS.batch.maxEvents` events. */
export const trackingBatchBody = z.object(
  { events: eventList(batchEvent) },
  { error: 'Send a JSON object with events.' },
);

/** What the route parses first: the list and its length; each event is then checked with `batchEvent`. */
export const trackingBatchEnvelope = z.object(
  { events: eventList(z.unknown()) },
  { error: 'Send a JSON object with events.' },
);

/**
 * The answer for one event, by its place in the request. `stored: false` without `error`: not recorded
 * by the tracking rules (tracking off, a signed-in owner, a declined visitor, no page view on /search).
 * `error` with `message` and `details`: refused, as its single route refuses it; never send it again.
 * `retry`: the server could not take it now; send it again later (same id).
 */
export const batchResult = z.object({
  index: z.number().int().nonnegative(),
  stored: z.boolean(),
  error: z.enum(['invalid-event', 'unknown-event-schema']).optional(),
  message: z.string().optional(),
  details: z.string().optional(),
  retry: z.literal(true).optional(),
});
export type BatchResult = z.infer<typeof batchResult>;

/** 202: one result per event, in the order sent. */
export const trackingBatchAnswer = z.object({ results: z.array(batchResult) });
export type TrackingBatchAnswer = z.infer<typeof trackingBatchAnswer>;

// ---- Single beacons (`/api/census/*`, `/api/events/*`, `/api/v1/clanker/*`, `/api/1/performance/*`) ----

/**
 * 202 of each single beacon: whether it was recorded (`stored: false`: not by the tracking rules —
 * tracking off, a signed-in owner, no page view on that path).
 */
export const beaconAnswer = z.object({ stored: z.boolean() }).strict();
export type BeaconAnswer = z.infer<typeof beaconAnswer>;

/** 202 of `POST /api/events/RecordJavascriptErrors`: with `count`, the errors recorded. */
export const javascriptErrorsAnswer = z
  .object({ stored: z.boolean(), count: z.int().nonnegative().optional() })
  .strict();

/** `POST /api/census/RecordQuickView/:id`: the id of the product shown. */
const quickViewId = 'Send the id of the product shown.';
export const quickViewParams = z.object({
  id: z.string({ error: quickViewId }).min(1, quickViewId).max(64, quickViewId),
});

/** `POST /api/v1/clanker/validate-event-content/:schemaName`: the content fits the schema (else 400 or 404). */
export const eventValidation = z.object({ valid: z.literal(true), eventSchemaName: z.string() }).strict();

/** `GET /api/1/performance/settings`: the id of this page load and how long to wait for its metrics (ms). */
export const performanceSettings = z.object({ pageLoadId: z.string(), timeout: z.int().positive() }).strict();
export type PerformanceSettings = z.infer<typeof performanceSettings>;

import { COMMERCE_EVENTS } from '@tessera/core';
import { type ZodType, z } from 'zod';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../platform/http/json-depth.js';
import { describeZodError } from '../../platform/http/validate.js';
import type { TrackingRow } from '../../platform/db/tracking-tables.js';
import { fastAnalyticsEvent } from './fast-ingest.js';

/**
 * Schemas of the schema-event endpoint (`POST /api/v1/clanker/events`): each registered name has
 * a zod schema for its `eventContent` and says how a valid event becomes a `tracking_events` row.
 */
export interface EventSchema<T = unknown> {
  name: string;
  content: ZodType<T>;
  toRow(content: T): Omit<TrackingRow<'tracking_events'>, 'id' | 'site_id' | 'source' | 'created_at'>;
  /**
   * Optional fast check of `eventContent` (issue 20): what `content` would answer for input it
   * certainly accepts, undefined otherwise (then `content` decides, with its own messages).
   */
  fast?: (eventContent: string) => T | undefined;
}

const money = {
  valueCents: z.number().int().nonnegative().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
};

const commerceData = z.object({
  itemId: z.string().min(1).max(64).optional(),
  sku: z.string().max(64).optional(),
  productType: z.number().int().optional(),
  quantity: z.number().int().positive().optional(),
  orderId: z.string().max(64).optional(),
  ...money,
});

/** The analytics event payload of SPEC §3: event name, app, data, page load id, timestamp, context. */
const analyticsEvent = z.object({
  eventName: z.string().min(1).max(64),
  app: z.string().min(1).max(32),
  data: z.record(z.string(), z.unknown()),
  pageLoadId: z.string().max(96).optional(),
  timestamp: z.number(),
  context: z
    .object({
      accountId: z.string().max(96).optional(),
      websiteId: z.string().max(96).optional(),
      memberId: z.string().max(96).optional(),
      templateId: z.string().max(96).optional(),
      pageType: z.number().int().optional(),
      platform: z.string().max(32).optional(),
      language: z.string().max(35).optional(),
      timeZone: z.string().max(64).optional(),
      visitorId: z.string().max(96).optional(),
      analyticsId: z.string().max(96).optional(),
      sessionId: z.string().max(96).optional(),
      path: z.string().max(2048).optional(),
    })
    .default({}),
});
type AnalyticsEvent = z.infer<typeof analyticsEvent>;

const COMMERCE_NAMES: ReadonlySet<string> = new Set(Object.values(COMMERCE_EVENTS));

/** Commerce events must carry the commerce fields in the right shape; other names pass as they are. */
const storefrontAnalyticsEvent = analyticsEvent.superRefine((event, ctx) => {
  if (!COMMERCE_NAMES.has(event.eventName)) return;
  const data = commerceData.safeParse(event.data);
  if (!data.success) {
    for (const issue of data.error.issues) ctx.addIssue({ ...issue, path: ['data', ...issue.path] } as never);
  }
});

function analyticsRow(event: AnalyticsEvent) {
  const data = event.data as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    name: event.eventName,
    visitor_id: event.context.visitorId ?? '',
    session_id: event.context.sessionId ?? '',
    path: event.context.path ?? '',
    item_id: str(data.itemId),
    value_cents: typeof data.valueCents === 'number' ? data.valueCents : null,
    currency: str(data.currency),
    data: JSON.stringify({ app: event.app, pageLoadId: event.pageLoadId, data: event.data, context: event.context }),
  };
}

export const STOREFRONT_ANALYTICS_EVENT: EventSchema<AnalyticsEvent> = {
  name: 'storefront-analytics-event',
  content: storefrontAnalyticsEvent as unknown as ZodType<AnalyticsEvent>,
  toRow: analyticsRow,
  fast: (text) => fastAnalyticsEvent(text, COMMERCE_NAMES) as AnalyticsEvent | undefined,
};

/**
 * Checkout and order milestones sent by a browser. Kept as claims: the server records the real ones
 * itself (`recordServerEvent`), and only those count in the owner's figures (`claims.ts`).
 */
const orderEvent = z.object({
  eventName: z.enum([COMMERCE_EVENTS.checkout, COMMERCE_EVENTS.order]),
  orderId: z.string().max(64).optional(),
  cartId: z.string().max(64).optional(),
  visitorId: z.string().max(96).optional(),
  sessionId: z.string().max(96).optional(),
  valueCents: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
type OrderEvent = z.infer<typeof orderEvent>;

export const COMMERCE_ORDER_EVENT: EventSchema<OrderEvent> = {
  name: 'commerce-order-event',
  content: orderEvent,
  toRow: (event) => ({
    name: event.eventName,
    visitor_id: event.visitorId ?? '',
    session_id: event.sessionId ?? '',
    path: '',
    item_id: event.orderId ?? null,
    value_cents: event.valueCents,
    currency: event.currency,
    data: JSON.stringify(event),
  }),
};

export type EventCheck =
  | { ok: true; schema: EventSchema; content: unknown }
  | { ok: false; status: 400 | 404; details: string };

/** The registry: a name → schema table (extend it with `register`). */
export class EventSchemaRegistry {
  readonly #schemas = new Map<string, EventSchema>();

  register<T>(schema: EventSchema<T>): this {
    this.#schemas.set(schema.name, schema as EventSchema);
    return this;
  }

  names(): string[] {
    return [...this.#schemas.keys()].sort();
  }

  /** Validates `eventContent` (a JSON string) against the schema called `name`. */
  check(name: string, eventContent: string): EventCheck {
    const schema = this.#schemas.get(name);
    if (!schema) return { ok: false, status: 404, details: `No event schema is registered as "${name}".` };
    const fast = schema.fast?.(eventContent);
    if (fast !== undefined) return { ok: true, schema, content: fast };
    if (nestsDeeperThan(eventContent)) {
      return { ok: false, status: 400, details: `eventContent nests more than ${MAX_JSON_DEPTH} levels deep.` };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(eventContent);
    } catch {
      return { ok: false, status: 400, details: 'eventContent is not valid JSON.' };
    }
    const result = schema.content.safeParse(parsed);
    if (!result.success) return { ok: false, status: 400, details: describeZodError(result.error) };
    return { ok: true, schema, content: result.data };
  }
}

export function defaultEventSchemas(): EventSchemaRegistry {
  return new EventSchemaRegistry().register(STOREFRONT_ANALYTICS_EVENT).register(COMMERCE_ORDER_EVENT);
}

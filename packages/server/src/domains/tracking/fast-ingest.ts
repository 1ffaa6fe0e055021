import type { HitData } from './ingest-schemas.js';

// Fast paths of the ingestion routes (issue 20). Each one accepts only input it can vouch for
// entirely: a value it returns is what the zod schema of `ingest-schemas.ts` would answer for the
// same input (fast-ingest.test.ts compares them on generated input). Anything else — a missing or
// mistyped field, a nested value, an unknown shape — gets `undefined`, and the route goes the
// ordinary way (zod, `parseClientJson`), so bad input is answered exactly as before.

type Json = Record<string, unknown>;

const isString = (v: unknown, max: number, min = 0): v is string =>
  typeof v === 'string' && v.length <= max && v.length >= min;
const optionalString = (v: unknown, max: number) => v === undefined || isString(v, max);
const optionalBoolean = (v: unknown) => v === undefined || typeof v === 'boolean';
const optionalInt = (v: unknown) => v === undefined || Number.isSafeInteger(v);

/** True when `value` is a plain JSON object whose values are all strings, numbers, booleans or null. */
function flatObject(value: unknown): value is Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) {
    const v = (value as Json)[key];
    if (typeof v === 'object' && v !== null) return false;
  }
  return true;
}

/**
 * The `data` text of a RecordHit form (`event`, `data`, `ss_cvr`), when the form is certainly valid
 * for `recordHitForm`.
 */
export function fastHitFormData(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const form = body as Json;
  if (!isString(form.data, 16_384)) return undefined;
  if (!optionalString(form.event, 64) || !optionalString(form.ss_cvr, 200)) return undefined;
  return form.data;
}

/**
 * `hitData.parse(JSON.parse(text))` for a flat JSON object (nothing nested, so the depth limit of
 * `parseClientJson` cannot apply) that `hitData` accepts; undefined for anything else.
 */
export function fastHitData(text: string): HitData | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!flatObject(value)) return undefined;
  const v = value;
  if (!isString(v.visitorId, 96, 1)) return undefined;
  if (!Number.isSafeInteger(v.visitStart) || (v.visitStart as number) < 0) return undefined;
  if (!isString(v.path, 2048) || !v.path.startsWith('/')) return undefined;
  if (
    !optionalBoolean(v.newVisit) ||
    !optionalString(v.analyticsId, 96) ||
    !optionalString(v.sessionId, 96) ||
    !optionalString(v.marketingId, 96) ||
    !optionalBoolean(v.firstSession) ||
    !optionalBoolean(v.landing) ||
    !optionalString(v.websiteId, 96) ||
    !optionalInt(v.pageType) ||
    !optionalString(v.host, 255) ||
    !optionalString(v.query, 2048) ||
    !optionalString(v.referrer, 2048) ||
    !optionalString(v.language, 35) ||
    !optionalString(v.locale, 35) ||
    !optionalString(v.windowSize, 32) ||
    !(v.timestamp === undefined || (typeof v.timestamp === 'number' && Number.isFinite(v.timestamp)))
  ) {
    return undefined;
  }
  const hit: Json = {
    visitorId: v.visitorId,
    visitStart: v.visitStart,
    analyticsId: v.analyticsId ?? '',
    sessionId: v.sessionId ?? '',
    path: v.path,
    query: v.query ?? '',
    referrer: v.referrer ?? '',
    language: v.language ?? '',
  };
  for (const key of OPTIONAL_HIT_KEYS) if (v[key] !== undefined) hit[key] = v[key];
  return hit as HitData;
}

const OPTIONAL_HIT_KEYS = [
  'newVisit',
  'marketingId',
  'firstSession',
  'landing',
  'websiteId',
  'pageType',
  'host',
  'locale',
  'windowSize',
  'timestamp',
] as const;

/** `http(s)://host` followed by the end or a path, query or fragment; the host in plain ASCII. */
const SIMPLE_URL = /^https?:\/\/([A-Za-z0-9.-]+)(?:[/?#]|$)/i;
/** A last label the URL standard reads as a number, which turns the host into an IPv4 address. */
const NUMERIC_LABEL = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/i;

/**
 * The host `new URL(referrer).host.toLowerCase()` gives, read straight from a plain
 * `http(s)://name/…` referrer; undefined when the URL parser is needed (ports, user info, IPv4 and
 * IPv6 addresses, international names, anything unusual).
 */
export function simpleReferrerHost(referrer: string): string | undefined {
  const match = SIMPLE_URL.exec(referrer);
  if (!match) return undefined;
  const host = match[1];
  if (host.startsWith('.') || host.includes('..') || NUMERIC_LABEL.test(host) || /xn--/i.test(host)) return undefined;
  return host.toLowerCase();
}

/** The body of `POST /api/v1/clanker/events` when it is certainly valid (`eventSchemaName`, `eventContent`). */
export function fastSchemaEventBody(body: unknown): { eventSchemaName: string; eventContent: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Json;
  if (!isString(b.eventSchemaName, 128, 1) || !isString(b.eventContent, 32_768)) return undefined;
  return { eventSchemaName: b.eventSchemaName, eventContent: b.eventContent };
}

const CONTEXT_TEXT: ReadonlyArray<readonly [string, number]> = [
  ['accountId', 96],
  ['websiteId', 96],
  ['memberId', 96],
  ['templateId', 96],
  ['platform', 32],
  ['language', 35],
  ['timeZone', 64],
  ['visitorId', 96],
  ['analyticsId', 96],
  ['sessionId', 96],
  ['path', 2048],
];

/** What `commerceData` (event-schemas.ts) accepts, for flat `data`. */
function commerceDataOk(d: Json): boolean {
  return (
    (d.itemId === undefined || isString(d.itemId, 64, 1)) &&
    optionalString(d.sku, 64) &&
    optionalInt(d.productType) &&
    (d.quantity === undefined || (Number.isSafeInteger(d.quantity) && (d.quantity as number) > 0)) &&
    optionalString(d.orderId, 64) &&
    (d.valueCents === undefined || (Number.isSafeInteger(d.valueCents) && (d.valueCents as number) >= 0)) &&
    (d.currency === undefined || (typeof d.currency === 'string' && /^[A-Z]{3}$/.test(d.currency)))
  );
}

/**
 * The storefront analytics event (`eventContent` of `storefront-analytics-event`) as its zod schema
 * would answer it, for a flat event (`data` and `context` hold no nested values, so the depth limit
 * cannot apply) that the schema accepts, commerce fields included; undefined for anything else.
 * `commerceNames` are the event names whose `data` must carry commerce fields in the right shape.
 */
export function fastAnalyticsEvent(text: string, commerceNames: ReadonlySet<string>): Json | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Json;
  for (const key in v) {
    const field = v[key];
    if (key !== 'data' && key !== 'context' && typeof field === 'object' && field !== null) return undefined;
  }
  if (!isString(v.eventName, 64, 1) || !isString(v.app, 32, 1)) return undefined;
  if (!optionalString(v.pageLoadId, 96)) return undefined;
  if (typeof v.timestamp !== 'number' || !Number.isFinite(v.timestamp)) return undefined;
  const data = v.data;
  if (!flatObject(data) || Object.hasOwn(data, '__proto__')) return undefined;
  if (commerceNames.has(v.eventName) && !commerceDataOk(data)) return undefined;
  const context: Json = {};
  if (v.context !== undefined) {
    const c = v.context;
    if (!flatObject(c) || !optionalInt(c.pageType)) return undefined;
    if (c.pageType !== undefined) context.pageType = c.pageType;
    for (const [key, max] of CONTEXT_TEXT) {
      const field = c[key];
      if (field === undefined) continue;
      if (!isString(field, max)) return undefined;
      context[key] = field;
    }
  }
  const event: Json = { eventName: v.eventName, app: v.app, data: { ...data }, timestamp: v.timestamp, context };
  if (v.pageLoadId !== undefined) event.pageLoadId = v.pageLoadId;
  return event;
}

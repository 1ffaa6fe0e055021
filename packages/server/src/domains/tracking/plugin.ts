import { shouldRecordPageView, TRACKING_LIMITS, TRACKING_MESSAGES } from '@tessera/core';
import {
  beaconAnswer,
  eventValidation,
  javascriptErrorsAnswer,
  performanceSettings,
  quickViewParams,
} from '@tessera/core/contracts/tracking';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { loadOwner, OWNER_COOKIE } from '../auth/index.js';
import type { ContentService } from '../content/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { AppError } from '../../platform/errors/aliases.js';
import { parseClientJson } from '../../platform/http/json-depth.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';
import { registerAnalyticsRoutes } from './analytics-routes.js';
import { registerBatchRoute } from './batch-route.js';
import { BatchWriter } from './batch-writer.js';
import { CENSUS_FIELDS, type CensusName, censusCall, censusRow } from './census.js';
import { fastHitData, fastHitFormData, fastSchemaEventBody } from './fast-ingest.js';
import { hitRow, refererPath, trackingScopes, userAgent } from './ingest.js';
import { trackingRowId } from './row-ids.js';
import { defaultEventSchemas, type EventSchemaRegistry } from './event-schemas.js';
import {
  censusForm,
  formRenderForm,
  hitData,
  javascriptErrors,
  performanceRecords,
  recordEventForm,
  recordHitForm,
} from './ingest-schemas.js';
import { trackingLimits } from './ingest-limits.js';

export interface TrackingPluginOptions {
  content: ContentService;
  /** Schema-event registry (defaults to the storefront analytics and order events). */
  eventSchemas?: EventSchemaRegistry;
  /** Batch writer tuning (flush interval and size). */
  flushIntervalMs?: number;
  flushRows?: number;
}

const ACCEPTED = { stored: true } as const;
/** The 202 answer of a beacon: recorded or not. */
const accepted = { 202: beaconAnswer };
const SKIPPED = { stored: false } as const;

/**
 * Records a server-side tracking event (an order placed, a checkout started) straight away,
 * without the buffer; the checkout calls this so the owner's funnel and revenue count it.
 */
export async function recordServerEvent(
  db: Kysely<Database>,
  event: {
    siteId: string;
    name: string;
    valueCents?: number;
    currency?: string;
    itemId?: string;
    sessionId?: string;
    data?: unknown;
  },
): Promise<void> {
  await db
    .insertInto('tracking_events')
    .values({
      id: newId(),
      site_id: event.siteId,
      source: 'server',
      name: event.name,
      visitor_id: '',
      session_id: event.sessionId ?? '',
      path: '',
      item_id: event.itemId ?? null,
      value_cents: event.valueCents ?? null,
      currency: event.currency ?? null,
      data: JSON.stringify(event.data ?? {}),
      created_at: nowIso(),
    })
    .execute();
}

/** A JSON text field of a tracking form (`data`, `records`): invalid or too deeply nested is a 400. */
const parseJsonText = parseClientJson;

/**
 * First-party tracking (SPEC §7 "Tracking and error reporting"): the census, event, schema-event,
 * JavaScript-error and performance endpoints the storefront tracker calls, stored in batches, and
 * the owner's analytics under `/api/config/analytics/*`. Visitors of sites that switched tracking
 * off (`trackingEnabled: false`) and signed-in owners (SPEC §6) are not recorded.
 */
export default async function trackingPlugin(app: FastifyInstance, options: TrackingPluginOptions): Promise<void> {
  const { content } = options;
  const schemas = options.eventSchemas ?? defaultEventSchemas();
  const writer = new BatchWriter(app.db, {
    intervalMs: options.flushIntervalMs ?? 1000,
    maxRows: options.flushRows ?? 500,
    onError: (error) => app.log.error({ err: error }, 'tracking batch could not be stored'),
  });
  const limit = trackingLimits(app);
  app.addHook('onClose', async () => {
    await writer.close();
  });

  // Performance records come as `text/plain` (XHR fallback) holding a JSON list.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      done(null, text.trim() === '' ? undefined : parseClientJson(text, 'The request body'));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });

  // The site of the request when it may be tracked from the page at `path`; undefined when the
  // site turned tracking off or the request comes from a signed-in owner (SPEC §6).
  const scopes = trackingScopes({
    siteForHost: (host) => content.getSiteForHost(host),
    ownerRoles: async (request) => (request.cookies[OWNER_COOKIE] ? (await loadOwner(request))?.roles : undefined),
  });
  const { trackedScope } = scopes;

  // ---- census ----
  app.post(
    '/api/census/RecordHit',
    { ...limit('hit'), config: { contract: { body: recordHitForm, response: accepted } } },
    async (request, reply) => {
      // The usual hit takes the fast path; anything it cannot vouch for is checked by zod as always.
      const text = fastHitFormData(request.body);
      const data =
        (text === undefined ? undefined : fastHitData(text)) ??
        parseInput(hitData, parseJsonText(parseInput(recordHitForm, request.body).data, 'data'), 'hit data');
      const pageScope = { path: data.path, pageType: data.pageType };
      const scope = shouldRecordPageView(pageScope) ? await trackedScope(request, data.path) : undefined;
      if (!scope) return reply.code(202).send(SKIPPED);
      writer.add('tracking_hits', hitRow(scope, trackingRowId(), data, request));
      return reply.code(202).send(ACCEPTED);
    },
  );

  /** A census call on its own route: checked by its form, stored unless its page is not tracked. */
  async function recordCensus(request: FastifyRequest, name: CensusName, input: unknown, what?: string) {
    const call = censusCall(name, parseInput(CENSUS_FIELDS[name], input, what), request);
    const scope = call.tracked ? await trackedScope(request, call.path) : undefined;
    if (!scope) return SKIPPED;
    writer.add('tracking_events', censusRow(scope, trackingRowId(), name, call.fields));
    return ACCEPTED;
  }
  for (const name of ['button-click', 'button-render', 'overlay'] as const) {
    app.post(
      `/api/census/${name}`,
      { ...limit(name), config: { contract: { body: censusForm, response: accepted } } },
      async (request, reply) => reply.code(202).send(await recordCensus(request, name, request.body)),
    );
  }

  app.post(
    '/api/census/form-render',
    { ...limit('form-render'), config: { contract: { body: formRenderForm, response: accepted } } },
    async (request, reply) => reply.code(202).send(await recordCensus(request, 'form-render', request.body)),
  );

  app.post(
    '/api/census/RecordQuickView/:id',
    { ...limit('quick-view'), config: { contract: { params: quickViewParams, response: accepted } } },
    async (request, reply) =>
      reply.code(202).send(await recordCensus(request, 'quick-view', request.params, 'address')),
  );

  // ---- named site events ----
  app.post(
    '/api/events/RecordEvent',
    { ...limit('event'), config: { contract: { body: recordEventForm, response: accepted } } },
    async (request, reply) => {
      const { event, data, crumb: _crumb, ...extra } = parseInput(recordEventForm, request.body);
      const payload = parseJsonText(data, 'data');
      const path = refererPath(request);
      const scope = await trackedScope(request, path);
      if (!scope) return reply.code(202).send(SKIPPED);
      const fields = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
      writer.add('tracking_events', {
        id: trackingRowId(),
        site_id: scope.siteId,
        source: 'event',
        name: event,
        visitor_id: typeof fields.visitorId === 'string' ? fields.visitorId.slice(0, 64) : '',
        session_id: typeof fields.sessionId === 'string' ? fields.sessionId.slice(0, 64) : '',
        path,
        item_id: typeof fields.itemId === 'string' ? fields.itemId.slice(0, 64) : null,
        value_cents: Number.isInteger(fields.valueCents) ? (fields.valueCents as number) : null,
        currency: typeof fields.currency === 'string' ? fields.currency.slice(0, 3) : null,
        data: JSON.stringify({ ...extra, data: payload }),
        created_at: scope.now,
      });
      return reply.code(202).send(ACCEPTED);
    },
  );

  // ---- schema events ----
  const schemaEventBody = z.object({
    eventSchemaName: z.string().min(1).max(128),
    eventContent: z.string().max(32_768),
  });

  function schemaFailure(reply: FastifyReply, status: 400 | 404, details: string) {
    return reply.code(status).send({
      error: status === 404 ? 'unknown-event-schema' : 'invalid-event',
      message: TRACKING_MESSAGES.httpStatus(status),
      details,
    });
  }

  app.post(
    '/api/v1/clanker/events',
    { ...limit('schema-event'), config: { contract: { body: schemaEventBody, response: accepted } } },
    async (request, reply) => {
      const body = fastSchemaEventBody(request.body) ?? parseInput(schemaEventBody, request.body);
      const check = schemas.check(body.eventSchemaName, body.eventContent);
      if (!check.ok) return schemaFailure(reply, check.status, check.details);
      const row = check.schema.toRow(check.content);
      const scope = await trackedScope(request, row.path || refererPath(request));
      if (!scope) return reply.code(202).send(SKIPPED);
      writer.add('tracking_events', {
        id: trackingRowId(),
        site_id: scope.siteId,
        source: 'schema',
        created_at: scope.now,
        ...row,
      });
      return reply.code(202).send(ACCEPTED);
    },
  );

  const validateEventBody = z.object({ eventContent: z.string().max(32_768) });
  app.post<{ Params: { schemaName: string } }>(
    '/api/v1/clanker/validate-event-content/:schemaName',
    { ...limit('validate-event'), config: { contract: { body: validateEventBody, response: eventValidation } } },
    async (request, reply) => {
      const body = parseInput(validateEventBody, request.body);
      const check = schemas.check(request.params.schemaName, body.eventContent);
      if (!check.ok) return schemaFailure(reply, check.status, check.details);
      return { valid: true, eventSchemaName: request.params.schemaName };
    },
  );

  // ---- JavaScript errors ----
  app.post(
    '/api/events/RecordJavascriptErrors',
    {
      ...limit('js-errors'),
      config: { contract: { body: javascriptErrors, response: { 202: javascriptErrorsAnswer } } },
    },
    async (request, reply) => {
      const list = parseInput(javascriptErrors, request.body);
      const scope = await trackedScope(request, refererPath(request));
      if (!scope) return reply.code(202).send(SKIPPED);
      const agent = userAgent(request);
      for (const { data } of list) {
        writer.add('tracking_js_errors', {
          id: trackingRowId(),
          site_id: scope.siteId,
          message: data.message,
          name: data.name ?? '',
          stack: (data.stack ?? '').slice(0, TRACKING_LIMITS.errorReporter.maxStackLength),
          source: data.source ?? '',
          line: data.line ?? null,
          col: data.column ?? null,
          path: data.path ?? refererPath(request),
          user_agent: agent,
          created_at: scope.now,
        });
      }
      return reply.code(202).send({ stored: true, count: list.length });
    },
  );

  // ---- performance ----
  app.get(
    '/api/1/performance/settings',
    { ...limit('performance-settings'), config: { contract: { response: performanceSettings } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { pageLoadId: newToken(), timeout: TRACKING_LIMITS.performanceTimeoutMs };
    },
  );

  app.post(
    '/api/1/performance/records',
    { ...limit('performance-records'), config: { contract: { body: performanceRecords, response: accepted } } },
    async (request, reply) => {
      // A JSON list (XHR, text/plain or JSON), or a beacon's form with the list in `records`.
      let body: unknown = request.body;
      if (body && typeof body === 'object' && !Array.isArray(body) && 'records' in body) {
        const records = (body as { records: unknown }).records;
        body = typeof records === 'string' ? parseJsonText(records, 'records') : records;
      }
      const records = parseInput(performanceRecords, body, 'list of performance records');
      const scope = await trackedScope(request, records[0].path);
      if (!scope) return reply.code(202).send(SKIPPED);
      for (const record of records) {
        const add = (name: string, value: number) =>
          writer.add('tracking_metrics', {
            id: trackingRowId(),
            site_id: scope.siteId,
            page_load_id: record.pageLoadId,
            path: record.path,
            name,
            value,
            created_at: scope.now,
          });
        for (const [name, value] of Object.entries(record.metrics)) add(name, value);
        for (const [name, value] of Object.entries(record.timings ?? {})) add(`nav.${name}`, value);
      }
      return reply.code(202).send(ACCEPTED);
    },
  );

  registerBatchRoute(app, { writer, schemas, scopes, limit });
  registerAnalyticsRoutes(app, content, writer);
}

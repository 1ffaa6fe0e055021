import { hash } from 'node:crypto';
import { shouldRecordPageView, TRACKING_LIMITS, TRACKING_MESSAGES } from '@tessera/core';
import {
  type BatchResult,
  batchEvent,
  trackingBatchAnswer,
  trackingBatchBody,
  trackingBatchEnvelope,
} from '@tessera/core/contracts/tracking';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError, isAppError } from '../../platform/errors/aliases.js';
import { countPerAddressBy } from '../../platform/http/rate-limit.js';
import { describeZodError, parseInput } from '../../platform/http/validate.js';
import type { BatchWriter } from './batch-writer.js';
import { CENSUS_FIELDS, censusCall, censusRow } from './census.js';
import type { EventSchemaRegistry } from './event-schemas.js';
import { hitRow, parseHitText, type RequestScope, refererPath, type Scopes } from './ingest.js';
import { TRACKING_BUDGET_FACTOR } from './ingest-limits.js';

export interface BatchRouteOptions {
  writer: BatchWriter;
  schemas: EventSchemaRegistry;
  scopes: Scopes;
  limit: (name: string) => { onRequest: onRequestHookHandler };
}

/**
 * The row id of a browser's event id on a site: the id's 8 hex digits of time (so a batch's rows go
 * to the end of the index together), then 16 hex digits of a hash of the site and the whole id. The
 * same event sent again gets the same row id, which the batch writer stores once; two sites never
 * share one.
 */
export function batchRowId(siteId: string, eventId: string): string {
  return eventId.slice(0, 8) + hash('sha1', `${siteId}\n${eventId}`, 'hex').slice(0, 16);
}

function refused(index: number, status: 400 | 404, details: string): BatchResult {
  return {
    index,
    stored: false,
    error: status === 404 ? 'unknown-event-schema' : 'invalid-event',
    message: TRACKING_MESSAGES.httpStatus(status),
    details,
  };
}

/** Buffered: stored; the buffer full (the database far behind): not now, send it again. */
const taken = (index: number, buffered: boolean): BatchResult =>
  buffered ? { index, stored: true } : { index, stored: false, retry: true };

/**
 * `POST /api/census/batch` (issue 20): a page's hit, schema events and census calls in one request, each checked by
 * the rules of its single route and answered by its place in the list (`contracts/tracking.ts`). The
 * crumb, the consent, the owner and page-type skip rules are those of the single routes. The request
 * counts against a per-address limit of requests and each event against one of events, so batching is
 * no way around the limits; over the event limit the whole batch is refused (429) and nothing stored.
 */
export function registerBatchRoute(app: FastifyInstance, options: BatchRouteOptions): void {
  const { writer, schemas, scopes, limit } = options;
  const countEvents = countPerAddressBy(app, {
    name: 'track-batch-events',
    // As many events as a hit and a schema event route take together.
    max: app.config.rateLimit.max * TRACKING_BUDGET_FACTOR * 2,
    timeWindowMs: app.config.rateLimit.timeWindowMs,
  });

  function one(request: FastifyRequest, scope: RequestScope | undefined, index: number, item: unknown): BatchResult {
    const parsed = batchEvent.safeParse(item);
    if (!parsed.success) return refused(index, 400, describeZodError(parsed.error));
    const event = parsed.data;
    if (event.type === 'hit') {
      let data: ReturnType<typeof parseHitText>;
      try {
        data = parseHitText(event.data);
      } catch (error) {
        if (isAppError(error)) return refused(index, 400, error.message);
        throw error;
      }
      if (!scope || !shouldRecordPageView({ path: data.path, pageType: data.pageType }))
        return { index, stored: false };
      if (!scopes.tracksPath(scope, data.path)) return { index, stored: false };
      const row = hitRow(scope, batchRowId(scope.siteId, event.id), data, request);
      return taken(index, writer.add('tracking_hits', row, true));
    }
    if (event.type === 'census') {
      const fields = CENSUS_FIELDS[event.name].safeParse(event.fields);
      if (!fields.success) return refused(index, 400, describeZodError(fields.error));
      const call = censusCall(event.name, fields.data, request);
      if (!scope || !call.tracked || !scopes.tracksPath(scope, call.path)) return { index, stored: false };
      const row = censusRow(scope, batchRowId(scope.siteId, event.id), event.name, call.fields);
      return taken(index, writer.add('tracking_events', row, true));
    }
    const check = schemas.check(event.eventSchemaName, event.eventContent);
    if (!check.ok) return refused(index, check.status, check.details);
    const row = check.schema.toRow(check.content);
    if (!scope || !scopes.tracksPath(scope, row.path || refererPath(request))) return { index, stored: false };
    const id = batchRowId(scope.siteId, event.id);
    return taken(
      index,
      writer.add(
        'tracking_events',
        { id, site_id: scope.siteId, source: 'schema', created_at: scope.now, ...row },
        true,
      ),
    );
  }

  app.post(
    '/api/census/batch',
    {
      ...limit('batch'),
      bodyLimit: TRACKING_LIMITS.batch.maxBytes,
      config: {
        contract: {
          summary: "A page's hit, schema events and census calls in one request, each answered on its own",
          body: trackingBatchBody,
          response: { 202: trackingBatchAnswer },
          errors: ['rate-limited'],
        },
      },
    },
    async (request, reply) => {
      const { events } = parseInput(trackingBatchEnvelope, request.body);
      const counted = await countEvents(request, events.length);
      if (!counted.ok) {
        reply.header('retry-after', String(counted.retryAfterSeconds));
        throw new AppError('rate-limited');
      }
      const scope = await scopes.requestScope(request);
      const results = events.map((item, index) => one(request, scope, index, item));
      return reply.code(202).send({ results });
    },
  );
}

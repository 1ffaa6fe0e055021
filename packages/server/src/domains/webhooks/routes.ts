import {
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeletedAnswer,
  webhookDeliveries,
  webhookDeliveryAnswer,
  webhookEndpointAnswer,
  webhookListing,
  webhookWithSecret,
} from '@tessera/core/contracts/webhooks';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { parseWithFields } from '../checkout/index.js';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../platform/db/schema.js';
import {
  connectionOf,
  connectionParams,
  deleteConnection,
  deliveryStateJson,
  receiverUrl,
  recentDeliveries,
  rowIdParam,
} from '../../platform/jobs/outbox-connections.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId } from '../../platform/ids.js';
import { fail, TesseraError } from '../../platform/errors/index.js';
import { secretKeyProblem } from '../../platform/secrets.js';
import { attemptDelivery } from './deliver.js';
import { eventBody, newEventId, pendingDelivery, TEST_EVENT, WEBHOOK_EVENTS } from './events.js';
import { newSigningSecret, ROTATION_OVERLAP_MS, storeSecret } from './signing.js';

const MAX_ENDPOINTS = 20;
const RECENT = 50;
const noNul = /^[^\u0000]*$/;
const url = receiverUrl('url: Enter the receiver address.');
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events are ${WEBHOOK_EVENTS.join(', ')}.` }))
  .min(1, 'Pick at least one event.')
  .max(WEBHOOK_EVENTS.length);
const description = z.string().trim().max(200, 'Keep the description under 200 characters.').regex(noNul);
const createBody = z.object({ url, events, description: description.optional() }).strict();
const updateBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
const deliveryParams = connectionParams.extend({ deliveryId: rowIdParam });

function endpointJson(row: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    enabled: row.enabled === 1,
    failureStreak: row.failure_streak,
    disabledReason: row.disabled_reason,
    previousSecretUntil:
      row.previous_secret_until && row.previous_secret_until > new Date().toISOString()
        ? row.previous_secret_until
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function deliveryJson(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return { id: row.id, eventId: row.event_id, type: row.event_type, ...deliveryStateJson(row) };
}

const endpointOf = (db: Kysely<Database>, siteId: string, id: string) =>
  connectionOf(db, 'webhook_endpoints', siteId, id);

/**
 * Owner API of the Webhooks panel (issue 21, group `admin`: an endpoint receives customer data):
 * endpoints (the signing secret is answered once, at creation), a test event, the recent
 * deliveries and a redelivery. Test and redelivery post at once and answer the outcome.
 */
export function registerWebhookRoutes(app: FastifyInstance): void {
  const admin = { preHandler: requireOwner('admin') };
  // Each of these makes the server post to an address the owner chose.
  const sendLimit = limitPerAddress(app, { name: 'webhook-send', max: 30, timeWindowMs: 10 * 60_000 });
  const base = '/api/config/webhooks';

  async function sendNow(row: Selectable<WebhookDeliveriesTable>) {
    await attemptDelivery(app.db, row, new Date(), { secretKey: app.config.secretKey });
    return app.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  }

  app.get(base, { ...admin, config: { contract: { response: { 200: webhookListing } } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await app.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('site_id', '=', request.owner!.websiteId)
      .orderBy('created_at')
      .execute();
    return {
      events: WEBHOOK_EVENTS,
      secretsEncrypted: secretKeyProblem(app.config.secretKey) === undefined,
      endpoints: rows.map(endpointJson),
    };
  });

  app.post(
    base,
    { ...admin, config: { contract: { body: createBody, response: { 201: webhookWithSecret } } } },
    async (request, reply) => {
      const input = parseWithFields(createBody, request.body);
      const siteId = request.owner!.websiteId;
      const count = await app.db
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_ENDPOINTS)
        fail('invalid-body', `A site can have at most ${MAX_ENDPOINTS} webhook endpoints.`);
      const id = newId();
      const secret = newSigningSecret();
      const now = new Date().toISOString();
      await app.db
        .insertInto('webhook_endpoints')
        .values({
          id,
          site_id: siteId,
          url: input.url,
          description: input.description ?? '',
          events: JSON.stringify([...new Set(input.events)]),
          secret: storeSecret(secret, id, app.config.secretKey),
          enabled: 1,
          failure_streak: 0,
          disabled_reason: null,
          previous_secret: null,
          previous_secret_until: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      reply.code(201).header('cache-control', 'no-store');
      return { endpoint: endpointJson(await endpointOf(app.db, siteId, id)), secret };
    },
  );

  app.patch(
    `${base}/:id`,
    {
      ...admin,
      config: { contract: { params: connectionParams, body: updateBody, response: { 200: webhookEndpointAnswer } } },
    },
    async (request) => {
      const { id } = parseInput(connectionParams, request.params, 'address');
      const input = parseWithFields(updateBody, request.body);
      const siteId = request.owner!.websiteId;
      await endpointOf(app.db, siteId, id);
      await app.db
        .updateTable('webhook_endpoints')
        .set({
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.events !== undefined ? { events: JSON.stringify([...new Set(input.events)]) } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          // Enabling again starts a fresh count of failures.
          ...(input.enabled !== undefined
            ? { enabled: input.enabled ? 1 : 0, ...(input.enabled ? { failure_streak: 0, disabled_reason: null } : {}) }
            : {}),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      return { endpoint: endpointJson(await endpointOf(app.db, siteId, id)) };
    },
  );

  // A new signing secret, answered once; the old one keeps signing beside it for 24 h.
  app.post(
    `${base}/:id/rotate-secret`,
    { ...admin, config: { contract: { params: connectionParams, response: { 200: webhookWithSecret } } } },
    async (request, reply) => {
      const { id } = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const endpoint = await endpointOf(app.db, siteId, id);
      const secret = newSigningSecret();
      const now = Date.now();
      await app.db
        .updateTable('webhook_endpoints')
        .set({
          secret: storeSecret(secret, id, app.config.secretKey),
          previous_secret: endpoint.secret,
          previous_secret_until: new Date(now + ROTATION_OVERLAP_MS).toISOString(),
          updated_at: new Date(now).toISOString(),
        })
        .where('id', '=', id)
        .where('site_id', '=', siteId)
        .execute();
      reply.header('cache-control', 'no-store');
      return { endpoint: endpointJson(await endpointOf(app.db, siteId, id)), secret };
    },
  );

  app.delete(
    `${base}/:id`,
    { ...admin, config: { contract: { params: connectionParams, response: { 200: webhookDeletedAnswer } } } },
    async (request) => {
      const { id } = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      await endpointOf(app.db, siteId, id);
      await deleteConnection(app.db, 'webhook_endpoints', siteId, id);
      return { deleted: true };
    },
  );

  app.post(
    `${base}/:id/test`,
    {
      ...admin,
      onRequest: sendLimit,
      config: { contract: { params: connectionParams, response: { 200: webhookDeliveryAnswer } } },
    },
    async (request) => {
      const { id } = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const endpoint = await endpointOf(app.db, siteId, id);
      const now = new Date().toISOString();
      const eventId = newEventId();
      const payload = eventBody({
        id: eventId,
        type: TEST_EVENT,
        siteId,
        createdAt: now,
        data: { message: 'A test event sent from the Webhooks panel.' },
      });
      const row = pendingDelivery(
        { site_id: siteId, endpoint_id: endpoint.id, event_id: eventId, event_type: TEST_EVENT, payload },
        now,
      );
      await app.db.insertInto('webhook_deliveries').values(row).execute();
      return { delivery: deliveryJson(await sendNow(row)) };
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    { ...admin, config: { contract: { params: connectionParams, response: { 200: webhookDeliveries } } } },
    async (request, reply) => {
      const { id } = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const rows = await recentDeliveries(app.db, 'webhook_endpoints', siteId, id, RECENT);
      reply.header('cache-control', 'no-store');
      return { deliveries: rows.map(deliveryJson) };
    },
  );

  // A new delivery of the same event (same id and body): the receiver may drop it by the event id.
  app.post(
    `${base}/:id/deliveries/:deliveryId/redeliver`,
    {
      ...admin,
      onRequest: sendLimit,
      config: { contract: { params: deliveryParams, response: { 200: webhookDeliveryAnswer } } },
    },
    async (request) => {
      const { id, deliveryId } = parseInput(deliveryParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      await endpointOf(app.db, siteId, id);
      const old = await rowWhere(app.db, 'webhook_deliveries', { id: deliveryId, endpoint_id: id });
      if (!old) throw new TesseraError('not-found', 'There is no delivery with this id for this endpoint.');
      const now = new Date().toISOString();
      const { site_id, endpoint_id, event_id, event_type, payload } = old;
      const row = pendingDelivery({ site_id, endpoint_id, event_id, event_type, payload }, now);
      await app.db.insertInto('webhook_deliveries').values(row).execute();
      return { delivery: deliveryJson(await sendNow(row)) };
    },
  );
}

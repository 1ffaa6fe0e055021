import {
  type MailingConnection,
  type MailingDelivery,
  type MailingListing,
  mailchimpAudiences as audiencesAnswer,
  mailingDeliveries,
  mailingListing,
} from '@tessera/core/contracts/mailing-services';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { parseWithFields } from '../checkout/index.js';
import type { MailingConnectionsTable, MailingDeliveriesTable } from '../../platform/db/schema.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId } from '../../platform/ids.js';
import {
  connectionOf,
  connectionParams,
  deleteConnection,
  deliveryStateJson,
  receiverUrl,
  recentDeliveries,
} from '../../platform/jobs/outbox-connections.js';
import { secretKeyProblem } from '../../platform/secrets.js';
import { newSigningSecret, postJson, signatureHeader } from '../webhooks/index.js';
import { attemptMailing } from './deliver.js';
import { dataCentreOf, MAILCHIMP_MESSAGES, mailchimpAudiences } from './mailchimp.js';
import { type MailchimpTarget, sealSecret, type WebhookTarget } from './outbox.js';

const MAX_CONNECTIONS = 10;
const RECENT = 50;
const apiKey = z
  .string({ error: 'Enter the Mailchimp API key.' })
  .trim()
  .min(1, 'Enter the Mailchimp API key.')
  .max(120, MAILCHIMP_MESSAGES.keyShape)
  .refine((v) => dataCentreOf(v) !== undefined, MAILCHIMP_MESSAGES.keyShape);
const audiencesBody = z.object({ apiKey }).strict();
const mailchimpBody = z
  .object({
    kind: z.literal('mailchimp'),
    apiKey,
    listId: z
      .string({ error: 'Pick an audience.' })
      .trim()
      .min(1, 'Pick an audience.')
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'Pick an audience.'),
    doubleOptIn: z.boolean().optional(),
  })
  .strict();
const webhookBody = z
  .object({
    kind: z.literal('webhook'),
    url: receiverUrl('Enter the receiver address.'),
    label: z
      .string()
      .trim()
      .max(100, 'Keep the name under 100 characters.')
      .regex(/^[^\u0000]*$/)
      .optional(),
  })
  .strict();
const createBody = z.discriminatedUnion('kind', [mailchimpBody, webhookBody], {
  error: 'kind: Choose mailchimp or webhook.',
});

function connectionJson(row: Selectable<MailingConnectionsTable>, counts: Record<string, number>): MailingConnection {
  const target = JSON.parse(row.target) as Partial<MailchimpTarget & WebhookTarget>;
  return {
    id: row.id,
    kind: row.kind as MailingConnection['kind'],
    label: row.label,
    audience: row.kind === 'mailchimp' ? { id: target.listId ?? '', name: target.listName ?? '' } : null,
    doubleOptIn: target.doubleOptIn ?? false,
    url: row.kind === 'webhook' ? (target.url ?? null) : null,
    enabled: row.enabled === 1,
    delivered: counts.delivered ?? 0,
    pending: counts.pending ?? 0,
    failed: counts.failed ?? 0,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
    createdAt: row.created_at,
  };
}

function deliveryJson(row: Selectable<MailingDeliveriesTable>): MailingDelivery {
  return { id: row.id, email: row.email, source: row.source, ...deliveryStateJson(row) };
}

function refuse(reply: FastifyReply, status: number, error: string, message: string, field?: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error, message, ...(field ? { fields: { [field]: message } } : {}) });
}

/**
 * Owner API of the Mailing services dialog (issue 21, group `admin`: subscribers' addresses leave
 * the site): list, check a Mailchimp key and list its audiences, connect (checked first; nothing is
 * stored when the check fails), disconnect, recent deliveries and a retry of the failed ones.
 */
export function registerMailingServiceRoutes(app: FastifyInstance): void {
  const admin = { preHandler: requireOwner('admin') };
  // Each check calls Mailchimp or posts to an address the owner chose; counted after the role check.
  const limited = {
    preHandler: [
      requireOwner('admin'),
      limitPerAddress(app, { name: 'mailing-services-check', max: 30, timeWindowMs: 10 * 60_000 }),
    ],
  };
  const base = '/api/config/mailing-services';

  async function listing(siteId: string): Promise<MailingListing> {
    const rows = await app.db
      .selectFrom('mailing_connections')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('created_at')
      .execute();
    const counts = await app.db
      .selectFrom('mailing_deliveries')
      .select(['connection_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('site_id', '=', siteId)
      .groupBy(['connection_id', 'status'])
      .execute();
    const byConnection = (cid: string) =>
      Object.fromEntries(counts.filter((c) => c.connection_id === cid).map((c) => [c.status, Number(c.n)]));
    return {
      secretsAvailable: secretKeyProblem(app.config.secretKey) === undefined,
      secretsMessage: secretKeyProblem(app.config.secretKey) ?? null,
      connections: rows.map((row) => connectionJson(row, byConnection(row.id))),
    };
  }

  app.get(base, { ...admin, config: { contract: { response: { 200: mailingListing } } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listing(request.owner!.websiteId);
  });

  app.post(
    `${base}/mailchimp/audiences`,
    { ...limited, config: { contract: { body: audiencesBody, response: { 200: audiencesAnswer } } } },
    async (request, reply) => {
      const input = parseWithFields(audiencesBody, request.body);
      const checked = await mailchimpAudiences(input.apiKey).catch(() => undefined);
      if (!checked) return refuse(reply, 502, 'service-unreachable', MAILCHIMP_MESSAGES.unreachable);
      if (!checked.ok) return refuse(reply, 400, 'credentials-refused', checked.message, 'apiKey');
      reply.header('cache-control', 'no-store');
      return { audiences: checked.audiences };
    },
  );

  app.post(
    base,
    { ...limited, config: { contract: { body: createBody, response: { 201: mailingListing } } } },
    async (request, reply) => {
      const input = parseWithFields(createBody, request.body);
      const siteId = request.owner!.websiteId;
      const keyProblem = secretKeyProblem(app.config.secretKey);
      if (keyProblem) return refuse(reply, 409, 'secret-key-missing', keyProblem);
      const count = await app.db
        .selectFrom('mailing_connections')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_CONNECTIONS) {
        return refuse(
          reply,
          400,
          'invalid-body',
          `A site can have at most ${MAX_CONNECTIONS} mailing-service connections.`,
        );
      }
      // The same audience or receiver twice would only send every sign-up twice.
      const existing = await app.db
        .selectFrom('mailing_connections')
        .select(['kind', 'target'])
        .where('site_id', '=', siteId)
        .execute();
      const same = existing.some((row) => {
        const t = JSON.parse(row.target) as Partial<MailchimpTarget & WebhookTarget>;
        if (input.kind === 'mailchimp') return row.kind === 'mailchimp' && t.listId === input.listId;
        return row.kind === 'webhook' && t.url === input.url;
      });
      if (same) {
        const field = input.kind === 'mailchimp' ? 'listId' : 'url';
        return refuse(reply, 400, 'already-connected', 'This service is already connected.', field);
      }
      const connectionId = newId();
      const now = new Date().toISOString();
      let label: string;
      let target: MailchimpTarget | WebhookTarget;
      let secret: string;
      if (input.kind === 'mailchimp') {
        const checked = await mailchimpAudiences(input.apiKey).catch(() => undefined);
        if (!checked) return refuse(reply, 502, 'service-unreachable', MAILCHIMP_MESSAGES.unreachable);
        if (!checked.ok) return refuse(reply, 400, 'credentials-refused', checked.message, 'apiKey');
        const audience = checked.audiences.find((a) => a.id === input.listId);
        if (!audience) {
          return refuse(reply, 400, 'invalid-body', 'That audience is not in this Mailchimp account.', 'listId');
        }
        secret = input.apiKey;
        label = `Mailchimp: ${audience.name}`;
        target = {
          dc: dataCentreOf(input.apiKey)!,
          listId: audience.id,
          listName: audience.name,
          doubleOptIn: input.doubleOptIn ?? false,
        };
      } else {
        // Checked by a signed test post that the receiver must answer with 2xx.
        secret = newSigningSecret();
        const body = JSON.stringify({
          id: `test_${connectionId}`,
          type: 'mailing.test',
          createdAt: now,
          siteId,
          data: {},
        });
        const sent = await postJson(input.url, body, {
          'tessera-signature': signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
          'tessera-event-type': 'mailing.test',
        });
        if (!sent.ok) {
          const message = `The receiver did not accept a test sign-up (${sent.error}).`;
          return refuse(reply, 400, 'target-refused', message, 'url');
        }
        label = input.label || new URL(input.url).host;
        target = { url: input.url };
      }
      await app.db
        .insertInto('mailing_connections')
        .values({
          id: connectionId,
          site_id: siteId,
          kind: input.kind,
          label,
          target: JSON.stringify(target),
          secret: sealSecret(secret, siteId, connectionId, app.config.secretKey as string),
          enabled: 1,
          last_error: null,
          last_error_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      reply.code(201).header('cache-control', 'no-store');
      return { ...(await listing(siteId)), ...(input.kind === 'webhook' ? { secret } : {}) };
    },
  );

  app.delete(
    `${base}/:id`,
    { ...admin, config: { contract: { params: connectionParams, response: { 200: mailingListing } } } },
    async (request, reply) => {
      const params = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      await connectionOf(app.db, 'mailing_connections', siteId, params.id);
      await deleteConnection(app.db, 'mailing_connections', siteId, params.id);
      reply.header('cache-control', 'no-store');
      return listing(siteId);
    },
  );

  app.get(
    `${base}/:id/deliveries`,
    { ...admin, config: { contract: { params: connectionParams, response: { 200: mailingDeliveries } } } },
    async (request, reply) => {
      const params = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      const rows = await recentDeliveries(app.db, 'mailing_connections', siteId, params.id, RECENT);
      reply.header('cache-control', 'no-store');
      return { deliveries: rows.map(deliveryJson) };
    },
  );

  // The failed sign-ups of a connection start over now (fresh attempts), and are tried at once.
  app.post(
    `${base}/:id/retry`,
    { ...limited, config: { contract: { params: connectionParams, response: { 200: mailingListing } } } },
    async (request, reply) => {
      const params = parseInput(connectionParams, request.params, 'address');
      const siteId = request.owner!.websiteId;
      await connectionOf(app.db, 'mailing_connections', siteId, params.id);
      const now = new Date();
      await app.db
        .updateTable('mailing_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString(), updated_at: now.toISOString() })
        .where('connection_id', '=', params.id)
        .where('status', '=', 'failed')
        .execute();
      const due = await app.db
        .selectFrom('mailing_deliveries')
        .selectAll()
        .where('connection_id', '=', params.id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .limit(25)
        .execute();
      for (const row of due) await attemptMailing(app.db, row, now, app.config.secretKey);
      const failedLeft = await app.db
        .selectFrom('mailing_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('connection_id', '=', params.id)
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow();
      if (Number(failedLeft.n) === 0) {
        await app.db
          .updateTable('mailing_connections')
          .set({ last_error: null, last_error_at: null })
          .where('id', '=', params.id)
          .execute();
      }
      reply.header('cache-control', 'no-store');
      return listing(siteId);
    },
  );
}

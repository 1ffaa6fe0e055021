import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { siteRow } from '../db/site-row.js';
import { TesseraError } from '../errors/index.js';
import { urlProblem } from '../net/address-guard.js';
import type { OutboxTable } from './outbox-attempt.js';

/**
 * What the owner routes of a connected service share (issue 21: webhook endpoints, mailing-service
 * connections): a connection row belongs to a site and owns the rows of its outbox table, which the
 * owner lists (newest first) and which go with it when it is deleted.
 */
export type ConnectionTable = 'webhook_endpoints' | 'mailing_connections';

const OUTBOX_OF: Record<ConnectionTable, { table: OutboxTable; column: 'endpoint_id' | 'connection_id' }> = {
  webhook_endpoints: { table: 'webhook_deliveries', column: 'endpoint_id' },
  mailing_connections: { table: 'mailing_deliveries', column: 'connection_id' },
};

const MISSING: Record<ConnectionTable, string> = {
  webhook_endpoints: 'There is no webhook endpoint with this id.',
  mailing_connections: 'There is no mailing-service connection with this id.',
};

type DeliveriesOf<C extends ConnectionTable> = C extends 'webhook_endpoints'
  ? 'webhook_deliveries'
  : 'mailing_deliveries';

/** The id of a connection or a delivery in a route's address. */
export const rowIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The address parameters of a connection's own routes (`…/:id`). */
export const connectionParams = z.object({ id: rowIdParam });

/** An address the server will post to, checked against the SSRF guard when the owner saves it. */
export function receiverUrl(missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, 'Enter the receiver address.')
    .max(2000, 'The address is too long.')
    .superRefine((value, ctx) => {
      const problem = urlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** The site's connection with this id; not-found when the site has none. */
export async function connectionOf<C extends ConnectionTable>(
  db: Kysely<Database>,
  table: C,
  siteId: string,
  id: string,
): Promise<Selectable<Database[C]>> {
  const row = await siteRow(db, table, siteId, id);
  if (!row) throw new TesseraError('not-found', MISSING[table]);
  return row;
}

/** The latest `limit` deliveries of the site's connection, newest first; not-found when it has none with this id. */
export async function recentDeliveries<C extends ConnectionTable>(
  db: Kysely<Database>,
  table: C,
  siteId: string,
  id: string,
  limit = 50,
): Promise<Selectable<Database[DeliveriesOf<C>]>[]> {
  await connectionOf(db, table, siteId, id);
  const outbox = OUTBOX_OF[table];
  const rows = db as unknown as Kysely<Record<OutboxTable, Database['webhook_deliveries']>>;
  const found = await rows
    .selectFrom(outbox.table as 'webhook_deliveries')
    .selectAll()
    .where(outbox.column as 'endpoint_id', '=', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return found as unknown as Selectable<Database[DeliveriesOf<C>]>[];
}

/** Deletes the site's connection and its deliveries. */
export async function deleteConnection(
  db: Kysely<Database>,
  table: ConnectionTable,
  siteId: string,
  id: string,
): Promise<void> {
  const outbox = OUTBOX_OF[table];
  const rows = db as unknown as Kysely<Record<OutboxTable, Database['webhook_deliveries']>>;
  await rows
    .deleteFrom(outbox.table as 'webhook_deliveries')
    .where(outbox.column as 'endpoint_id', '=', id)
    .execute();
  const connections = db as unknown as Kysely<Record<ConnectionTable, Database['webhook_endpoints']>>;
  await connections
    .deleteFrom(table as 'webhook_endpoints')
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .execute();
}

/** A delivery's state as the owner API answers it, after the fields of its own kind. */
export function deliveryStateJson(row: Selectable<Database['webhook_deliveries' | 'mailing_deliveries']>) {
  return {
    status: row.status as 'pending' | 'delivered' | 'failed',
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    responseStatus: row.response_status,
    error: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

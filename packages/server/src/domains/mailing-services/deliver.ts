import type { Kysely, Selectable } from 'kysely';
import type { Database, MailingConnectionsTable, MailingDeliveriesTable } from '../../platform/db/schema.js';
import { postJson, signatureHeader } from '../webhooks/index.js';
import { upsertMailchimpMember } from './mailchimp.js';
import { type MailchimpTarget, openSecret, type WebhookTarget } from './outbox.js';

/** Waits before the 2nd … 6th attempt; after the 6th failure the delivery is marked failed. */
export const MAILING_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** How long a claimed delivery is left alone by other nodes while it is being sent. */
const CLAIM_MS = 60_000;
const BATCH = 25;

export interface MailingRound {
  delivered: number;
  retrying: number;
  failed: number;
}

type Row = Selectable<MailingDeliveriesTable>;
type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string; retry: boolean };

/** The `mailing-services` job: sends every sign-up due at `now` once. */
export async function deliverDueMailings(
  db: Kysely<Database>,
  now: Date,
  options: { secretKey?: string } = {},
): Promise<MailingRound> {
  const due = await db
    .selectFrom('mailing_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(BATCH)
    .execute();
  const round: MailingRound = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of due) {
    const result = await attemptMailing(db, row, now, options.secretKey);
    if (result) round[result]++;
  }
  return round;
}

async function send(connection: Selectable<MailingConnectionsTable>, row: Row, now: Date, secretKey?: string) {
  const secret = openSecret(connection.secret, connection.site_id, connection.id, secretKey);
  if (connection.kind === 'mailchimp') {
    const target = JSON.parse(connection.target) as MailchimpTarget;
    return upsertMailchimpMember(secret, target.listId, { email: row.email, doubleOptIn: target.doubleOptIn });
  }
  const target = JSON.parse(connection.target) as WebhookTarget;
  const body = JSON.stringify({
    id: row.id,
    type: 'newsletter.subscribed',
    createdAt: row.created_at,
    siteId: row.site_id,
    data: JSON.parse(row.payload) as unknown,
  });
  const sent = await postJson(target.url, body, {
    'tessera-signature': signatureHeader(secret, body, Math.floor(now.getTime() / 1000)),
    'tessera-event-id': row.id,
    'tessera-event-type': 'newsletter.subscribed',
  });
  if (sent.ok) return sent;
  const passing = sent.status === null || sent.status >= 500 || sent.status === 408 || sent.status === 429;
  return { ...sent, retry: !sent.refused && passing };
}

/**
 * One attempt at one sign-up: claimed with a conditional update first (two job runs at once never
 * send the same attempt), sent, recorded. Undefined when another run had claimed it.
 */
export async function attemptMailing(
  db: Kysely<Database>,
  row: Row,
  now: Date,
  secretKey?: string,
): Promise<'delivered' | 'retrying' | 'failed' | undefined> {
  const claimed = await db
    .updateTable('mailing_deliveries')
    .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  const connection = await db
    .selectFrom('mailing_connections')
    .selectAll()
    .where('id', '=', row.connection_id)
    .executeTakeFirst();
  let outcome: Outcome;
  if (!connection) outcome = { ok: false, status: null, error: 'The connection was removed.', retry: false };
  else {
    try {
      outcome = await send(connection, row, now, secretKey);
    } catch (error) {
      outcome = { ok: false, status: null, error: error instanceof Error ? error.message : String(error), retry: true };
    }
  }
  const at = new Date().toISOString();
  if (outcome.ok) {
    await db
      .updateTable('mailing_deliveries')
      .set({
        status: 'delivered',
        next_attempt_at: null,
        response_status: outcome.status,
        last_error: null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    return 'delivered';
  }
  const delay = outcome.retry ? MAILING_RETRY_DELAYS_MS[row.attempts] : undefined;
  const final = delay === undefined;
  const error = outcome.error.slice(0, 500);
  await db
    .updateTable('mailing_deliveries')
    .set({
      status: final ? 'failed' : 'pending',
      next_attempt_at: final ? null : new Date(now.getTime() + delay).toISOString(),
      response_status: outcome.status,
      last_error: error,
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  if (connection) {
    await db
      .updateTable('mailing_connections')
      .set({ last_error: `${row.email}: ${error}`.slice(0, 600), last_error_at: at })
      .where('id', '=', connection.id)
      .execute();
  }
  return final ? 'failed' : 'retrying';
}

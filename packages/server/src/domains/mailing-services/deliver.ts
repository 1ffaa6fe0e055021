import type { Kysely, Selectable } from 'kysely';
import type { Database, MailingConnectionsTable, MailingDeliveriesTable } from '../../platform/db/schema.js';
import { type AttemptResult, attemptOutboxDelivery, type SendResult } from '../../platform/jobs/outbox-attempt.js';
import { postJson, signatureHeader } from '../webhooks/index.js';
import { upsertMailchimpMember } from './mailchimp.js';
import { type MailchimpTarget, openSecret, type WebhookTarget } from './outbox.js';

/** Waits before the 2nd … 6th attempt; after the 6th failure the delivery is marked failed. */
export const MAILING_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
const BATCH = 25;

export type MailingRound = Record<AttemptResult, number>;

type Row = Selectable<MailingDeliveriesTable>;

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

async function send(
  connection: Selectable<MailingConnectionsTable>,
  row: Row,
  now: Date,
  secretKey?: string,
): Promise<SendResult> {
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
 * One attempt at one sign-up (claimed, sent and recorded by the shared outbox step, so two job
 * runs at once never send the same attempt); a failure is also shown on the connection. Undefined
 * when another run had claimed it.
 */
export async function attemptMailing(
  db: Kysely<Database>,
  row: Row,
  now: Date,
  secretKey?: string,
): Promise<AttemptResult | undefined> {
  let connection: Selectable<MailingConnectionsTable> | undefined;
  const attempt = await attemptOutboxDelivery(db, 'mailing_deliveries', row, now, MAILING_RETRY_DELAYS_MS, async () => {
    connection = await db
      .selectFrom('mailing_connections')
      .selectAll()
      .where('id', '=', row.connection_id)
      .executeTakeFirst();
    if (!connection) return { ok: false, status: null, error: 'The connection was removed.', retry: false };
    return send(connection, row, now, secretKey);
  });
  if (!attempt) return undefined;
  const { result, sent, at } = attempt;
  if (connection && !sent.ok) {
    await db
      .updateTable('mailing_connections')
      .set({ last_error: `${row.email}: ${sent.error.slice(0, 500)}`.slice(0, 600), last_error_at: at })
      .where('id', '=', connection.id)
      .execute();
  }
  return result;
}

import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../platform/db/schema.js';
import { postJson, type SendOutcome } from './sender.js';
import { readSecret, signatureHeader } from './signing.js';

/** Waits before the 2nd … 6th attempt; after the 6th failure the delivery is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** Failed attempts in a row after which an endpoint is switched off. */
export const DISABLE_AFTER_FAILURES = 15;
/** How long a claimed delivery is left alone by other nodes while it is being sent. */
const CLAIM_MS = 60_000;
const BATCH = 25;

export interface DeliverOptions {
  secretKey?: string;
  /** Failed attempts in a row before an endpoint is disabled (default 15). */
  disableAfter?: number;
}

export interface DeliveryRound {
  delivered: number;
  retrying: number;
  failed: number;
}

type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The `webhooks` job: posts every delivery due at `now` once. */
export async function deliverDueWebhooks(
  db: Kysely<Database>,
  now: Date,
  options: DeliverOptions = {},
): Promise<DeliveryRound> {
  const due = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    // A disabled endpoint's deliveries wait; they go out when it is enabled again.
    .where('endpoint_id', 'in', (eb) => eb.selectFrom('webhook_endpoints').select('id').where('enabled', '=', 1))
    .orderBy('next_attempt_at')
    .limit(BATCH)
    .execute();
  const round: DeliveryRound = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of due) {
    const result = await attemptDelivery(db, row, now, options);
    if (result) round[result]++;
  }
  return round;
}

/**
 * One attempt at one delivery: claimed first with a conditional update (so two nodes never post
 * the same attempt), then posted, then recorded. Answers what became of it, or undefined when
 * another node had claimed it.
 */
export async function attemptDelivery(
  db: Kysely<Database>,
  row: DeliveryRow,
  now: Date,
  options: DeliverOptions = {},
): Promise<'delivered' | 'retrying' | 'failed' | undefined> {
  const claimed = await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  const attempts = row.attempts + 1;
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', row.endpoint_id)
    .executeTakeFirst();
  const at = new Date().toISOString();
  let outcome: SendOutcome;
  if (!endpoint) outcome = { ok: false, status: null, error: 'The endpoint was deleted.' };
  else {
    try {
      const secrets = [readSecret(endpoint.secret, endpoint.id, options.secretKey)];
      // For 24 h after a rotation the old secret signs too (a second `v1=`).
      if (
        endpoint.previous_secret &&
        endpoint.previous_secret_until &&
        endpoint.previous_secret_until > now.toISOString()
      ) {
        secrets.push(readSecret(endpoint.previous_secret, endpoint.id, options.secretKey));
      }
      const unix = Math.floor(now.getTime() / 1000);
      outcome = await postJson(endpoint.url, row.payload, {
        'tessera-signature': signatureHeader(secrets, row.payload, unix),
        'tessera-event-id': row.event_id,
        'tessera-event-type': row.event_type,
      });
    } catch (error) {
      outcome = { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
  if (outcome.ok) {
    await db
      .updateTable('webhook_deliveries')
      .set({
        status: 'delivered',
        next_attempt_at: null,
        response_status: outcome.status,
        last_error: null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    if (endpoint) {
      await db.updateTable('webhook_endpoints').set({ failure_streak: 0 }).where('id', '=', endpoint.id).execute();
    }
    return 'delivered';
  }
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const final = delay === undefined || !endpoint;
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: final ? 'failed' : 'pending',
      next_attempt_at: final ? null : new Date(now.getTime() + delay).toISOString(),
      response_status: outcome.status,
      last_error: outcome.error.slice(0, 500),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  if (endpoint) await countFailure(db, endpoint.id, outcome, now, options.disableAfter ?? DISABLE_AFTER_FAILURES);
  return final ? 'failed' : 'retrying';
}

async function countFailure(
  db: Kysely<Database>,
  endpointId: string,
  outcome: Extract<SendOutcome, { ok: false }>,
  now: Date,
  limit: number,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failure_streak: eb('failure_streak', '+', 1) }))
    .where('id', '=', endpointId)
    .execute();
  const reason = `Disabled on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC after ${limit} failed deliveries in a row (last: ${outcome.error}). Fix the receiver, then enable the endpoint again.`;
  await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason.slice(0, 600), updated_at: now.toISOString() })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .where('failure_streak', '>=', limit)
    .execute();
}

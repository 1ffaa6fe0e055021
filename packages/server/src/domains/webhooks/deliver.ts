import type { Kysely, Selectable } from 'kysely';
import type { Database, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../platform/db/schema.js';
import { type AttemptResult, attemptOutboxDelivery } from '../../platform/jobs/outbox-attempt.js';
import { postJson } from './sender.js';
import { readSecret, signatureHeader } from './signing.js';

/** Waits before the 2nd … 6th attempt; after the 6th failure the delivery is marked failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** Failed attempts in a row after which an endpoint is switched off. */
export const DISABLE_AFTER_FAILURES = 15;
const BATCH = 25;

export interface DeliverOptions {
  secretKey?: string;
  /** Failed attempts in a row before an endpoint is disabled (default 15). */
  disableAfter?: number;
}

export type DeliveryRound = Record<AttemptResult, number>;

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
 * One attempt at one delivery (claimed, posted and recorded by the shared outbox step, so two nodes
 * never post the same attempt), then the endpoint's failure streak is reset or counted. Answers
 * what became of it, or undefined when another node had claimed it.
 */
export async function attemptDelivery(
  db: Kysely<Database>,
  row: DeliveryRow,
  now: Date,
  options: DeliverOptions = {},
): Promise<AttemptResult | undefined> {
  let endpoint: Selectable<WebhookEndpointsTable> | undefined;
  const attempt = await attemptOutboxDelivery(db, 'webhook_deliveries', row, now, RETRY_DELAYS_MS, async () => {
    endpoint = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', row.endpoint_id)
      .executeTakeFirst();
    if (!endpoint) return { ok: false, status: null, error: 'The endpoint was deleted.', retry: false };
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
    const sent = await postJson(endpoint.url, row.payload, {
      'tessera-signature': signatureHeader(secrets, row.payload, unix),
      'tessera-event-id': row.event_id,
      'tessera-event-type': row.event_type,
    });
    return sent.ok ? sent : { ...sent, retry: true };
  });
  if (!attempt) return undefined;
  const { result, sent } = attempt;
  if (endpoint && sent.ok) {
    await db.updateTable('webhook_endpoints').set({ failure_streak: 0 }).where('id', '=', endpoint.id).execute();
  } else if (endpoint && !sent.ok) {
    await countFailure(db, endpoint.id, sent.error, now, options.disableAfter ?? DISABLE_AFTER_FAILURES);
  }
  return result;
}

async function countFailure(
  db: Kysely<Database>,
  endpointId: string,
  lastError: string,
  now: Date,
  limit: number,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failure_streak: eb('failure_streak', '+', 1) }))
    .where('id', '=', endpointId)
    .execute();
  const reason = `Disabled on ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC after ${limit} failed deliveries in a row (last: ${lastError}). Fix the receiver, then enable the endpoint again.`;
  await db
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason.slice(0, 600), updated_at: now.toISOString() })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .where('failure_streak', '>=', limit)
    .execute();
}

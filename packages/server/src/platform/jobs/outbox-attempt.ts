import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Outgoing deliveries kept in a table and sent by a job (webhook posts, mailing-service sign-ups).
 * Each such table has the same delivery columns: `status` ('pending', 'delivered', 'failed'),
 * `attempts`, `next_attempt_at`, `response_status`, `last_error`, `updated_at`.
 */
export type OutboxTable = 'webhook_deliveries' | 'mailing_deliveries';

/** What one send came to; `retry: false` makes a failure final at once. */
export type SendResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; retry: boolean };

export type AttemptResult = 'delivered' | 'retrying' | 'failed';

/** How long a claimed delivery is left alone by other nodes while it is being sent. */
const CLAIM_MS = 60_000;

/**
 * One attempt at one delivery: claimed with a conditional update first (two nodes or job runs at
 * once never send the same attempt), sent, recorded: delivered, due again after the next of
 * `retryDelaysMs` (indexed by the attempts made before this one), or failed when the delays are used
 * up or the send says not to retry. A thrown send counts as a failure worth retrying. Undefined when
 * another run had claimed the row.
 */
export async function attemptOutboxDelivery(
  db: Kysely<Database>,
  table: OutboxTable,
  row: { id: string; attempts: number },
  now: Date,
  retryDelaysMs: readonly number[],
  send: () => Promise<SendResult>,
): Promise<{ result: AttemptResult; sent: SendResult; at: string } | undefined> {
  // Both tables share these columns; Kysely cannot see that through a union of table names.
  const outbox = db as unknown as Kysely<Record<OutboxTable, Database['webhook_deliveries']>>;
  const claimed = await outbox
    .updateTable(table)
    .set({ next_attempt_at: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: row.attempts + 1 })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return undefined;
  let sent: SendResult;
  try {
    sent = await send();
  } catch (error) {
    sent = { ok: false, status: null, error: error instanceof Error ? error.message : String(error), retry: true };
  }
  const at = new Date().toISOString();
  if (sent.ok) {
    await outbox
      .updateTable(table)
      .set({
        status: 'delivered',
        next_attempt_at: null,
        response_status: sent.status,
        last_error: null,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute();
    return { result: 'delivered', sent, at };
  }
  const delay = sent.retry ? retryDelaysMs[row.attempts] : undefined;
  const final = delay === undefined;
  await outbox
    .updateTable(table)
    .set({
      status: final ? 'failed' : 'pending',
      next_attempt_at: final ? null : new Date(now.getTime() + delay).toISOString(),
      response_status: sent.status,
      last_error: sent.error.slice(0, 500),
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute();
  return { result: final ? 'failed' : 'retrying', sent, at };
}

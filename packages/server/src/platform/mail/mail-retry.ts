import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { nodeCounters } from '../operations/counters.js';

/**
 * Mail SMTP refused, sent again (issue 18). The mail service keeps such a message in the outbox as
 * `retrying`; the `mail-outbox` job (jobs.ts) tries it again after 1, 4, 16 and 64 minutes,
 * then marks it `failed`. The owner sees each state, the attempts and the last error in the editor's
 * mail outbox. A try claims its row by moving `next_attempt_at` on, so two nodes never send it twice
 * at once; a node that dies after SMTP accepted but before the row says so may send it once more.
 */
export const MAIL_RETRY = Object.freeze({ attempts: 5, firstDelayMs: 60_000, factor: 4, leaseMs: 10 * 60_000 });

const BATCH = 50;

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** How long to wait after failed attempt number `attempt` (1-based). */
function delayAfter(attempt: number): number {
  return MAIL_RETRY.firstDelayMs * MAIL_RETRY.factor ** (attempt - 1);
}

/** The outbox columns of a message whose first send just failed. */
export function firstRetry(error: unknown, now = new Date()) {
  return {
    delivery: 'retrying',
    attempts: 1,
    next_attempt_at: new Date(now.getTime() + delayAfter(1)).toISOString(),
    last_error: errorText(error),
  };
}

export interface MailRetryOutcome {
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends the kept messages due at `now` again; answers how that went. */
export async function retryOutboxMail(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'smtpUrl'>,
  now: Date = new Date(),
): Promise<MailRetryOutcome> {
  const outcome: MailRetryOutcome = { sent: 0, retrying: 0, failed: 0 };
  if (!config.smtpUrl) return outcome;
  const at = now.toISOString();
  const due = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('delivery', '=', 'retrying')
    .where('next_attempt_at', '<=', at)
    .orderBy('next_attempt_at')
    .limit(BATCH)
    .execute();
  if (due.length === 0) return outcome;
  const transport = nodemailer.createTransport(config.smtpUrl);
  const counted = nodeCounters(db).mails;
  try {
    for (const row of due) {
      const lease = new Date(now.getTime() + MAIL_RETRY.leaseMs).toISOString();
      const claimed = await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: lease })
        .where('id', '=', row.id)
        .where('delivery', '=', 'retrying')
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const attempt = row.attempts + 1;
      try {
        const envelope = JSON.parse(row.envelope ?? '{}') as { from?: string; headers?: Record<string, string> };
        await transport.sendMail({
          from: envelope.from ?? 'Tessera <no-reply@localhost>',
          headers: envelope.headers,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
        });
        await db
          .updateTable('mail_outbox')
          .set({ delivery: null, attempts: attempt, next_attempt_at: null, sent_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
        counted.sent++;
        outcome.sent++;
      } catch (error) {
        const final = attempt >= MAIL_RETRY.attempts;
        await db
          .updateTable('mail_outbox')
          .set({
            delivery: final ? 'failed' : 'retrying',
            attempts: attempt,
            next_attempt_at: final ? null : new Date(now.getTime() + delayAfter(attempt)).toISOString(),
            last_error: errorText(error),
          })
          .where('id', '=', row.id)
          .execute();
        counted.failed++;
        if (final) outcome.failed++;
        else outcome.retrying++;
      }
    }
  } finally {
    transport.close();
  }
  return outcome;
}

import type { SendOutcome } from '@tessera/core/contracts/restock';
import type { Kysely } from 'kysely';
import type { Database, RestockSignupRow } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import type { MailService } from '../../platform/mail/mail-service.js';
import { composeRestockMail } from './restock-mail.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

/**
 * Delivery of restock notifications, each sign-up notified once.
 *
 * A sender never sends a row it has not claimed: `UPDATE … SET state = 'sending', claim_id = c
 * WHERE id IN (…) AND state = 'pending'` is atomic per row on both dialects, so of two senders
 * racing over the same rows (a `send` and a `send/all`, or two processes) exactly one gets each
 * row; it then reads back the rows carrying its own claim id. Each message is handed to the mail
 * service with the sign-up's id as its outbox id; the mail service writes that outbox row only
 * after SMTP accepted the message (or as the delivery itself when there is no SMTP). Then the
 * claimed rows become `sent`.
 *
 * A process that dies mid-batch leaves rows in `sending`. Once older than `staleAfterMs`, they are
 * recovered: a row whose outbox record exists was delivered and becomes `sent`; a row without one
 * goes back to `pending` and is sent by the next run. The only duplicate possible is a crash in
 * the milliseconds between SMTP's acceptance and the outbox insert (at-least-once there);
 * everywhere else delivery is exactly once.
 */
export interface RestockSenderOptions {
  /** A `sending` row older than this is presumed orphaned by a dead process. */
  staleAfterMs?: number;
  /** Rows claimed at a time. */
  batchSize?: number;
  /** Messages in flight at once per sender. */
  concurrency?: number;
}

export interface SendTarget {
  siteId: string;
  productId: string;
  variantId: string;
  /** Scheme and host of the links in the message, e.g. `https://shop.example`. */
  origin: string;
}

/** What a send did: the counts of a variant's `SendOutcome` (`@tessera/core/contracts/restock`). */
export type SendCounts = Pick<SendOutcome, 'sent' | 'failed'>;

const DEFAULTS = { staleAfterMs: 10 * 60_000, batchSize: 100, concurrency: 8 } as const;

interface VariantFacts {
  siteTitle: string;
  productTitle: string;
  variantLabel: string;
  productPath: string;
}

async function runLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createRestockSender(
  db: Kysely<Database>,
  mail: MailService,
  tokens: UnsubscribeTokens,
  options: RestockSenderOptions = {},
) {
  const settings = { ...DEFAULTS, ...options };

  async function factsOf(siteId: string, productId: string, variantId: string): Promise<VariantFacts | undefined> {
    const row = await db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .innerJoin('sites', 'sites.id', 'items.site_id')
      .select(['items.title as productTitle', 'items.url_id', 'collections.slug', 'sites.title as siteTitle'])
      .where('items.id', '=', productId)
      .where('items.site_id', '=', siteId)
      .executeTakeFirst();
    if (!row) return undefined;
    const variant = await db
      .selectFrom('product_variants')
      .select('attributes')
      .where('id', '=', variantId)
      .executeTakeFirst();
    let variantLabel = '';
    try {
      const attributes = JSON.parse(variant?.attributes ?? '{}') as Record<string, string>;
      variantLabel = Object.entries(attributes)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
    } catch {
      variantLabel = '';
    }
    return {
      siteTitle: row.siteTitle,
      productTitle: row.productTitle,
      variantLabel,
      productPath: `/${row.slug}/p/${row.url_id}`,
    };
  }

  async function delivered(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('mail_outbox').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  async function deliver(row: RestockSignupRow, facts: VariantFacts, origin: string): Promise<boolean> {
    const token = await tokens.issue(row.site_id, { signUpId: row.id, email: row.email });
    const message = composeRestockMail({
      siteTitle: facts.siteTitle,
      productTitle: facts.productTitle,
      variantLabel: facts.variantLabel,
      productUrl: `${origin}${facts.productPath}`,
      unsubscribeUrl: `${origin}/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    try {
      await mail.send({ ...message, id: row.id, to: row.email, siteId: row.site_id });
      return true;
    } catch {
      // The outbox row may exist already (the message did go out before): that counts as sent.
      return (await delivered([row.id])).has(row.id);
    }
  }

  async function claimBatch(target: SendTarget): Promise<{ claimId: string; rows: RestockSignupRow[] } | null> {
    const candidates = await db
      .selectFrom('restock_signups')
      .select('id')
      .where('site_id', '=', target.siteId)
      .where('product_id', '=', target.productId)
      .where('variant_id', '=', target.variantId)
      .where('state', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(settings.batchSize)
      .execute();
    if (candidates.length === 0) return null;
    const claimId = newId();
    await db
      .updateTable('restock_signups')
      .set({ state: 'sending', claim_id: claimId, claimed_at: nowIso() })
      .where(
        'id',
        'in',
        candidates.map((c) => c.id),
      )
      .where('state', '=', 'pending')
      .execute();
    const rows = await db.selectFrom('restock_signups').selectAll().where('claim_id', '=', claimId).execute();
    return { claimId, rows };
  }

  return {
    /** Notifies every pending sign-up of one variant; safe to run concurrently with itself. */
    async sendVariant(target: SendTarget): Promise<SendCounts> {
      const outcome: SendCounts = { sent: 0, failed: 0 };
      const facts = await factsOf(target.siteId, target.productId, target.variantId);
      if (!facts) return outcome;
      for (;;) {
        const batch = await claimBatch(target);
        if (!batch) break;
        const ok: string[] = [];
        const failed: string[] = [];
        await runLimited(batch.rows, settings.concurrency, async (row) => {
          ((await deliver(row, facts, target.origin)) ? ok : failed).push(row.id);
        });
        if (ok.length > 0) {
          await db
            .updateTable('restock_signups')
            .set({ state: 'sent', sent_at: nowIso() })
            .where('id', 'in', ok)
            .where('claim_id', '=', batch.claimId)
            .execute();
        }
        outcome.sent += ok.length;
        if (failed.length > 0) {
          // Refused by the mail server: back to pending for a later run, and stop this one.
          await db
            .updateTable('restock_signups')
            .set({ state: 'pending', claim_id: null, claimed_at: null })
            .where('id', 'in', failed)
            .where('claim_id', '=', batch.claimId)
            .execute();
          outcome.failed += failed.length;
          break;
        }
      }
      return outcome;
    },

    /**
     * Settles rows left in `sending` by a process that stopped: delivered ones (their outbox row
     * exists) become `sent`, the others `pending` again. Returns how many of each.
     */
    async recoverStale(now = Date.now()): Promise<{ confirmed: number; released: number }> {
      const cutoff = new Date(now - settings.staleAfterMs).toISOString();
      const stale = await db
        .selectFrom('restock_signups')
        .select(['id', 'claim_id'])
        .where('state', '=', 'sending')
        .where('claimed_at', '<', cutoff)
        .limit(1000)
        .execute();
      const done = await delivered(stale.map((r) => r.id));
      let confirmed = 0;
      let released = 0;
      for (const row of stale) {
        const wasSent = done.has(row.id);
        const result = await db
          .updateTable('restock_signups')
          .set(wasSent ? { state: 'sent', sent_at: nowIso() } : { state: 'pending', claim_id: null, claimed_at: null })
          .where('id', '=', row.id)
          .where('state', '=', 'sending')
          .where('claim_id', '=', row.claim_id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) {
          if (wasSent) confirmed++;
          else released++;
        }
      }
      return { confirmed, released };
    },
  };
}

export type RestockSender = ReturnType<typeof createRestockSender>;

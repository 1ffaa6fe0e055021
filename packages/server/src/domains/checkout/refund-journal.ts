import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, OrderRow } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';
import { takeLease } from '../../platform/db/claims.js';
import {
  type GiftCardChange,
  REFUND_RECOVERY_AFTER_MS,
  recordGiftCardTakes,
  returnGiftCardTakes,
  revokeGiftCards,
} from '../payments/index.js';
import { orderEventData, recordWebhookEvent } from '../webhooks/index.js';

/**
 * An owner's refund is written down before the provider is asked, so no crash can leave it half
 * done. The claim's transaction raises the order's `refunded_cents` (a conditional update: two
 * refunds at once never give back more than was paid), takes the value back from the gift cards
 * the order bought, and inserts the refund's `payments` row as `pending` with those takes recorded
 * against it. The provider is then asked with the row's id as idempotency key, and one of two
 * transactions settles the row: `succeeded` with the provider's reference (and the outgoing
 * `order.refunded` event), or removed with the order and gift cards put back as they were.
 *
 * A process that dies between the claim and that settlement leaves a `pending` row: the
 * `refund-recovery` job (`recoverPendingRefunds`) asks the provider again after
 * `REFUND_RECOVERY_AFTER_MS` with the same key (Stripe and PayPal answer a repeated key with the
 * refund they already made, so the buyer is refunded once) and settles it. While a row is pending,
 * the provider's refund webhooks for the order wait (`busy`, payments/flow/provider-refunds.ts).
 */
export { REFUND_RECOVERY_AFTER_MS };

export interface ClaimedRefund {
  readonly refundId: string;
  readonly giftCards: GiftCardChange[];
}

/** The claim; undefined when the order's refunded amount changed since `order` was read. */
export async function claimRefund(
  db: Kysely<Database>,
  order: OrderRow,
  input: { amountCents: number; provider: string; now: string },
): Promise<ClaimedRefund | undefined> {
  const refundedCents = order.refunded_cents + input.amountCents;
  const full = refundedCents === order.amount_due_cents;
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('orders')
      .set({
        refunded_cents: refundedCents,
        payment_status: full ? 'refunded' : order.payment_status,
        updated_at: input.now,
      })
      .where('id', '=', order.id)
      .where('refunded_cents', '=', order.refunded_cents)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    const refundId = newId();
    await trx
      .insertInto('payments')
      .values({
        id: refundId,
        order_id: order.id,
        provider: input.provider,
        kind: 'refund',
        status: 'pending',
        amount_cents: input.amountCents,
        reference: '',
        created_at: input.now,
      })
      .execute();
    const giftCards = await revokeGiftCards(trx, order.id, input.amountCents, full, input.now);
    await recordGiftCardTakes(trx, refundId, giftCards, input.now);
    return { refundId, giftCards };
  });
}

/**
 * The refund's row and its order's, the order locked on PostgreSQL until the transaction ends
 * (SQLite runs one writer at a time); undefined when the refund row is gone.
 */
async function refundAndOrder(trx: Kysely<Database>, refundId: string) {
  const row = await trx
    .selectFrom('payments')
    .select(['order_id', 'amount_cents'])
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (!row) return undefined;
  let query = trx.selectFrom('orders').selectAll().where('id', '=', row.order_id);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return { row, order: await query.executeTakeFirstOrThrow() };
}

/**
 * The provider refunded: the pending row becomes `succeeded` with its reference and the order's
 * `order.refunded` event is recorded. False when the row was settled already (by the recovery job).
 */
export async function settleRefunded(
  db: Kysely<Database>,
  refundId: string,
  input: { reference: string; now: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await refundAndOrder(trx, refundId);
    if (!found) return false;
    const { row, order } = found;
    const settled = await trx
      .updateTable('payments')
      .set({ status: 'succeeded', reference: input.reference })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) !== 1) return false;
    const full = order.payment_status === 'refunded';
    const data = { ...orderEventData(order), refund: { amountCents: row.amount_cents, full } };
    await recordWebhookEvent(trx, { siteId: order.site_id, type: 'order.refunded', data, now: input.now });
    return true;
  });
}

/**
 * The provider refused: the pending row goes, the order's refunded amount comes down by it (a
 * refund claimed after this one keeps its part) and the gift cards get back what it took. False
 * when the row was settled already.
 */
export async function settleRefused(db: Kysely<Database>, refundId: string, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await refundAndOrder(trx, refundId);
    if (!found) return false;
    const { row, order } = found;
    const removed = await trx
      .deleteFrom('payments')
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return false;
    const refundedCents = Math.max(0, order.refunded_cents - row.amount_cents);
    // Only a refund can move an order to `refunded`, and only from `paid` (refunds need a charge that succeeded).
    const status =
      order.payment_status === 'refunded' && refundedCents < order.amount_due_cents ? 'paid' : order.payment_status;
    await trx
      .updateTable('orders')
      .set({ refunded_cents: refundedCents, payment_status: status, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    await returnGiftCardTakes(trx, refundId, now);
    return true;
  });
}

/** One pending refund the recovery job found, with what asking its provider again needs. */
export interface PendingRefund {
  readonly refundId: string;
  readonly siteId: string;
  readonly orderId: string;
  readonly provider: string;
  readonly amountCents: number;
  readonly currency: string;
  /** The charge's reference at the provider. */
  readonly chargeReference: string;
}

/**
 * Refunds left `pending` for longer than `REFUND_RECOVERY_AFTER_MS` at `now`, each taken by one
 * caller: its `created_at` is moved to `now` by a conditional update, so of two jobs at once (two
 * nodes) one asks the provider, and a job that dies while asking leaves it to the next run after
 * the same wait.
 */
export async function takeStalePendingRefunds(db: Kysely<Database>, now: Date, limit = 20): Promise<PendingRefund[]> {
  const before = new Date(now.getTime() - REFUND_RECOVERY_AFTER_MS).toISOString();
  const stale = await db
    .selectFrom('payments as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('payments as c', (join) => join.onRef('c.order_id', '=', 'r.order_id').on('c.kind', '=', 'charge'))
    .select([
      'r.id as refundId',
      'r.created_at as createdAt',
      'o.site_id as siteId',
      'o.id as orderId',
      'r.provider as provider',
      'r.amount_cents as amountCents',
      'o.currency as currency',
      'c.reference as chargeReference',
    ])
    // Written out, not bound: the planners then see that the partial index of pending refunds
    // (migration 0042) covers the query, and read only it.
    .where('r.kind', '=', sql.lit('refund'))
    .where('r.status', '=', sql.lit('pending'))
    .where('r.created_at', '<=', before)
    .orderBy('r.created_at')
    .limit(limit)
    .execute();
  const taken: PendingRefund[] = [];
  for (const { createdAt, ...refund } of stale) {
    const lease = { id: refund.refundId, status: 'pending', seen: createdAt };
    if (await takeLease(db, 'payments', lease, now.toISOString())) taken.push(refund);
  }
  return taken;
}

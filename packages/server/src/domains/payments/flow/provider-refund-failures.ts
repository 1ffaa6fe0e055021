import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { nowIso } from '../../../platform/ids.js';
import type { HostedProviderId, ProviderRefund } from '../hosted.js';
import { chargedOrder } from './provider-refunds.js';
import { returnGiftCardTakes } from './refund-gift-cards.js';

/**
 * A refund of an order's payment that the provider now reports as failed (Stripe: `refund.failed`,
 * or `refund.updated` with status `failed`/`canceled`), after Tessera recorded it as succeeded —
 * made from Orders while Stripe still had it pending, or one that failed after succeeding. The money
 * is back with the shop, so the refund must stop counting: its `payments` row becomes `failed` and
 * the order's `refunded_cents` drops to what the succeeded refunds left make (capped at the amount
 * due, as recording caps it); an order that was refunded in full is `paid` again, so it counts as
 * revenue and gives again the access it pays for.
 *
 * Once: the row's move from `succeeded` to `failed` is a conditional update inside the transaction
 * that also lowers the order (locked on PostgreSQL; SQLite runs one write transaction at a time), so
 * two deliveries at once lower it once. While an owner's refund of the order is on its way (claimed
 * on the order, not written yet) this answers `busy`, so the webhook fails and is delivered again.
 *
 * In the same transaction the gift cards the order bought get back what the refund took from them
 * (`refund-gift-cards.ts`: drawn amounts added back, cards it disabled enabled again), once.
 *
 * Left as it is: a late payment's refund (`hosted_sessions.refund_reference`): that order was never
 * paid for.
 */
export type RecordedRefundFailure = 'reverted' | 'known' | 'unknown' | 'busy' | 'not-an-order';

export async function recordProviderRefundFailure(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
  refund: ProviderRefund,
): Promise<RecordedRefundFailure> {
  const charge = await chargedOrder(db, siteId, provider, refund, { sameCurrency: false });
  if (!charge) return 'not-an-order';
  const late = await db
    .selectFrom('hosted_sessions')
    .select('order_id')
    .where('order_id', '=', charge.order_id)
    .where('refund_reference', '=', refund.reference)
    .executeTakeFirst();
  if (late) return 'not-an-order';
  return db.transaction().execute(async (trx): Promise<RecordedRefundFailure> => {
    let orderQuery = trx.selectFrom('orders').selectAll().where('id', '=', charge.order_id);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) orderQuery = orderQuery.forUpdate();
    const order = await orderQuery.executeTakeFirstOrThrow();
    const written = await trx
      .selectFrom('payments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
      .where('order_id', '=', order.id)
      .where('kind', '=', 'refund')
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    if (order.refunded_cents > Number(written.cents)) return 'busy';
    const row = await trx
      .selectFrom('payments')
      .select(['id', 'status', 'amount_cents'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'refund')
      .where('reference', '=', refund.reference)
      .executeTakeFirst();
    if (!row) return 'unknown';
    if (row.status !== 'succeeded') return 'known';
    const failed = await trx
      .updateTable('payments')
      .set({ status: 'failed' })
      .where('id', '=', row.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return 'known';
    const refundedCents = Math.max(0, Math.min(order.amount_due_cents, Number(written.cents) - row.amount_cents));
    const status =
      order.payment_status === 'refunded' && refundedCents < order.amount_due_cents ? 'paid' : order.payment_status;
    const now = nowIso();
    await trx
      .updateTable('orders')
      .set({ refunded_cents: refundedCents, payment_status: status, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    // What the refund took from the gift cards the order bought comes back with it.
    await returnGiftCardTakes(trx, row.id, now);
    return 'reverted';
  });
}

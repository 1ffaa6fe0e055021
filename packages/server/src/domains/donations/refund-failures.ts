import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { type HostedProviderId, type ProviderRefund, RefundInProgressError } from '../payments/index.js';

// A refund of a gift's renewal payment that the provider now reports as failed (Stripe:
// `refund.failed`, or `refund.updated` with status `failed`/`canceled`) after it was recorded as
// succeeded: the money is back with the site, so the refund stops counting — its `donation_refunds`
// row becomes `failed` and the payment's `refunded_cents` drops by its amount (the gift's totals, its
// donor's total and the payment's refundable amount follow). A first payment is the gift's order:
// the order's own revert (`payments/flow/provider-refund-failures.ts`) covers it.
//
// Once: the payment's row is locked first (PostgreSQL; SQLite runs one write transaction at a time),
// then the refund row moves from `succeeded` to `failed` by a conditional update, and only the
// delivery that moved it lowers `refunded_cents`. A failed refund not recorded yet is written down as
// `failed`, so a late delivery that read it as succeeded before it failed cannot record it after. While
// an owner's refund of the payment is claimed but not written (a `pending` row, perhaps this very
// refund), the event waits: `RefundInProgressError`, the webhook answers 503 and it comes again.

export type RenewalRefundFailure = 'reverted' | 'known' | 'noted' | 'not-ours';

export async function revertFailedRenewalRefund(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
  refund: ProviderRefund,
): Promise<RenewalRefundFailure> {
  const payment = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .select(['p.id', 'p.donation_id'])
    .where('p.site_id', '=', siteId)
    .where('d.provider', '=', provider)
    .where('p.reference', '=', refund.paymentReference)
    .where('p.order_id', 'is', null)
    .executeTakeFirst();
  if (!payment) return 'not-ours';
  return db.transaction().execute(async (trx): Promise<RenewalRefundFailure> => {
    let lock = trx.selectFrom('donation_payments').select('id').where('id', '=', payment.id);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) lock = lock.forUpdate();
    await lock.executeTakeFirstOrThrow();
    const row = await trx
      .selectFrom('donation_refunds')
      .select(['id', 'status', 'amount_cents'])
      .where('provider', '=', provider)
      .where('reference', '=', refund.reference)
      .executeTakeFirst();
    if (!row) {
      const pending = await trx
        .selectFrom('donation_refunds')
        .select('id')
        .where('payment_id', '=', payment.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw new RefundInProgressError(refund.reference);
      const now = nowIso();
      await trx
        .insertInto('donation_refunds')
        .values({
          id: newId(),
          site_id: siteId,
          donation_id: payment.donation_id,
          payment_id: payment.id,
          provider,
          amount_cents: refund.amountCents,
          currency: refund.currency,
          status: 'failed',
          reference: refund.reference,
          source: 'provider',
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['provider', 'reference']).doNothing())
        .execute();
      return 'noted';
    }
    if (row.status !== 'succeeded') return 'known';
    const failed = await trx
      .updateTable('donation_refunds')
      .set({ status: 'failed', updated_at: nowIso() })
      .where('id', '=', row.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    if (Number(failed.numUpdatedRows) !== 1) return 'known';
    await trx
      .updateTable('donation_payments')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', row.amount_cents) }))
      .where('id', '=', payment.id)
      .execute();
    return 'reverted';
  });
}

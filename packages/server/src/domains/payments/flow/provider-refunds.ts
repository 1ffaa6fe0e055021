import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database, OrderRow } from '../../../platform/db/schema.js';
import { newId, nowIso } from '../../../platform/ids.js';
import { recordGiftCardTakes, revokeGiftCards } from './refund-gift-cards.js';
import type { HostedProviderId, ProviderRefund } from '../hosted.js';

/** Records the outgoing `order.refunded` event in the refund's transaction (app.ts hands it in from `domains/webhooks/`). */
export type OrderRefundedHook = (
  trx: Kysely<Database>,
  input: { siteId: string; order: OrderRow; amountCents: number; full: boolean; now: string },
) => Promise<unknown>;

/**
 * A refund of an order's payment that the provider reports by webhook, made outside Tessera (the
 * provider's dashboard) — a renewal order of a subscription or a member plan as much as any order.
 * It is recorded once, as the owner's refund from Orders records it (`checkout/refunds.ts`): a
 * `payments` refund row with the provider's refund id, and the order's `refunded_cents` raised by a
 * conditional update (the claim two deliveries at once, or a delivery and the owner's refund, race
 * for). A full refund moves the order to `refunded`: from then on it gives no access and no revenue.
 * In the same transaction the gift cards the order bought give back what the refund gave back, by
 * the rule the owner's refund follows (`refund-gift-cards.ts`): disabled when the order is
 * refunded in full, drawn down by a partial refund.
 *
 * A refund the owner issued from Orders is recorded by that request, after the provider answers; its
 * webhook finds the row by the refund id. While such a refund is on its way (claimed on the order,
 * not written yet) this answers `busy`, so the webhook fails and the provider delivers it again.
 */
/**
 * The order of this site whose charge the provider's refund names (with `sameCurrency`, only when
 * the refund is in the order's currency); undefined for a payment that is not an order's charge here.
 */
export async function chargedOrder(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
  refund: ProviderRefund,
  { sameCurrency }: { sameCurrency: boolean },
): Promise<{ order_id: string } | undefined> {
  let query = db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.order_id'])
    .where('payments.provider', '=', provider)
    .where('payments.kind', '=', 'charge')
    .where('payments.reference', '=', refund.paymentReference)
    .where('orders.site_id', '=', siteId);
  if (sameCurrency) query = query.where('orders.currency', '=', refund.currency);
  return query.executeTakeFirst();
}

export type RecordedOrderRefund = 'recorded' | 'known' | 'busy' | 'not-an-order';

export async function recordProviderOrderRefund(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
  refund: ProviderRefund,
  orderRefunded?: OrderRefundedHook,
): Promise<RecordedOrderRefund> {
  const charge = await chargedOrder(db, siteId, provider, refund, { sameCurrency: true });
  if (!charge) return 'not-an-order';
  for (let attempt = 0; attempt < 5; attempt++) {
    const outcome = await db.transaction().execute(async (trx): Promise<RecordedOrderRefund | undefined> => {
      // The order's row first, locked on PostgreSQL: a delivery that reads it after another recorded
      // this refund then also sees that refund's row (a capped raise can leave refunded_cents as it
      // was, so the conditional update alone would not keep a second delivery out). SQLite runs one
      // write transaction at a time.
      let orderQuery = trx.selectFrom('orders').selectAll().where('id', '=', charge.order_id);
      if (trx.getExecutor().adapter instanceof PostgresAdapter) orderQuery = orderQuery.forUpdate();
      const order = await orderQuery.executeTakeFirstOrThrow();
      const known = await trx
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', charge.order_id)
        .where('kind', '=', 'refund')
        .where('reference', '=', refund.reference)
        .executeTakeFirst();
      if (known) return 'known';
      const written = await trx
        .selectFrom('payments')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
        .where('order_id', '=', order.id)
        .where('kind', '=', 'refund')
        .where('status', '=', 'succeeded')
        .executeTakeFirstOrThrow();
      if (order.refunded_cents > Number(written.cents)) return 'busy';
      const refundedCents = Math.min(order.amount_due_cents, order.refunded_cents + refund.amountCents);
      const full = refundedCents >= order.amount_due_cents;
      const now = nowIso();
      const status = full ? 'refunded' : order.payment_status;
      const raised = await trx
        .updateTable('orders')
        .set({ refunded_cents: refundedCents, payment_status: status, updated_at: now })
        .where('id', '=', order.id)
        .where('refunded_cents', '=', order.refunded_cents)
        .executeTakeFirst();
      if (Number(raised.numUpdatedRows) !== 1) return undefined;
      const refundRowId = newId();
      await trx
        .insertInto('payments')
        .values({
          id: refundRowId,
          order_id: order.id,
          provider,
          kind: 'refund',
          status: 'succeeded',
          amount_cents: refund.amountCents,
          reference: refund.reference,
          created_at: now,
        })
        .execute();
      const taken = await revokeGiftCards(trx, order.id, refundedCents - order.refunded_cents, full, now);
      await recordGiftCardTakes(trx, refundRowId, taken, now);
      const after = { ...order, refunded_cents: refundedCents, payment_status: status };
      await orderRefunded?.(trx, { siteId, order: after, amountCents: refund.amountCents, full, now });
      return 'recorded';
    });
    if (outcome) return outcome;
  }
  return 'busy';
}

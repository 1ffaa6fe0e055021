import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../db/schema.js';
import { nowIso } from '../ids.js';
import type { OrderMail } from './checkout-service.js';
import { type IssuedGiftCard, issueOrderGiftCards } from './gift-card-issuance.js';

export type MarkPaidOutcome =
  | { ok: true; order: OrderRow; giftCards: IssuedGiftCard[]; mail: OrderMail[] }
  | { ok: false; status: number; error: string; message: string };

export const MARK_PAID_MESSAGES = {
  notFound: 'That order does not exist.',
  alreadyPaid: 'This order is already paid.',
  notPending: 'Only an order waiting for payment can be marked paid.',
} as const;

/**
 * The owner records that a pending ("pay later") order was paid: the order and its pending charge
 * move to paid, and the gift cards it bought are issued and their codes mailed, all in one
 * transaction. The move is a conditional update (`payment_status = 'pending'`), so when two owners
 * mark the same order paid at once only one of them issues the cards; the other is told it is paid.
 */
export async function markOrderPaid(db: Kysely<Database>, siteId: string, orderId: string): Promise<MarkPaidOutcome> {
  return db.transaction().execute(async (trx): Promise<MarkPaidOutcome> => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!order) return { ok: false, status: 404, error: 'not-found', message: MARK_PAID_MESSAGES.notFound };
    if (order.payment_status !== 'pending') {
      const paid = order.payment_status === 'paid';
      return {
        ok: false,
        status: 409,
        error: paid ? 'already-paid' : 'not-pending',
        message: paid ? MARK_PAID_MESSAGES.alreadyPaid : MARK_PAID_MESSAGES.notPending,
      };
    }
    const now = nowIso();
    const status = order.status === 'received' ? 'confirmed' : order.status;
    const moved = await trx
      .updateTable('orders')
      .set({ payment_status: 'paid', status, updated_at: now })
      .where('id', '=', orderId)
      .where('payment_status', '=', 'pending')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      return { ok: false, status: 409, error: 'already-paid', message: MARK_PAID_MESSAGES.alreadyPaid };
    }
    await trx
      .updateTable('payments')
      .set({ status: 'succeeded' })
      .where('order_id', '=', orderId)
      .where('kind', '=', 'charge')
      .where('status', '=', 'pending')
      .execute();
    const paidOrder: OrderRow = { ...order, payment_status: 'paid', status, updated_at: now };
    const issued = await issueOrderGiftCards(trx, paidOrder, now);
    return { ok: true, order: paidOrder, giftCards: issued.cards, mail: issued.mail };
  });
}

import type { Kysely } from 'kysely';
import { siteRow } from '../../platform/db/site-row.js';
import type { Database, OrderRow } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/ids.js';
import type { OrderMail } from './checkout-service.js';
import { type IssuedGiftCard, issueOrderGiftCards } from '../gift-cards/index.js';
import { completeHostedPayment } from './hosted-settlement.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import { orderEventData, recordWebhookEvent } from '../webhooks/index.js';

export type MarkPaidOutcome =
  /** `hosted`: the order was to be paid on a provider's page, whose session the caller must now close. */
  | { ok: true; order: OrderRow; giftCards: IssuedGiftCard[]; mail: OrderMail[]; hosted: boolean }
  | { ok: false; status: number; error: ErrorCode; message: string };

export const MARK_PAID_MESSAGES = {
  notFound: 'That order does not exist.',
  alreadyPaid: 'This order is already paid.',
  notPending: 'Only an order waiting for payment can be marked paid.',
  byOwner: 'Marked paid by the owner.',
} as const;

/**
 * The owner records that a pending ("pay later", or a provider's page not yet paid) order was paid:
 * the order and its pending charge move to paid, and the gift cards it bought are issued and their
 * codes mailed, all in one transaction; a hosted-payment order is completed as its settlement would
 * (`hosted-settlement.ts`: subscription started, confirmation mailed). The move is a conditional
 * update (`payment_status = 'pending'`), so when two owners, or an owner and the provider's webhook,
 * mark the same order paid at once only one of them issues the cards; the other is told it is paid.
 */
export async function markOrderPaid(db: Kysely<Database>, siteId: string, orderId: string): Promise<MarkPaidOutcome> {
  return db.transaction().execute(async (trx): Promise<MarkPaidOutcome> => {
    const order = await siteRow(trx, 'orders', siteId, orderId);
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
    const paid = await moveToPaid(trx, order, now);
    if (!paid) return { ok: false, status: 409, error: 'already-paid', message: MARK_PAID_MESSAGES.alreadyPaid };
    // An order meant to be paid on a provider's page: what its settlement would do (subscription, confirmation).
    const hosted = await completeHostedPayment(trx, { order: paid.order, now, note: MARK_PAID_MESSAGES.byOwner });
    const mail = hosted ? [...hosted.mail, ...paid.mail] : paid.mail;
    return { ok: true, order: hosted?.order ?? paid.order, giftCards: paid.giftCards, mail, hosted: Boolean(hosted) };
  });
}

/**
 * The one move of a payment-pending order to paid, inside the caller's transaction: a conditional
 * update (`payment_status = 'pending'`) that only one caller wins, its pending charge marked
 * succeeded (with the provider's reference when given), its stock hold ended, and the gift cards it
 * bought issued. Answers undefined when someone else settled or released the order first.
 */
export async function moveToPaid(
  trx: Kysely<Database>,
  order: OrderRow,
  now: string,
  paymentReference?: string,
): Promise<{ order: OrderRow; giftCards: IssuedGiftCard[]; mail: OrderMail[] } | undefined> {
  const status = order.status === 'received' ? 'confirmed' : order.status;
  const moved = await trx
    .updateTable('orders')
    .set({ payment_status: 'paid', status, stock_held_until: null, updated_at: now })
    .where('id', '=', order.id)
    .where('payment_status', '=', 'pending')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return undefined;
  await trx
    .updateTable('payments')
    .set(paymentReference ? { status: 'succeeded', reference: paymentReference } : { status: 'succeeded' })
    .where('order_id', '=', order.id)
    .where('kind', '=', 'charge')
    .where('status', '=', 'pending')
    .execute();
  const paidOrder: OrderRow = { ...order, payment_status: 'paid', status, stock_held_until: null, updated_at: now };
  await recordWebhookEvent(trx, { siteId: order.site_id, type: 'order.paid', data: orderEventData(paidOrder), now });
  const issued = await issueOrderGiftCards(trx, paidOrder, now);
  return { order: paidOrder, giftCards: issued.cards, mail: issued.mail };
}

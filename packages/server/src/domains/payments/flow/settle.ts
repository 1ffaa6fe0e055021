import type { Kysely } from 'kysely';
import { type OrderMail, completeHostedPayment, moveToPaid } from '../../checkout/index.js';
import type { Database, HostedSessionRow } from '../../../platform/db/schema.js';
import { newId, nowIso } from '../../../platform/ids.js';
import type { HostedPaymentProvider, SessionState } from '../hosted.js';
import { latePaymentRefundedMail } from './mail.js';
import { REFUND_RECOVERY_AFTER_MS } from './refund-in-progress.js';

/**
 * Settling a hosted payment when the provider says it is paid (webhook or the buyer's return,
 * whichever comes first; both end here with the provider's own answer). The order moves to paid
 * with the one conditional update of `moveToPaid`, so of a webhook, a redelivery and a return at
 * once exactly one issues the gift cards, starts the subscription and mails the confirmation.
 * A payment that arrives after the order's hold ended (the order was cancelled and its stock put
 * back) is refunded through the provider, once: `refund_status` is the claim.
 */

export type SettleOutcome =
  | { kind: 'paid'; mail: OrderMail[] }
  | { kind: 'refunded'; mail: OrderMail[] }
  | { kind: 'unchanged'; message?: string };

const LATE_REFUND_STATUSES = ['expired', 'failed'] as const;

/** The idempotency key of the automatic refund of a late payment: one per order, ever. */
export const lateRefundKey = (orderId: string) => `tessera-late-refund-${orderId}`;

/** A late payment's refund was asked and not answered (`refunding` with the provider's words): ask again later. */
export const lateRefundUnconfirmed = (session: Pick<HostedSessionRow, 'refund_status' | 'message'>): boolean =>
  session.refund_status === 'refunding' && session.message !== null;

async function settlePaid(
  db: Kysely<Database>,
  session: HostedSessionRow,
  state: SessionState,
): Promise<SettleOutcome> {
  return db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', session.order_id).executeTakeFirst();
    if (!order) return { kind: 'unchanged' };
    const now = nowIso();
    const paid = await moveToPaid(trx, order, now, state.paymentReference);
    if (!paid) return { kind: 'unchanged' };
    const completed = await completeHostedPayment(trx, {
      order: paid.order,
      now,
      paymentReference: state.paymentReference,
      savedReference: state.savedReference,
    });
    return { kind: 'paid', mail: [...(completed?.mail ?? []), ...paid.mail] };
  });
}

/**
 * The provider took the money of an order the owner had just marked paid by hand (the two raced):
 * the order stays paid once, but keeps the provider's references, so refunds and renewals go
 * through the provider. Only a session settled by hand and still without a reference is adopted.
 */
async function adoptProviderPayment(db: Kysely<Database>, session: HostedSessionRow, state: SessionState) {
  if (!state.paymentReference) return;
  await db.transaction().execute(async (trx) => {
    const adopted = await trx
      .updateTable('hosted_sessions')
      .set({
        payment_reference: state.paymentReference ?? null,
        saved_reference: state.savedReference ?? null,
        updated_at: nowIso(),
      })
      .where('order_id', '=', session.order_id)
      .where('status', '=', 'paid')
      .where('payment_reference', 'is', null)
      .executeTakeFirst();
    if (Number(adopted.numUpdatedRows) !== 1) return;
    await trx
      .updateTable('payments')
      .set({ reference: state.paymentReference ?? '' })
      .where('order_id', '=', session.order_id)
      .where('kind', '=', 'charge')
      .where('provider', '=', session.provider)
      .execute();
    if (state.savedReference) {
      await trx
        .updateTable('subscriptions')
        .set({ payment_reference: `${session.provider}:${state.savedReference}` })
        .where('first_order_id', '=', session.order_id)
        .where('payment_reference', '=', `${session.provider}:`)
        .execute();
    }
  });
}

/** Refunds a payment that succeeded after its order was released; once, whoever asks first. */
async function refundLatePayment(
  db: Kysely<Database>,
  provider: HostedPaymentProvider,
  session: HostedSessionRow,
  state: SessionState,
): Promise<SettleOutcome> {
  if (!state.paymentReference) return { kind: 'unchanged', message: 'The provider did not name the payment.' };
  const now = nowIso();
  // Stripe keeps the answer of a refused request under its key: a retry after a refusal needs a new one
  // (a second full refund of the same payment is refused by the provider anyway).
  const retry = session.refund_status === 'failed';
  // A refund a crash or an unanswered request left `refunding` for longer than the recovery wait is
  // asked again under its own key: the provider answers with the refund if it made one.
  const resumed = session.refund_status === 'refunding';
  const stale = new Date(Date.parse(now) - REFUND_RECOVERY_AFTER_MS).toISOString();
  const claimed = await db
    .updateTable('hosted_sessions')
    .set({
      refund_status: 'refunding',
      payment_reference: state.paymentReference,
      status: 'paid',
      message: null,
      updated_at: now,
    })
    .where('order_id', '=', session.order_id)
    .where((eb) =>
      retry
        ? eb('refund_status', '=', 'failed')
        : resumed
          ? eb.and([eb('refund_status', '=', 'refunding'), eb('updated_at', '<=', stale)])
          : eb('refund_status', 'is', null),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return { kind: 'unchanged' };

  const refunded = await provider.refund({
    paymentReference: state.paymentReference,
    amountCents: state.amountCents,
    currency: state.currency,
    idempotencyKey: retry ? `${lateRefundKey(session.order_id)}-${newId()}` : lateRefundKey(session.order_id),
    // Asked again after a crash or no answer, maybe days later: the provider looks for the refund first.
    askedBefore: resumed,
  });
  // No answer: the provider may have refunded. It stays `refunding`, with the provider's words, for a
  // later delivery to ask again under the same key (the webhook answers 503 until then, so the
  // provider delivers again; a new key after `failed` could not refund twice, but would record a refusal).
  if (!refunded.ok && refunded.unknown) {
    await db
      .updateTable('hosted_sessions')
      .set({ message: refunded.message })
      .where('order_id', '=', session.order_id)
      .where('refund_status', '=', 'refunding')
      .execute();
    return { kind: 'unchanged', message: refunded.message };
  }
  if (!refunded.ok) {
    await db
      .updateTable('hosted_sessions')
      .set({ refund_status: 'failed', message: refunded.message, updated_at: nowIso() })
      .where('order_id', '=', session.order_id)
      .execute();
    return { kind: 'unchanged', message: refunded.message };
  }
  return db.transaction().execute(async (trx): Promise<SettleOutcome> => {
    const at = nowIso();
    await trx
      .updateTable('hosted_sessions')
      .set({ refund_status: 'refunded', refund_reference: refunded.reference, message: null, updated_at: at })
      .where('order_id', '=', session.order_id)
      .execute();
    // The owner sees both movements on the order: the late charge and its refund.
    await trx
      .updateTable('payments')
      .set({ status: 'succeeded', reference: state.paymentReference ?? '' })
      .where('order_id', '=', session.order_id)
      .where('kind', '=', 'charge')
      .where('provider', '=', session.provider)
      .execute();
    await trx
      .insertInto('payments')
      .values({
        id: newId(),
        order_id: session.order_id,
        provider: session.provider,
        kind: 'refund',
        status: 'succeeded',
        amount_cents: state.amountCents,
        reference: refunded.reference,
        created_at: at,
      })
      .execute();
    await trx
      .updateTable('orders')
      .set({ payment_status: 'refunded', refunded_cents: state.amountCents, updated_at: at })
      .where('id', '=', session.order_id)
      .execute();
    const order = await trx
      .selectFrom('orders')
      .select(['order_number', 'customer_email', 'currency'])
      .where('id', '=', session.order_id)
      .executeTakeFirstOrThrow();
    return { kind: 'refunded', mail: [latePaymentRefundedMail(order, state.amountCents)] };
  });
}

/**
 * Applies what the provider says about a session: paid settles the order (or refunds a late
 * payment); expired and failed are left to `release.ts`; open changes nothing.
 */
export async function settleSession(
  db: Kysely<Database>,
  provider: HostedPaymentProvider,
  session: HostedSessionRow,
  state: SessionState,
): Promise<SettleOutcome> {
  if (state.status !== 'paid') return { kind: 'unchanged' };
  if (state.amountCents !== session.amount_cents || state.currency !== session.currency) {
    return { kind: 'unchanged', message: 'The provider reports another amount than the order asked for.' };
  }
  const outcome = await settlePaid(db, session, state);
  if (outcome.kind !== 'unchanged') return outcome;
  const order = await db
    .selectFrom('orders')
    .select('payment_status')
    .where('id', '=', session.order_id)
    .executeTakeFirst();
  if (order?.payment_status === 'paid') await adoptProviderPayment(db, session, state);
  if (order && (LATE_REFUND_STATUSES as readonly string[]).includes(order.payment_status)) {
    const fresh = await db
      .selectFrom('hosted_sessions')
      .selectAll()
      .where('order_id', '=', session.order_id)
      .executeTakeFirstOrThrow();
    return refundLatePayment(db, provider, fresh, state);
  }
  return outcome;
}

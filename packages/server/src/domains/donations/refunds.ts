import { formatMoney } from '@tessera/core';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import { newId, nowIso } from '../../platform/ids.js';
import type { HostedPaymentProvider, HostedProviderId, ProviderRefund } from '../payments/index.js';

// Refunds of a gift's renewal payments. A renewal is no order (it was charged off-session or taken
// by the provider's own subscription), so its refunds live here: `donation_payments.refunded_cents`
// and one `donation_refunds` row per refund. A gift's first payment is its order, refunded from
// Orders like any order (its refunds count in the totals through the order).
//
// Exactly once, whoever reports it: the owner's refund claims its amount first (a conditional raise
// of `refunded_cents` and a `pending` row, in one transaction), then asks the provider. The
// provider's webhook about a refund either finds it recorded (by the provider's refund id), takes
// over a pending claim of the same payment and amount (the answer to the owner has not been written
// yet), or records a refund made elsewhere (the provider's dashboard) with its own raise. Each of
// these steps is one conditional statement, so two webhooks, or a webhook and the owner's answer,
// never count one refund twice.

export type RenewalRefundOutcome =
  | {
      ok: true;
      refund: { id: string; amountCents: number; currency: string; provider: string; reference: string };
      refundedCents: number;
      message: string;
    }
  | { ok: false; status: number; error: ErrorCode; message: string; extra?: Record<string, unknown> };

export const DONATION_REFUND_MESSAGES = {
  notFound: 'That payment does not exist.',
  notPaid: 'This payment did not succeed, so there is nothing to refund.',
  nothing: 'Nothing of this payment can be refunded for that amount.',
  conflict: 'The payment changed; reload it.',
  noProvider: 'The payment provider of this gift is not connected.',
  firstPayment: (orderNumber: number) =>
    `This is the gift's first payment, order #${orderNumber}: refund it from Orders.`,
  unconfirmed: (provider: string) =>
    `${provider} did not confirm the refund. It is kept as on its way and is completed or taken back within minutes; do not refund it again.`,
} as const;

type ProviderLookup = (siteId: string, id: HostedProviderId) => Promise<HostedPaymentProvider | undefined>;

/** The idempotency key of one refund: a retried request never refunds twice. */
export const donationRefundKey = (refundId: string) => `tessera-donation-refund-${refundId}`;

/** Records a refund the provider made (`reference`) against a payment, unless it is recorded already. */
async function recordOnce(
  trx: Transaction<Database>,
  input: { paymentId: string; donationId: string; siteId: string; provider: string; source: string } & Omit<
    ProviderRefund,
    'paymentReference'
  >,
): Promise<boolean> {
  const now = nowIso();
  const inserted = await trx
    .insertInto('donation_refunds')
    .values({
      id: newId(),
      site_id: input.siteId,
      donation_id: input.donationId,
      payment_id: input.paymentId,
      provider: input.provider,
      amount_cents: input.amountCents,
      currency: input.currency,
      status: 'succeeded',
      reference: input.reference,
      source: input.source,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['provider', 'reference']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .updateTable('donation_payments')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', input.amountCents) }))
    .where('id', '=', input.paymentId)
    .execute();
  return true;
}

/** A claim the provider refused (or a crash's claim it refused on recovery): the amount given back. */
export async function dropClaim(
  db: Kysely<Database>,
  claim: { refundId: string; paymentId: string; amountCents: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Unless a webhook took the claim over meanwhile (then a refund did happen): give the amount back.
    const dropped = await trx
      .deleteFrom('donation_refunds')
      .where('id', '=', claim.refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(dropped.numDeletedRows) !== 1) return;
    await trx
      .updateTable('donation_payments')
      .set((eb) => ({ refunded_cents: eb('refunded_cents', '-', claim.amountCents) }))
      .where('id', '=', claim.paymentId)
      .execute();
  });
}

/** A claim the provider refunded: the pending row settled with its reference, or recorded on its own. */
export async function settleClaim(
  db: Kysely<Database>,
  claim: {
    refundId: string;
    paymentId: string;
    donationId: string;
    siteId: string;
    provider: string;
    amountCents: number;
    currency: string;
    reference: string;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const settled = await trx
      .updateTable('donation_refunds')
      .set({ status: 'succeeded', reference: claim.reference, updated_at: nowIso() })
      .where('id', '=', claim.refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(settled.numUpdatedRows) === 1) return;
    // A refund made elsewhere of the same amount took this claim over: this one is recorded on its own.
    await recordOnce(trx, { ...claim, source: 'owner' });
  });
}

/** The owner refunds (part of) a renewal payment through the provider that took it. */
export async function refundRenewalPayment(
  db: Kysely<Database>,
  providerFor: ProviderLookup,
  input: { siteId: string; donationId: string; paymentId: string; amountCents?: number; locale: string },
): Promise<RenewalRefundOutcome> {
  const payment = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'p.amount_cents',
      'p.refunded_cents',
      'p.currency',
      'p.status',
      'p.reference',
      'p.order_id',
      'd.provider',
      'o.order_number',
    ])
    .where('p.id', '=', input.paymentId)
    .where('p.donation_id', '=', input.donationId)
    .where('p.site_id', '=', input.siteId)
    .executeTakeFirst();
  if (!payment) return { ok: false, status: 404, error: 'not-found', message: DONATION_REFUND_MESSAGES.notFound };
  if (payment.order_id) {
    return {
      ok: false,
      status: 409,
      error: 'conflict',
      message: DONATION_REFUND_MESSAGES.firstPayment(Number(payment.order_number ?? 0)),
      extra: { orderId: payment.order_id },
    };
  }
  if (payment.status !== 'succeeded' || !payment.reference) {
    return { ok: false, status: 409, error: 'not-paid', message: DONATION_REFUND_MESSAGES.notPaid };
  }
  const refundable = payment.amount_cents - payment.refunded_cents;
  const amount = input.amountCents ?? refundable;
  if (refundable <= 0 || amount <= 0) {
    return { ok: false, status: 400, error: 'not-refundable', message: DONATION_REFUND_MESSAGES.nothing };
  }
  if (amount > refundable) {
    const most = formatMoney(refundable, payment.currency, input.locale);
    return {
      ok: false,
      status: 400,
      error: 'not-refundable',
      message: `You can refund at most ${most} of this payment.`,
      extra: { field: 'amountCents', refundableCents: refundable },
    };
  }
  const provider = await providerFor(input.siteId, payment.provider as HostedProviderId);
  if (!provider)
    return { ok: false, status: 402, error: 'refund-failed', message: DONATION_REFUND_MESSAGES.noProvider };

  const refundId = newId();
  const now = nowIso();
  const claimed = await db.transaction().execute(async (trx) => {
    const raised = await trx
      .updateTable('donation_payments')
      .set({ refunded_cents: payment.refunded_cents + amount })
      .where('id', '=', payment.id)
      .where('refunded_cents', '=', payment.refunded_cents)
      .executeTakeFirst();
    if (Number(raised.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('donation_refunds')
      .values({
        id: refundId,
        site_id: input.siteId,
        donation_id: input.donationId,
        payment_id: payment.id,
        provider: payment.provider,
        amount_cents: amount,
        currency: payment.currency,
        status: 'pending',
        reference: null,
        source: 'owner',
        created_at: now,
        updated_at: now,
      })
      .execute();
    return true;
  });
  if (!claimed) return { ok: false, status: 409, error: 'conflict', message: DONATION_REFUND_MESSAGES.conflict };

  const answer = await provider
    .refund({
      paymentReference: payment.reference,
      amountCents: amount,
      currency: payment.currency,
      idempotencyKey: donationRefundKey(refundId),
    })
    .catch(() => ({ ok: false as const, message: '', unknown: true }));
  if (!answer.ok && answer.unknown) {
    // The provider may have refunded: the claim stays for its webhook or the refund-recovery job,
    // which asks again with the same key, so the refund is never made twice.
    return {
      ok: false,
      status: 504,
      error: 'refund-unconfirmed',
      message: DONATION_REFUND_MESSAGES.unconfirmed(payment.provider),
      extra: { provider: payment.provider },
    };
  }
  if (!answer.ok) {
    await dropClaim(db, { refundId, paymentId: payment.id, amountCents: amount });
    return {
      ok: false,
      status: 402,
      error: 'refund-failed',
      message: answer.message,
      extra: { provider: payment.provider },
    };
  }
  await settleClaim(db, {
    refundId,
    paymentId: payment.id,
    donationId: input.donationId,
    siteId: input.siteId,
    provider: payment.provider,
    amountCents: amount,
    currency: payment.currency,
    reference: answer.reference,
  });
  const after = await db
    .selectFrom('donation_payments')
    .select('refunded_cents')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  return {
    ok: true,
    refund: {
      id: refundId,
      amountCents: amount,
      currency: payment.currency,
      provider: payment.provider,
      reference: answer.reference,
    },
    refundedCents: after.refunded_cents,
    message: `${payment.provider} refunded the amount (reference ${answer.reference}).`,
  };
}

/**
 * A refund the provider reports (verified webhook): recorded once if it refunds a renewal payment
 * of a gift on this site. Answers whether it was one of ours.
 */
export async function recordReportedRefund(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
  refund: ProviderRefund,
): Promise<boolean> {
  const payment = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .select(['p.id', 'p.donation_id', 'p.currency'])
    .where('p.site_id', '=', siteId)
    .where('d.provider', '=', provider)
    .where('p.reference', '=', refund.paymentReference)
    .where('p.order_id', 'is', null)
    .executeTakeFirst();
  if (!payment || payment.currency !== refund.currency) return false;
  for (let attempt = 0; attempt < 5; attempt++) {
    const done = await db.transaction().execute(async (trx) => {
      // The payment's row first (PostgreSQL), as a failed refund's revert takes it (`refund-failures.ts`):
      // one order of locks, so the two never wait on each other.
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await trx.selectFrom('donation_payments').select('id').where('id', '=', payment.id).forUpdate().execute();
      }
      const known = await trx
        .selectFrom('donation_refunds')
        .select('id')
        .where('provider', '=', provider)
        .where('reference', '=', refund.reference)
        .executeTakeFirst();
      if (known) return true;
      const pending = await trx
        .selectFrom('donation_refunds')
        .select('id')
        .where('payment_id', '=', payment.id)
        .where('status', '=', 'pending')
        .where('amount_cents', '=', refund.amountCents)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (pending) {
        const adopted = await trx
          .updateTable('donation_refunds')
          .set({ status: 'succeeded', reference: refund.reference, updated_at: nowIso() })
          .where('id', '=', pending.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        return Number(adopted.numUpdatedRows) === 1 ? true : undefined;
      }
      await recordOnce(trx, {
        paymentId: payment.id,
        donationId: payment.donation_id,
        siteId,
        provider,
        source: 'provider',
        reference: refund.reference,
        amountCents: refund.amountCents,
        currency: refund.currency,
      });
      return true;
    });
    if (done) return true;
  }
  throw new Error(`The refund ${refund.reference} could not be matched; the provider will send it again.`);
}

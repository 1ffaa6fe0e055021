import { formatMoney } from '@tessera/core';
import type { Kysely } from 'kysely';
import { rowWhere, siteRow } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/ids.js';
import {
  type HostedProviderId,
  type HostedRegistry,
  type PaymentProviders,
  giftCardNote,
  type RevokedGiftCard,
} from '../payments/index.js';
import type { ErrorCode } from '../../platform/errors/index.js';
import { claimRefund, settleRefunded, settleRefused, takeStalePendingRefunds } from './refund-journal.js';

export type { RevokedGiftCard } from '../payments/index.js';

export type RefundOutcome =
  | {
      ok: true;
      refundedCents: number;
      amountCents: number;
      provider: string;
      reference: string;
      giftCards: RevokedGiftCard[];
      message: string;
    }
  | { ok: false; status: number; error: ErrorCode; message: string; extra?: Record<string, unknown> };

export const REFUND_MESSAGES = {
  notFound: 'That order does not exist.',
  notPaid: "This order's payment has not succeeded, so there is nothing to refund.",
  nothing: 'Nothing on this order can be refunded for that amount.',
  conflict: 'The order changed; reload it.',
  noProvider: 'The payment provider of this order is not available.',
  unconfirmed: (provider: string) =>
    `${provider} did not confirm the refund. It is kept as on its way and is completed or taken back within minutes; do not refund it again.`,
} as const;

/** How a refund reaches the provider that charged: the built-in ones, or a hosted one (Stripe, PayPal). */
type Refunder = (request: {
  reference: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  /** A recovery asking again: the provider looks for what the first request made (`ProviderRefundRequest`). */
  askedBefore?: boolean;
}) => Promise<{ ok: true; reference: string } | { ok: false; message: string; unknown?: boolean }>;

const HOSTED_IDS: readonly string[] = ['stripe', 'paypal'] satisfies HostedProviderId[];

async function refunderFor(
  payments: PaymentProviders,
  hosted: Pick<HostedRegistry, 'providerFor'> | undefined,
  siteId: string,
  providerId: string,
): Promise<Refunder | undefined> {
  if (HOSTED_IDS.includes(providerId)) {
    const provider = await hosted?.providerFor(siteId, providerId as HostedProviderId);
    if (!provider) return undefined;
    return ({ reference, ...request }) => provider.refund({ paymentReference: reference, ...request });
  }
  const provider = payments.byId(providerId);
  return provider ? ({ idempotencyKey: _key, askedBefore: _asked, ...request }) => provider.refund(request) : undefined;
}

/** The idempotency key of a refund at its provider: the same for the request and any retry of it. */
const refundKey = (refundId: string) => `tessera-refund-${refundId}`;

/**
 * Refunds (part of) an order through the provider that charged it. Refused unless the charge
 * succeeded (a pending "pay later" order has nothing to refund). The amount is claimed first
 * (`refund-journal.ts`: the order's refunded amount raised by a conditional update, the gift cards
 * drawn down and a `pending` refund row, in one transaction), so two refunds at once can never give
 * back more than was paid; when the provider then refuses, the claim and the gift cards are put back.
 */
export async function refundOrder(
  db: Kysely<Database>,
  payments: PaymentProviders,
  input: {
    siteId: string;
    orderId: string;
    amountCents?: number;
    locale: () => Promise<string>;
    /** The site's hosted providers (issue 17): an order paid with Stripe or PayPal is refunded there. */
    hosted?: Pick<HostedRegistry, 'providerFor'>;
  },
): Promise<RefundOutcome> {
  const { siteId, orderId } = input;
  const order = await siteRow(db, 'orders', siteId, orderId);
  if (!order) return { ok: false, status: 404, error: 'not-found', message: REFUND_MESSAGES.notFound };
  const charge = await rowWhere(db, 'payments', { order_id: orderId, kind: 'charge' });
  if (charge && (charge.status !== 'succeeded' || order.payment_status === 'pending')) {
    return { ok: false, status: 409, error: 'not-paid', message: REFUND_MESSAGES.notPaid };
  }
  const refundable = order.amount_due_cents - order.refunded_cents;
  const amount = input.amountCents ?? refundable;
  if (!charge || refundable <= 0 || amount <= 0) {
    return { ok: false, status: 400, error: 'not-refundable', message: REFUND_MESSAGES.nothing };
  }
  if (amount > refundable) {
    // A partial refund larger than what is left: say how much is left, in the store currency.
    const most = formatMoney(refundable, order.currency, await input.locale());
    return {
      ok: false,
      status: 400,
      error: 'not-refundable',
      message: `You can refund at most ${most} on this order.`,
      extra: { field: 'amountCents', refundableCents: refundable },
    };
  }
  const provider = await refunderFor(payments, input.hosted, siteId, charge.provider);
  if (!provider) return { ok: false, status: 402, error: 'refund-failed', message: REFUND_MESSAGES.noProvider };

  const now = nowIso();
  // Written down before the provider is asked (refund-journal.ts), so a crash leaves nothing half done.
  const claim = await claimRefund(db, order, { amountCents: amount, provider: charge.provider, now });
  if (!claim) return { ok: false, status: 409, error: 'conflict', message: REFUND_MESSAGES.conflict };

  // The refund row's id names the request: a retried request (the SDK retries once on a network
  // error, the recovery job after a crash) refunds once. Two refunds at once never both get here:
  // the claim lets one through.
  let refunded: Awaited<ReturnType<Refunder>>;
  try {
    refunded = await provider({
      reference: charge.reference,
      amountCents: amount,
      currency: order.currency,
      idempotencyKey: refundKey(claim.refundId),
    });
  } catch {
    refunded = { ok: false, message: '', unknown: true };
  }
  if (!refunded.ok && refunded.unknown) {
    // The provider may have refunded: the claim stays, and the refund-recovery job asks again with
    // the same key (which answers with the refund if one was made), so it is never made twice.
    return {
      ok: false,
      status: 504,
      error: 'refund-unconfirmed',
      message: REFUND_MESSAGES.unconfirmed(charge.provider),
      extra: { provider: charge.provider },
    };
  }
  if (!refunded.ok) {
    await settleRefused(db, claim.refundId, nowIso());
    return {
      ok: false,
      status: 402,
      error: 'refund-failed',
      message: refunded.message,
      extra: { provider: charge.provider },
    };
  }
  await settleRefunded(db, claim.refundId, { reference: refunded.reference, now: nowIso() });
  const refundedCents = order.refunded_cents + amount;
  const giftCards = claim.giftCards.map((c) => c.card);
  return {
    ok: true,
    refundedCents,
    amountCents: amount,
    provider: charge.provider,
    reference: refunded.reference,
    giftCards,
    message: `${charge.provider} refunded the amount (reference ${refunded.reference}).${giftCardNote(giftCards)}`,
  };
}

/**
 * The `refund-recovery` job: refunds a crash left `pending` (claimed, the provider's answer never
 * written) are asked of their provider again with the same idempotency key and settled either way.
 * A provider that cannot be reached, or is no longer connected, leaves the refund pending for the
 * next run. Answers what each refund came to.
 */
export async function recoverPendingRefunds(
  db: Kysely<Database>,
  payments: PaymentProviders,
  hosted: Pick<HostedRegistry, 'providerFor'> | undefined,
  now: Date,
): Promise<{ refundId: string; outcome: 'refunded' | 'refused' | 'waiting' }[]> {
  const outcomes: { refundId: string; outcome: 'refunded' | 'refused' | 'waiting' }[] = [];
  for (const pending of await takeStalePendingRefunds(db, now)) {
    const provider = await refunderFor(payments, hosted, pending.siteId, pending.provider);
    let answer: Awaited<ReturnType<Refunder>> | undefined;
    try {
      answer = await provider?.({
        reference: pending.chargeReference,
        amountCents: pending.amountCents,
        currency: pending.currency,
        idempotencyKey: refundKey(pending.refundId),
        askedBefore: true,
      });
    } catch {
      answer = undefined;
    }
    const at = nowIso();
    // Not reached, or no answer again: it stays on its way for the next run.
    if (!answer || (!answer.ok && answer.unknown)) outcomes.push({ refundId: pending.refundId, outcome: 'waiting' });
    else if (answer.ok) {
      await settleRefunded(db, pending.refundId, { reference: answer.reference, now: at });
      outcomes.push({ refundId: pending.refundId, outcome: 'refunded' });
    } else {
      await settleRefused(db, pending.refundId, at);
      outcomes.push({ refundId: pending.refundId, outcome: 'refused' });
    }
  }
  return outcomes;
}

import type { Kysely } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database, DonationRow } from '../../platform/db/schema.js';
import { nowIso } from '../../platform/ids.js';
import type { ProviderSubscriptionPayment } from '../payments/index.js';
import { type RecordedPayment, writeCyclePayment } from './donation-payments.js';
import { isClaimConflict } from '../../platform/db/claims.js';

// Recurring gifts a provider renews by itself (PayPal Subscriptions): the provider takes each
// payment on its own schedule and says so by webhook. The webhook only names the subscription and
// the payment; the provider is asked for both before anything is recorded, each payment is one
// `donation_payments` row (unique per gift and provider reference: a redelivery, or two deliveries
// at once, record once), and the gift follows the subscription's state.

/** The gift a provider's subscription belongs to, on this site. */
export const donationOfSubscription = (
  db: Kysely<Database>,
  siteId: string,
  provider: string,
  subscriptionId: string,
) => rowWhere(db, 'donations', { site_id: siteId, provider, provider_subscription_id: subscriptionId });

/**
 * Records a renewal payment the provider took (never the first: that is the gift's order, settled
 * by the hosted flow). Answers the payment to mail a receipt for, or undefined when it was recorded
 * already. The cycle number is claimed as the scheduler claims it: the insert and a conditional
 * move of `next_cycle` in one transaction; a cycle lost to another payment is claimed again.
 */
export async function recordRenewalPayment(
  db: Kysely<Database>,
  donation: DonationRow,
  payment: ProviderSubscriptionPayment,
): Promise<RecordedPayment | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const known = await db
      .selectFrom('donation_payments')
      .select('id')
      .where('donation_id', '=', donation.id)
      .where('reference', '=', payment.reference)
      .executeTakeFirst();
    if (known) return undefined;
    try {
      return await db.transaction().execute(async (trx) => {
        const { next_cycle: cycle } = await trx
          .selectFrom('donations')
          .select('next_cycle')
          .where('id', '=', donation.id)
          .executeTakeFirstOrThrow();
        await writeCyclePayment(trx, donation, cycle, { ...payment, status: 'succeeded' }, nowIso());
        return { donation, amountCents: payment.amountCents, paidAt: payment.paidAt };
      });
    } catch (error) {
      if (!isClaimConflict(error)) throw error;
    }
  }
  throw new Error(`The payment ${payment.reference} lost its cycle five times; the provider will send it again.`);
}

export type SubscriptionChange =
  /** The provider suspended it after a failed payment: the gift stopped (mail the donor, cancel it there). */
  | { kind: 'lapsed'; donation: DonationRow; message: string }
  /** Cancelled or ended at the provider: so is the gift. */
  | { kind: 'cancelled'; donation: DonationRow }
  /** Still running at the provider although the gift is over (cancelled before approval, never paid in time). */
  | { kind: 'stale'; donation: DonationRow }
  | { kind: 'unchanged' };

export const SUSPENDED_MESSAGE = 'PayPal could not take the payment and stopped the subscription.';

/** Moves the gift to the state its subscription is in now (each move conditional: one caller makes it). */
export async function followSubscription(
  db: Kysely<Database>,
  donation: DonationRow,
  status: 'pending' | 'active' | 'suspended' | 'cancelled' | 'expired',
): Promise<SubscriptionChange> {
  const now = nowIso();
  if (status === 'suspended') {
    const moved = await db
      .updateTable('donations')
      .set({ status: 'lapsed', message: SUSPENDED_MESSAGE, next_charge_at: null, updated_at: now })
      .where('id', '=', donation.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) return { kind: 'lapsed', donation, message: SUSPENDED_MESSAGE };
    return { kind: 'unchanged' };
  }
  if (status === 'cancelled' || status === 'expired') {
    const moved = await db
      .updateTable('donations')
      .set({ status: 'cancelled', cancelled_at: now, next_charge_at: null, updated_at: now })
      .where('id', '=', donation.id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1 ? { kind: 'cancelled', donation } : { kind: 'unchanged' };
  }
  if (status === 'active' && (donation.status === 'cancelled' || donation.status === 'expired')) {
    return { kind: 'stale', donation };
  }
  return { kind: 'unchanged' };
}

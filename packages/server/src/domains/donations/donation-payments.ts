import { type Kysely, sql } from 'kysely';
import { addBillingPeriod } from '../subscriptions/index.js';
import { rowWhere, siteRow } from '../../platform/db/site-row.js';
import type { Database, DonationRow } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { type HostedPaymentProvider, type HostedProviderId, REFUND_RECOVERY_AFTER_MS } from '../payments/index.js';
import { tokenDonationId, verifyCancelToken } from './cancel-token.js';
import { expectClaimed, isClaimConflict, takeLease } from '../../platform/db/claims.js';

// What happens to a donation after it is placed: its first payment recorded once the hosted flow
// settled the order (the provider said paid), each renewal charged off-session through the provider,
// and the donor's cancel. Every step is claimed by a unique (donation, cycle) row or a conditional
// update, so racing returns, webhooks, schedulers and cancels each win once.

/** One payment a receipt is mailed for. */
export interface RecordedPayment {
  donation: DonationRow;
  amountCents: number;
  paidAt: string;
}

const PERIOD = { month: { value: 1, unit: 'MONTH' }, year: { value: 1, unit: 'YEAR' } } as const;

/** When the next renewal of a recurring gift paid at `from` falls due. */
export const nextChargeAfter = (interval: string, from: string): string | null =>
  interval === 'month' || interval === 'year' ? addBillingPeriod(from, PERIOD[interval], 1) : null;

export const donationOfOrder = (db: Kysely<Database>, siteId: string, orderId: string) =>
  rowWhere(db, 'donations', { order_id: orderId, site_id: siteId });

/**
 * Records the first payment of the donation an order belongs to, once its order is paid (moved by
 * the hosted flow's settlement, never here): `undefined` when the order is no donation,
 * `recorded` for the one caller that wrote cycle 1, `already` for every other.
 */
export async function recordFirstPayment(
  db: Kysely<Database>,
  siteId: string,
  orderId: string,
): Promise<{ kind: 'recorded'; payment: RecordedPayment } | { kind: 'already' | 'unpaid' } | undefined> {
  const donation = await donationOfOrder(db, siteId, orderId);
  if (!donation) return undefined;
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['payment_status', 'updated_at'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (order?.payment_status !== 'paid') return { kind: 'unpaid' as const };
    const session = await trx
      .selectFrom('hosted_sessions')
      .select(['payment_reference', 'saved_reference'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    const now = nowIso();
    const inserted = await trx
      .insertInto('donation_payments')
      .values({
        id: newId(),
        donation_id: donation.id,
        site_id: siteId,
        cycle: 1,
        order_id: orderId,
        amount_cents: donation.amount_cents,
        currency: donation.currency,
        status: 'succeeded',
        reference: session?.payment_reference ?? null,
        message: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['donation_id', 'cycle']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { kind: 'already' as const };
    const recurring = donation.interval !== 'once';
    const saved = session?.saved_reference ? `${donation.provider}:${session.saved_reference}` : null;
    const renews = recurring && saved !== null;
    // A gift the provider renews by itself (its own subscription) is never charged from here.
    const scheduledHere = renews && donation.provider_subscription_id === null;
    const update = {
      status: renews ? 'active' : 'paid',
      saved_reference: saved,
      next_charge_at: scheduledHere ? nextChargeAfter(donation.interval, now) : null,
      message: recurring && !renews ? 'The provider kept no payment method, so this gift cannot renew.' : null,
      updated_at: now,
    };
    await trx
      .updateTable('donations')
      .set(update)
      .where('id', '=', donation.id)
      .where('status', '=', 'pending')
      .execute();
    return {
      kind: 'recorded' as const,
      payment: { donation: { ...donation, ...update }, amountCents: donation.amount_cents, paidAt: now },
    };
  });
}

/** The donation of an order whose payment was released unpaid (expired, cancelled, failed). */
export async function markUnpaid(db: Kysely<Database>, siteId: string, orderId: string): Promise<void> {
  await db
    .updateTable('donations')
    .set({ status: 'expired', updated_at: nowIso() })
    .where('order_id', '=', orderId)
    .where('site_id', '=', siteId)
    .where('status', '=', 'pending')
    .execute();
}

export type ProviderLookup = (siteId: string, id: HostedProviderId) => Promise<HostedPaymentProvider | undefined>;

/** The idempotency key of one renewal charge: a retried request never charges twice. */
export const donationChargeKey = (donationId: string, cycle: number) => `tessera-donation-${donationId}-${cycle}`;

/**
 * Writes the gift's payment of `cycle` and moves its next cycle on (with `also`), in the caller's
 * transaction; a claim conflict is thrown when another process took the cycle first.
 */
export async function writeCyclePayment(
  trx: Kysely<Database>,
  donation: Pick<DonationRow, 'id' | 'site_id'>,
  cycle: number,
  payment: { amountCents: number; currency: string; status: string; reference: string | null },
  now: string,
  also: { next_charge_at?: string | null } = {},
): Promise<void> {
  await trx
    .insertInto('donation_payments')
    .values({
      id: newId(),
      donation_id: donation.id,
      site_id: donation.site_id,
      cycle,
      order_id: null,
      amount_cents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      reference: payment.reference,
      message: null,
      created_at: now,
    })
    .execute();
  const moved = await trx
    .updateTable('donations')
    .set({ next_cycle: cycle + 1, ...also, updated_at: now })
    .where('id', '=', donation.id)
    .where('next_cycle', '=', cycle)
    .executeTakeFirst();
  expectClaimed(moved);
}

/** Claims the cycle now due of one recurring gift; undefined when another process did (or nothing is due). */
export async function claimCycle(db: Kysely<Database>, donationId: string, now: string) {
  try {
    return await db.transaction().execute(async (trx) => {
      const donation = await rowWhere(trx, 'donations', { id: donationId, status: 'active' });
      if (!donation?.next_charge_at || donation.next_charge_at > now) return undefined;
      const cycle = donation.next_cycle;
      const charging = { amountCents: donation.amount_cents, currency: donation.currency, status: 'charging' };
      await writeCyclePayment(trx, donation, cycle, { ...charging, reference: null }, now, {
        next_charge_at: nextChargeAfter(donation.interval, donation.next_charge_at),
      });
      return { donation, cycle };
    });
  } catch (error) {
    if (isClaimConflict(error)) return undefined;
    throw error;
  }
}

export interface RenewalResult {
  donationId: string;
  cycle: number;
  status: 'succeeded' | 'failed';
  payment?: RecordedPayment;
  message?: string;
}

/**
 * Charges every recurring gift due at `now` off-session with the method the provider saved. A
 * charge the provider refuses (declined, or the bank wants the donor present) ends the gift: it is
 * marked `lapsed` with the provider's words, and nothing more is charged.
 */
export async function renewDueDonations(
  db: Kysely<Database>,
  providerFor: ProviderLookup,
  now: string,
): Promise<RenewalResult[]> {
  const due = await db
    .selectFrom('donations')
    .select('id')
    .where('status', '=', 'active')
    .where('next_charge_at', '<=', now)
    .orderBy('next_charge_at')
    .limit(200)
    .execute();
  const results: RenewalResult[] = [];
  for (const { id } of due) {
    const claimed = await claimCycle(db, id, now);
    if (!claimed) continue;
    const result = await chargeCycle(db, providerFor, claimed.donation, claimed.cycle);
    if (result) results.push(result);
  }
  return results;
}

/**
 * Charges a claimed cycle (its payment row `charging`) off-session with the method the provider
 * saved, under the cycle's idempotency key, and records the outcome; undefined when someone else
 * recorded it first (the recovery job and a late run of this).
 */
async function chargeCycle(
  db: Kysely<Database>,
  providerFor: ProviderLookup,
  donation: DonationRow,
  cycle: number,
  askedBefore = false,
): Promise<RenewalResult | undefined> {
  const [providerId, ...rest] = (donation.saved_reference ?? '').split(':');
  const provider = await providerFor(donation.site_id, providerId as HostedProviderId);
  const charged = provider
    ? await provider.chargeOffSession({
        savedReference: rest.join(':'),
        amountCents: donation.amount_cents,
        currency: donation.currency,
        orderId: donation.order_id,
        idempotencyKey: donationChargeKey(donation.id, cycle),
        askedBefore,
      })
    : ({ status: 'declined', message: 'The payment provider is no longer connected.' } as const);
  const at = nowIso();
  const succeeded = charged.status === 'succeeded';
  const recorded = await db
    .updateTable('donation_payments')
    .set({
      status: succeeded ? 'succeeded' : 'failed',
      reference: succeeded ? charged.paymentReference : null,
      message: succeeded ? null : charged.message,
    })
    .where('donation_id', '=', donation.id)
    .where('cycle', '=', cycle)
    .where('status', '=', 'charging')
    .executeTakeFirst();
  if (Number(recorded.numUpdatedRows) !== 1) return undefined;
  if (!succeeded) {
    await db
      .updateTable('donations')
      .set({ status: 'lapsed', next_charge_at: null, message: charged.message, updated_at: at })
      .where('id', '=', donation.id)
      .where('status', '=', 'active')
      .execute();
    return { donationId: donation.id, cycle, status: 'failed', message: charged.message };
  }
  return {
    donationId: donation.id,
    cycle,
    status: 'succeeded',
    payment: { donation, amountCents: donation.amount_cents, paidAt: at },
  };
}

/**
 * Cycles a crash left `charging` (claimed, the charge's outcome never written) for longer than
 * `REFUND_RECOVERY_AFTER_MS`: charged again under the same idempotency key (the provider answers it
 * with the payment it already took, if it took one) and recorded. Each row is taken by one caller
 * (a conditional update of its `created_at`); runs before the due gifts in `renewDue`.
 */
export async function recoverChargingCycles(
  db: Kysely<Database>,
  providerFor: ProviderLookup,
  now: Date,
): Promise<RenewalResult[]> {
  const before = new Date(now.getTime() - REFUND_RECOVERY_AFTER_MS).toISOString();
  const stale = await db
    .selectFrom('donation_payments')
    .select(['id', 'donation_id', 'cycle', 'created_at'])
    // Written out, not bound, so the planners use the partial index of such rows (migration 0042).
    .where('status', '=', sql.lit('charging'))
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(20)
    .execute();
  const results: RenewalResult[] = [];
  for (const row of stale) {
    const lease = { id: row.id, status: 'charging', seen: row.created_at };
    if (!(await takeLease(db, 'donation_payments', lease, now.toISOString()))) continue;
    const donation = await db.selectFrom('donations').selectAll().where('id', '=', row.donation_id).executeTakeFirst();
    if (!donation) continue;
    const result = await chargeCycle(db, providerFor, donation, row.cycle, true);
    if (result) results.push(result);
  }
  return results;
}

export type CancelOutcome =
  | { kind: 'cancelled' | 'already'; donation: DonationRow }
  | { kind: 'one-time'; donation: DonationRow }
  | { kind: 'invalid' };

/** The donation a cancel token names, when the token is genuine. */
export async function donationOfToken(db: Kysely<Database>, siteId: string, token: string) {
  const id = tokenDonationId(token);
  if (!id) return undefined;
  const donation = await siteRow(db, 'donations', siteId, id);
  return donation && verifyCancelToken(token, donation.id, donation.cancel_secret) ? donation : undefined;
}

/** The donor's cancel: stops a recurring gift at once (a conditional update: one caller cancels). */
export async function cancelDonation(db: Kysely<Database>, siteId: string, token: string): Promise<CancelOutcome> {
  const donation = await donationOfToken(db, siteId, token);
  if (!donation) return { kind: 'invalid' };
  if (donation.interval === 'once') return { kind: 'one-time', donation };
  const now = nowIso();
  const moved = await db
    .updateTable('donations')
    .set({ status: 'cancelled', next_charge_at: null, cancelled_at: now, updated_at: now })
    .where('id', '=', donation.id)
    .where('status', 'in', ['active', 'lapsed', 'pending'])
    .executeTakeFirst();
  const cancelled = Number(moved.numUpdatedRows) === 1;
  return { kind: cancelled ? 'cancelled' : 'already', donation: { ...donation, status: 'cancelled' } };
}

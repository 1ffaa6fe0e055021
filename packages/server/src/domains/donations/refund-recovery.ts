import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { takeLease } from '../../platform/db/claims.js';
import { type HostedPaymentProvider, type HostedProviderId, REFUND_RECOVERY_AFTER_MS } from '../payments/index.js';
import { donationRefundKey, dropClaim, settleClaim } from './refunds.js';

type ProviderLookup = (siteId: string, id: HostedProviderId) => Promise<HostedPaymentProvider | undefined>;

export type RecoveredDonationRefund = { refundId: string; outcome: 'refunded' | 'refused' | 'waiting' };

/**
 * An owner's refund of a gift's renewal payment that a crash left `pending` (claimed, the provider's
 * answer never written) and no provider webhook took over: asked of the provider again after
 * `REFUND_RECOVERY_AFTER_MS` with the same idempotency key (the provider answers a repeated key
 * with the refund it made, if it made one) and settled either way, as the owner's request would
 * have. Each row is taken by one caller (a conditional update of its `updated_at`); a provider that
 * cannot be reached leaves it for the next run after the same wait.
 */
export async function recoverPendingDonationRefunds(
  db: Kysely<Database>,
  providerFor: ProviderLookup,
  now: Date,
): Promise<RecoveredDonationRefund[]> {
  const before = new Date(now.getTime() - REFUND_RECOVERY_AFTER_MS).toISOString();
  const stale = await db
    .selectFrom('donation_refunds as r')
    .innerJoin('donation_payments as p', 'p.id', 'r.payment_id')
    .select([
      'r.id',
      'r.updated_at',
      'r.site_id',
      'r.donation_id',
      'r.payment_id',
      'r.provider',
      'r.amount_cents',
      'r.currency',
      'p.reference',
    ])
    // Written out, not bound, so the planners use the partial index of pending rows (migration 0042).
    .where('r.status', '=', sql.lit('pending'))
    .where('r.source', '=', 'owner')
    .where('r.updated_at', '<=', before)
    .orderBy('r.updated_at')
    .limit(20)
    .execute();
  const outcomes: RecoveredDonationRefund[] = [];
  for (const row of stale) {
    const lease = { id: row.id, status: 'pending', seen: row.updated_at };
    if (!(await takeLease(db, 'donation_refunds', lease, now.toISOString())) || !row.reference) continue;
    const provider = await providerFor(row.site_id, row.provider as HostedProviderId);
    const answer = await provider
      ?.refund({
        paymentReference: row.reference,
        amountCents: row.amount_cents,
        currency: row.currency,
        idempotencyKey: donationRefundKey(row.id),
        askedBefore: true,
      })
      .catch(() => undefined);
    const claim = { refundId: row.id, paymentId: row.payment_id, amountCents: row.amount_cents };
    // Not reached, or no answer again: it stays on its way for the next run.
    if (!answer || (!answer.ok && answer.unknown)) outcomes.push({ refundId: row.id, outcome: 'waiting' });
    else if (answer.ok) {
      await settleClaim(db, {
        ...claim,
        donationId: row.donation_id,
        siteId: row.site_id,
        provider: row.provider,
        currency: row.currency,
        reference: answer.reference,
      });
      outcomes.push({ refundId: row.id, outcome: 'refunded' });
    } else {
      await dropClaim(db, claim);
      outcomes.push({ refundId: row.id, outcome: 'refused' });
    }
  }
  return outcomes;
}

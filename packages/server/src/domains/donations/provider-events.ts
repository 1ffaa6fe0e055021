import type { Kysely } from 'kysely';
import type { Database, DonationRow } from '../../platform/db/schema.js';
import type { HostedEvent, HostedPaymentProvider, HostedProviderId } from '../payments/index.js';
import type { RecordedPayment } from './donation-payments.js';
import { donationOfSubscription, followSubscription, recordRenewalPayment } from './provider-recurring.js';
import { revertFailedRenewalRefund } from './refund-failures.js';
import { recordReportedRefund } from './refunds.js';

// What the donations area does with a verified provider event (after the hosted flow settled any
// order session it names): payments of a subscription the provider renews, its changes of state,
// and refunds of renewal payments (and their failures). The provider is asked again before anything is recorded; a
// failure throws, so the webhook answers 500 and the provider delivers the event again.

export interface ProviderEventDeps {
  db: Kysely<Database>;
  providerFor(siteId: string, id: HostedProviderId): Promise<HostedPaymentProvider | undefined>;
  /** The first payment's record and receipt (the gift's order, settled by the flow). */
  syncFirstPayment(siteId: string, orderId: string): Promise<unknown>;
  mailReceipt(payment: RecordedPayment): Promise<void>;
  mailLapsed(donationId: string, reason: string): Promise<void>;
  warn(message: string, error?: unknown): void;
}

export const CANCEL_REASONS = {
  donor: 'Cancelled by the donor from the receipt link.',
  lapsed: 'The gift stopped after a failed payment.',
  stale: 'The gift this subscription paid for has ended.',
} as const;

export function createProviderEventHandler(deps: ProviderEventDeps) {
  const { db } = deps;

  /** Cancels a subscription still running for a gift that has ended (best effort: the next event tries again). */
  async function stop(provider: HostedPaymentProvider, donation: DonationRow, reason: string) {
    if (!donation.provider_subscription_id || !provider.subscriptions) return;
    const stopped = await provider.subscriptions.cancel(donation.provider_subscription_id, reason);
    if (!stopped.ok) deps.warn(`could not cancel subscription of donation ${donation.id}: ${stopped.message}`);
  }

  async function onSubscriptionEvent(siteId: string, providerId: HostedProviderId, event: HostedEvent) {
    const subscriptionId = event.subscriptionId ?? '';
    const donation = await donationOfSubscription(db, siteId, providerId, subscriptionId);
    if (!donation) return;
    const provider = await deps.providerFor(siteId, providerId);
    const state = await provider?.subscriptions?.get(subscriptionId);
    if (!provider || !state) return;
    if (event.type === 'subscription.payment' && event.paymentReference) {
      const index = state.payments.findIndex((p) => p.reference === event.paymentReference);
      if (index < 0) throw new Error(`${providerId} does not list payment ${event.paymentReference} yet.`);
      if (index === 0) {
        // The gift's first payment is its order's: the flow settled it; record and mail it once.
        await deps.syncFirstPayment(siteId, donation.order_id);
      } else {
        const recorded = await recordRenewalPayment(db, donation, state.payments[index]!);
        if (recorded) await deps.mailReceipt(recorded);
      }
    }
    const change = await followSubscription(db, donation, state.status);
    if (change.kind === 'lapsed') {
      await deps.mailLapsed(donation.id, change.message);
      // Suspended at the provider could be resumed there; the donor was told nothing more is charged.
      await stop(provider, donation, CANCEL_REASONS.lapsed);
    } else if (change.kind === 'stale') {
      await stop(provider, donation, CANCEL_REASONS.stale);
    }
  }

  return async function onProviderEvent(siteId: string, providerId: HostedProviderId, event: HostedEvent) {
    for (const refund of event.refunds ?? []) await recordReportedRefund(db, siteId, providerId, refund);
    for (const refund of event.failedRefunds ?? []) await revertFailedRenewalRefund(db, siteId, providerId, refund);
    if (event.subscriptionId) await onSubscriptionEvent(siteId, providerId, event);
  };
}

import type { DonationInterval } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import type { DonationRow } from '../../platform/db/schema.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import type { HostedOrderKind, HostedPaymentProvider, HostedProviderId } from '../payments/index.js';
import { cancelToken } from './cancel-token.js';
import {
  type CancelOutcome,
  cancelDonation,
  donationOfOrder,
  donationOfToken,
  markUnpaid,
  type RecordedPayment,
  type RenewalResult,
  recordFirstPayment,
  recoverChargingCycles,
  renewDueDonations,
} from './donation-payments.js';
import { donationLineTitle, type NextOrderNumber } from './place.js';
import { CANCEL_REASONS, createProviderEventHandler } from './provider-events.js';
import { lapsedMail, receiptMail } from './receipt.js';
import { type RecoveredDonationRefund, recoverPendingDonationRefunds } from './refund-recovery.js';
import { type RenewalRefundOutcome, refundRenewalPayment } from './refunds.js';

export type StartOutcome = { ok: true; redirect: string } | { ok: false; message: string };

export interface DonationService extends HostedOrderKind {
  nextOrderNumber: NextOrderNumber;
  /** Whether gifts of `interval` can be paid with `provider` (recurring: off-session charges or the provider's own subscriptions). */
  takes(siteId: string, provider: HostedProviderId, interval: DonationInterval): Promise<boolean>;
  /** Opens the provider's page of a placed gift: a checkout, or for a provider that renews by itself its subscription. */
  start(
    siteId: string,
    gift: { orderId: string; donationId: string; interval: DonationInterval },
  ): Promise<StartOutcome>;
  /** The donor's cancel link: the provider's subscription first (when it has one), then the gift (once). */
  cancel(siteId: string, token: string): Promise<CancelOutcome | { kind: 'unreachable'; message: string }>;
  /** The owner refunds (part of) a renewal payment through its provider. */
  refund(input: {
    siteId: string;
    donationId: string;
    paymentId: string;
    amountCents?: number;
    locale: string;
  }): Promise<RenewalRefundOutcome>;
  /** The donation of an order, its first payment recorded when the order is paid (idempotent). */
  syncFirstPayment(siteId: string, orderId: string): Promise<DonationRow | undefined>;
  /** Charges the recurring gifts due at `now` through their provider and mails each receipt (or, refused, why the gift stopped). */
  renewDue(now?: Date): Promise<RenewalResult[]>;
  /** Owner refunds of renewal payments a crash left pending, asked again (the refund-recovery job). */
  recoverRefunds(now: Date): Promise<RecoveredDonationRefund[]>;
}

export const CANCEL_UNREACHABLE =
  'We could not reach the payment provider to stop your gift, so nothing has changed yet. Please try again in a few minutes.';

const RELEASED = ['expired', 'failed', 'refunded'];

/** The donations area's service: what the hosted flow tells it, receipts, renewals. */
export function createDonationService(app: FastifyInstance): DonationService {
  const mail = createMailService(app.db, app.config);

  async function mailReceipt(payment: RecordedPayment): Promise<void> {
    const { donation } = payment;
    const site = await app.services.content.getSite(donation.site_id);
    const base = await siteBaseUrlById(app, donation.site_id);
    const cancelUrl =
      donation.interval === 'once'
        ? undefined
        : `${base}/donate/cancel?token=${encodeURIComponent(cancelToken(donation.id, donation.cancel_secret))}`;
    const message = receiptMail({
      donation,
      amountCents: payment.amountCents,
      paidAt: payment.paidAt,
      siteTitle: site?.title ?? 'Tessera',
      locale: site?.locale?.replace('_', '-') || 'en-US',
      timeZone: site?.timeZone || 'UTC',
      cancelUrl,
    });
    await mail
      .send({ ...message, siteId: donation.site_id })
      .catch((error) => app.log.warn({ err: error }, 'donation receipt failed'));
  }

  /** Tells the donor their recurring gift stopped (a renewal the provider refused) and how to give again. */
  async function mailLapsed(donationId: string, reason: string): Promise<void> {
    const donation = await app.db.selectFrom('donations').selectAll().where('id', '=', donationId).executeTakeFirst();
    if (!donation) return;
    const site = await app.services.content.getSite(donation.site_id);
    const base = await siteBaseUrlById(app, donation.site_id);
    const message = lapsedMail({
      donation,
      siteTitle: site?.title ?? 'Tessera',
      locale: site?.locale?.replace('_', '-') || 'en-US',
      reason,
      giveAgainUrl: `${base}/donate?${new URLSearchParams({ block: donation.block_id })}`,
    });
    await mail
      .send({ ...message, siteId: donation.site_id })
      .catch((error) => app.log.warn({ err: error }, 'donation lapsed mail failed'));
  }

  const providerFor = async (siteId: string, id: HostedProviderId): Promise<HostedPaymentProvider | undefined> =>
    app.services.hostedPayments?.registry.providerFor(siteId, id);

  async function syncFirstPayment(siteId: string, orderId: string) {
    // The settle step tells us at once; this covers a payment marked by hand or a missed call.
    await afterPaid(siteId, orderId);
    const order = await app.db
      .selectFrom('orders')
      .select('payment_status')
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (order && RELEASED.includes(order.payment_status)) await markUnpaid(app.db, siteId, orderId);
    return donationOfOrder(app.db, siteId, orderId);
  }

  const onProviderEvent = createProviderEventHandler({
    db: app.db,
    providerFor,
    syncFirstPayment,
    mailReceipt,
    mailLapsed,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });

  async function afterPaid(siteId: string, orderId: string): Promise<boolean> {
    const recorded = await recordFirstPayment(app.db, siteId, orderId);
    if (!recorded) return false;
    if (recorded.kind === 'recorded') await mailReceipt(recorded.payment);
    return true;
  }

  return {
    nextOrderNumber: (trx, siteId) => {
      const checkout = app.services.checkout;
      if (!checkout) throw new Error('The checkout is not registered.');
      return checkout.service.nextOrderNumber(trx, siteId);
    },
    afterPaid,
    async landing(siteId, orderId, outcome) {
      const donation = await donationOfOrder(app.db, siteId, orderId);
      if (!donation) return undefined;
      if (outcome === 'cancel') {
        await markUnpaid(app.db, siteId, orderId);
        const error = 'Your donation was cancelled and nothing was charged.';
        return `/donate?${new URLSearchParams({ block: donation.block_id, error })}`;
      }
      return `/donate/thanks/${encodeURIComponent(orderId)}`;
    },
    syncFirstPayment,
    onProviderEvent,
    async takes(siteId, providerId, interval) {
      if (interval === 'once') return true;
      const provider = await providerFor(siteId, providerId);
      return provider?.chargesOffSession === true || provider?.subscriptions !== undefined;
    },
    async start(siteId, gift) {
      const hosted = app.services.hostedPayments;
      if (!hosted) return { ok: false, message: 'Donations cannot be taken right now. Please try again later.' };
      const recurring =
        gift.interval === 'once'
          ? undefined
          : { interval: gift.interval, productName: 'Donations', planName: donationLineTitle(gift.interval) };
      const started = await hosted.flow.start(siteId, gift.orderId, { recurring });
      if (!started.ok) return started;
      const session = await app.db
        .selectFrom('hosted_sessions')
        .select(['provider', 'session_id'])
        .where('order_id', '=', gift.orderId)
        .executeTakeFirst();
      const provider = session ? await providerFor(siteId, session.provider as HostedProviderId) : undefined;
      if (recurring && provider?.subscriptions && session?.session_id) {
        // The provider renews this gift itself: its subscription is how webhooks and the cancel link find it.
        await app.db
          .updateTable('donations')
          .set({ provider_subscription_id: session.session_id })
          .where('id', '=', gift.donationId)
          .where('provider_subscription_id', 'is', null)
          .execute();
      }
      return { ok: true, redirect: started.redirectUrl };
    },
    async cancel(siteId, token) {
      const donation = await donationOfToken(app.db, siteId, token);
      const live = donation && ['active', 'lapsed', 'pending'].includes(donation.status);
      if (donation?.provider_subscription_id && live) {
        const provider = await providerFor(siteId, donation.provider as HostedProviderId);
        const stopped = provider?.subscriptions
          ? await provider.subscriptions
              .cancel(donation.provider_subscription_id, CANCEL_REASONS.donor)
              .catch((error: unknown) => ({ ok: false as const, message: String(error) }))
          : { ok: false as const, message: 'The provider is not connected.' };
        if (!stopped.ok) {
          app.log.warn(
            { donation: donation.id, reason: stopped.message },
            'donation cancel could not reach the provider',
          );
          return { kind: 'unreachable', message: CANCEL_UNREACHABLE };
        }
      }
      const outcome = await cancelDonation(app.db, siteId, token);
      if (outcome.kind === 'cancelled' && donation?.status === 'pending') {
        // Not paid yet: its order stops waiting, so a payment that still comes (a PayPal approval
        // after the cancel) is refunded by the flow as a late payment instead of settling the gift.
        await app.services.hostedPayments?.flow
          .cancel(siteId, donation.order_id)
          .catch((error) => app.log.warn({ err: error }, 'releasing a cancelled gift failed'));
      }
      return outcome;
    },
    refund: (input) => refundRenewalPayment(app.db, providerFor, input),
    recoverRefunds: (now) => recoverPendingDonationRefunds(app.db, providerFor, now),
    async renewDue(now = new Date()) {
      const registry = app.services.hostedPayments?.registry;
      const lookup = async (siteId: string, id: HostedProviderId) => registry?.providerFor(siteId, id);
      // Cycles a crash left charging first (charged again under the same key), then those due now.
      const results = [
        ...(await recoverChargingCycles(app.db, lookup, now)),
        ...(await renewDueDonations(app.db, lookup, now.toISOString())),
      ];
      for (const result of results) {
        if (result.payment) await mailReceipt(result.payment);
        else if (result.status === 'failed')
          await mailLapsed(result.donationId, result.message ?? 'The charge was refused.');
      }
      return results;
    },
  };
}

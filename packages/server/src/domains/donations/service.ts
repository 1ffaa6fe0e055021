import type { FastifyInstance } from 'fastify';
import type { DonationRow } from '../../platform/db/schema.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import type { HostedOrderKind } from '../payments/index.js';
import { cancelToken } from './cancel-token.js';
import {
  donationOfOrder,
  markUnpaid,
  type RecordedPayment,
  type RenewalResult,
  recordFirstPayment,
  renewDueDonations,
} from './donation-payments.js';
import type { NextOrderNumber } from './place.js';
import { lapsedMail, receiptMail } from './receipt.js';

export interface DonationService extends HostedOrderKind {
  nextOrderNumber: NextOrderNumber;
  /** The donation of an order, its first payment recorded when the order is paid (idempotent). */
  syncFirstPayment(siteId: string, orderId: string): Promise<DonationRow | undefined>;
  /** Charges the recurring gifts due at `now` through their provider and mails each receipt (or, refused, why the gift stopped). */
  renewDue(now?: Date): Promise<RenewalResult[]>;
}

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
    async syncFirstPayment(siteId, orderId) {
      // The settle step tells us at once; this covers a payment marked by hand or a missed call.
      await afterPaid(siteId, orderId);
      const order = await app.db
        .selectFrom('orders')
        .select('payment_status')
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (order && RELEASED.includes(order.payment_status)) await markUnpaid(app.db, siteId, orderId);
      return donationOfOrder(app.db, siteId, orderId);
    },
    async renewDue(now = new Date()) {
      const registry = app.services.hostedPayments?.registry;
      const results = await renewDueDonations(
        app.db,
        async (siteId, id) => registry?.providerFor(siteId, id),
        now.toISOString(),
      );
      for (const result of results) {
        if (result.payment) await mailReceipt(result.payment);
        else if (result.status === 'failed')
          await mailLapsed(result.donationId, result.message ?? 'The charge was refused.');
      }
      return results;
    },
  };
}

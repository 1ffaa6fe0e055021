import { formatMoney } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import type { MailService } from '../../platform/mail/mail-service.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import { renewalPaymentMail } from './hosted-renewal.js';
import type { RenewalOutcome } from './schedule.js';
import { orderIdParams } from '../checkout/index.js';

/**
 * The buyer's way to pay a renewal their saved method could not (issue 17): the mailed link
 * `/checkout/pay/<order>` opens the provider's payment page for that order (the hosted flow's
 * session, opened on the first visit and reused after), or shows the order when it no longer waits.
 */

/** The address mailed to the buyer, from the site's public URL (`platform/http/public-url.ts`). */
export async function renewalPayUrl(app: FastifyInstance, siteId: string, orderId: string): Promise<string> {
  return `${await siteBaseUrlById(app, siteId)}/checkout/pay/${encodeURIComponent(orderId)}`;
}

/** The scheduler's `onAwaitingPayment`: mails the buyer the link to pay; a failed send is only logged. */
export function renewalAwaitingMailer(app: FastifyInstance, mail: MailService) {
  return async (outcome: RenewalOutcome): Promise<void> => {
    if (!outcome.orderId) return;
    const order = await app.db.selectFrom('orders').selectAll().where('id', '=', outcome.orderId).executeTakeFirst();
    if (!order) return;
    const site = await app.db.selectFrom('sites').select('locale').where('id', '=', order.site_id).executeTakeFirst();
    const message = renewalPaymentMail(order, {
      payUrl: await renewalPayUrl(app, order.site_id, order.id),
      state: outcome.renewalState ?? 'declined',
      message: outcome.message ?? '',
      paused: outcome.status === 'paused',
      amount: formatMoney(order.grand_total_cents, order.currency, site?.locale ?? 'en-US'),
    });
    await mail
      .send({ ...message, siteId: order.site_id })
      .catch((error) => app.log.warn({ err: error }, 'renewal payment mail failed'));
  };
}

export function registerRenewalPayRoute(app: FastifyInstance): void {
  // Each visit may open a payment session with the provider: a cap per address.
  const limit = limitPerAddress(app, { name: 'renewal-pay', max: 30, timeWindowMs: 60_000 });
  app.get('/checkout/pay/:orderId', { onRequest: limit }, async (request, reply) => {
    const { orderId } = parseInput(orderIdParams, request.params, 'address');
    const order = await app.db
      .selectFrom('orders')
      .select(['id', 'site_id', 'payment_status', 'subscription_id'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    const flow = app.services.hostedPayments?.flow;
    reply.header('cache-control', 'no-store');
    if (order?.subscription_id && order.payment_status === 'pending' && flow) {
      const started = await flow.start(order.site_id, order.id);
      if (started.ok) return reply.redirect(started.redirectUrl, 303);
    }
    // Paid, released or unknown: the order page says where it stands (404 for an unknown one).
    return reply.redirect(`/checkout/order-confirmed/${encodeURIComponent(orderId)}`, 303);
  });
}

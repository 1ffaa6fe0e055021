import { paypalWebhookEvent, stripeWebhookEvent, webhookReceived } from '@tessera/core/contracts/payment-webhooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ContentService } from '../content/index.js';
import { countPerAddress } from '../../platform/http/rate-limit.js';
import { parseInput } from '../../platform/http/validate.js';
import { ERROR_CATALOGUE } from '../../platform/errors/index.js';
import { nowIso } from '../../platform/ids.js';
import type { HostedPayments } from './flow/hosted-payments.js';
import { recordProviderRefundFailure } from './flow/provider-refund-failures.js';
import { type OrderRefundedHook, recordProviderOrderRefund } from './flow/provider-refunds.js';
import { REFUND_RETRY_AFTER_SECONDS, RefundInProgressError } from './flow/refund-in-progress.js';
import { lateRefundUnconfirmed } from './flow/settle.js';
import { rowWhere } from '../../platform/db/site-row.js';
import type { HostedEvent, HostedProviderId } from './hosted.js';
import type { HostedRegistry } from './registry.js';
import type { RouteContract } from '../../platform/http/openapi.js';

/**
 * The visitor's side of hosted payments: the provider's signed webhook, and the pages the
 * provider sends the buyer back to (paid: the order page, which shows confirmed or received;
 * gave up: the checkout). Both ask the provider before changing anything.
 */

export interface HostedRouteDeps {
  content: ContentService;
  registry: HostedRegistry;
  flow: HostedPayments;
  /** Where an order of another area (a donation) lands after the provider's page; undefined: the order page. */
  landing?(siteId: string, orderId: string, outcome: 'return' | 'cancel'): Promise<string | undefined>;
  /** Events about a provider's subscriptions and refunds, for the areas that keep them (donations). */
  onEvent?(siteId: string, providerId: HostedProviderId, event: HostedEvent): Promise<void>;
  /** The outgoing `order.refunded` event of a refund the provider reported. */
  orderRefunded?: OrderRefundedHook;
}

/** Events that name an order's session: the flow asks the provider about it. */
const SESSION_EVENTS: ReadonlySet<HostedEvent['type']> = new Set([
  'session.paid',
  'session.approved',
  'session.expired',
  'payment.failed',
  'subscription.payment',
]);

/** Route config that tells the crumb check a route is a provider webhook, verified by its signature instead. */
export const SIGNED_WEBHOOK_CONFIG = { signedWebhook: true } as const;

const backQuery = z.object({
  order: z.string({ error: 'Send the order id as text.' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'That is not an order id.'),
});
const providerParams = z.object({
  provider: z.enum(['stripe', 'paypal'], { error: 'Unknown payment provider.' }),
});

/**
 * What the document says of a provider's webhook: the body is the provider's event as raw bytes of any
 * media type (the signature is checked over them before anything reads them), and the answer once verified.
 */
function webhookContract(providerId: HostedProviderId): RouteContract {
  const named = providerId === 'stripe' ? 'Stripe' : 'PayPal';
  return {
    summary: `${named}'s signed event (raw bytes, verified against its signature before they are read)`,
    body: providerId === 'stripe' ? stripeWebhookEvent : paypalWebhookEvent,
    bodyType: '*/*',
    response: { 200: webhookReceived },
    errors: ['bad-signature', 'not-configured', 'body-too-large', 'refund-in-progress'],
  };
}

function fail(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, message });
}

/**
 * The refunds an event reports, recorded against orders, then failed ones reverted, then the areas that
 * keep their own payments (donations) told. Throws `RefundInProgressError` while an owner's refund of
 * the same payment is on its way.
 */
async function applyRefundEvents(
  app: FastifyInstance,
  deps: HostedRouteDeps,
  siteId: string,
  providerId: HostedProviderId,
  event: HostedEvent,
): Promise<void> {
  for (const refund of event.refunds ?? []) {
    const recorded = await recordProviderOrderRefund(app.db, siteId, providerId, refund, deps.orderRefunded);
    if (recorded === 'busy') throw new RefundInProgressError(refund.reference);
  }
  for (const refund of event.failedRefunds ?? []) {
    const undone = await recordProviderRefundFailure(app.db, siteId, providerId, refund);
    if (undone === 'busy') throw new RefundInProgressError(refund.reference);
  }
  if (event.subscriptionId || event.refunds?.length || event.failedRefunds?.length) {
    await deps.onEvent?.(siteId, providerId, event);
  }
}

/**
 * `POST /api/payments/<provider>/webhook`: the body is kept raw (the signature covers its exact
 * bytes), checked by the adapter, and each event id processed once per site (one provider account
 * can serve several sites, and sends each of them the same event). A failure while processing
 * answers 500 without recording the event, so the provider delivers it again; a refund event that
 * waits for an owner's refund of the same payment answers 503 `refund-in-progress` with
 * `Retry-After` (expected, not a server error), also unrecorded, so it is delivered again.
 */
export function registerHostedWebhook(app: FastifyInstance, deps: HostedRouteDeps, providerId: HostedProviderId): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const config = { ...SIGNED_WEBHOOK_CONFIG, contract: webhookContract(providerId) };
    scope.post(`/api/payments/${providerId}/webhook`, { config }, async (request, reply) => {
      const site = await deps.content.getSiteForHost(request.hostname);
      const provider = await deps.registry.providerFor(site.id, providerId);
      if (!provider) return fail(reply, 404, 'not-configured', `${providerId} is not connected to this site.`);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verified = await provider.verifyWebhook(raw, request.headers);
      if (!verified.ok) return fail(reply, 400, 'bad-signature', verified.message);
      const { event } = verified;
      const seen = await app.db
        .selectFrom('payment_events')
        .select('event_id')
        .where('provider', '=', providerId)
        .where('site_id', '=', site.id)
        .where('event_id', '=', event.eventId)
        .executeTakeFirst();
      if (seen) return reply.header('cache-control', 'no-store').send({ received: true, duplicate: true });
      if (event.sessionId && SESSION_EVENTS.has(event.type)) {
        await deps.flow.reconcile(site.id, { sessionId: event.sessionId }, providerId);
        // A late payment's refund the provider did not answer: not recorded as seen, so it comes again
        // and (after the recovery wait) asks once more under the same key (flow/settle.ts).
        const after = await rowWhere(app.db, 'hosted_sessions', { provider: providerId, session_id: event.sessionId });
        if (after && lateRefundUnconfirmed(after)) {
          reply.header('retry-after', String(REFUND_RETRY_AFTER_SECONDS));
          return fail(reply, 503, 'refund-in-progress', ERROR_CATALOGUE['refund-in-progress'].message);
        }
      }
      // Each handler is idempotent on the provider's own ids: a redelivery, or two at once, records once.
      try {
        await applyRefundEvents(app, deps, site.id, providerId, event);
      } catch (error) {
        if (!(error instanceof RefundInProgressError)) throw error;
        request.log.info({ reference: error.reference }, 'provider refund event waits for a refund in progress');
        reply.header('retry-after', String(REFUND_RETRY_AFTER_SECONDS));
        return fail(reply, 503, 'refund-in-progress', ERROR_CATALOGUE['refund-in-progress'].message);
      }
      await app.db
        .insertInto('payment_events')
        .values({
          provider: providerId,
          site_id: site.id,
          event_id: event.eventId,
          type: event.type,
          received_at: nowIso(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return reply.header('cache-control', 'no-store').send({ received: true });
    });
  });
}

/** The return and cancel pages every hosted provider sends the buyer back to. */
export function registerHostedReturnRoutes(app: FastifyInstance, deps: HostedRouteDeps): void {
  // Each visit asks the provider: limited per address so nobody drives our API quota.
  const limit = countPerAddress(app, { name: 'payment-returns', max: 60, timeWindowMs: 60_000 });
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return false;
    reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
    await fail(reply, 429, 'rate-limited', 'Too many requests. Please wait a minute and reload the page.');
    return true;
  };

  app.get('/checkout/payments/:provider/return', async (request, reply) => {
    const { provider } = parseInput(providerParams, request.params, 'address');
    const { order } = parseInput(backQuery, request.query, 'query');
    if (await limited(request, reply)) return reply;
    const site = await deps.content.getSiteForHost(request.hostname);
    try {
      await deps.flow.reconcile(site.id, { orderId: order }, provider);
    } catch (error) {
      // The provider is unreachable: the webhook will settle it; the order page says "received".
      request.log.warn({ err: error }, 'payment return could not reach the provider');
    }
    const own = await deps.landing?.(site.id, order, 'return');
    return reply
      .header('cache-control', 'no-store')
      .redirect(own ?? `/checkout/order-confirmed/${encodeURIComponent(order)}`, 303);
  });

  app.get('/checkout/payments/:provider/cancel', async (request, reply) => {
    parseInput(providerParams, request.params, 'address');
    const { order } = parseInput(backQuery, request.query, 'query');
    if (await limited(request, reply)) return reply;
    const site = await deps.content.getSiteForHost(request.hostname);
    const released = await deps.flow.cancel(site.id, order).catch((error) => {
      // The provider is unreachable: the order keeps its hold and the sweep releases it in time.
      request.log.warn({ err: error }, 'payment cancel could not reach the provider');
      return undefined;
    });
    const own = await deps.landing?.(site.id, order, released ? 'cancel' : 'return');
    if (own) return reply.header('cache-control', 'no-store').redirect(own, 303);
    if (!released) {
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/checkout/order-confirmed/${encodeURIComponent(order)}`, 303);
    }
    // The buyer's cart is theirs again, to pay another way.
    await app.db
      .updateTable('carts')
      .set({ purchased: 0, updated_at: nowIso() })
      .where('id', '=', app.db.selectFrom('orders').select('cart_id').where('id', '=', order))
      .execute();
    const message = 'Payment was cancelled and nothing was charged. Your cart is still here.';
    return reply.header('cache-control', 'no-store').redirect(`/checkout?error=${encodeURIComponent(message)}`, 303);
  });
}

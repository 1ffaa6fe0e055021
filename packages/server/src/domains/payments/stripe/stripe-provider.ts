import Stripe from 'stripe';
import type {
  CaptureResult,
  CreateSessionRequest,
  CreateSessionResult,
  CredentialCheck,
  HostedEvent,
  HostedPaymentProvider,
  OffSessionChargeRequest,
  OffSessionChargeResult,
  ProviderAccountFacts,
  ProviderRefund,
  ProviderRefundRequest,
  ProviderRefundResult,
  SessionState,
  WebhookVerification,
} from '../hosted.js';
import { createTagged, intentMadeUnder, KEY_TAG, refundMadeUnder } from './earlier-requests.js';

/**
 * Stripe through its official SDK: Stripe Checkout Sessions (the hosted payment page with cards,
 * wallets, Link and buy-now-pay-later methods the account has), refunds of the payment intent, and
 * off-session payment intents for renewals. `apiBase` points the SDK at another host (the local
 * fake in tests); unset, it talks to api.stripe.com.
 */
export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
}

/** Which mode a key is in: live keys (`sk_live_…`, `rk_live_…`) take real money. */
export function stripeKeyMode(secretKey: string): 'test' | 'live' {
  return /^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test';
}

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, telemetry: false, timeout: 20_000 };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...options,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return error.message || 'Stripe refused the request.';
  return 'Stripe could not be reached. Please try again in a moment.';
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

function sessionState(session: Stripe.Checkout.Session): SessionState {
  const paid = session.status === 'complete' && session.payment_status !== 'unpaid';
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : undefined;
  // A completed session still unpaid whose payment intent wants another method: the (bank debit) payment failed.
  const failed =
    session.status === 'complete' && !paid && ['requires_payment_method', 'canceled'].includes(intent?.status ?? '');
  const status: SessionState['status'] = paid
    ? 'paid'
    : session.status === 'expired'
      ? 'expired'
      : failed
        ? 'failed'
        : 'open';
  const customer = idOf(session.customer);
  const method = idOf(intent?.payment_method);
  return {
    sessionId: session.id,
    status,
    orderId: session.metadata?.order_id ?? session.client_reference_id ?? undefined,
    amountCents: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    paymentReference: idOf(session.payment_intent),
    savedReference: customer && method ? `${customer}:${method}` : undefined,
  };
}

/** Stripe's capabilities for the buy-now-pay-later methods the installment line speaks for. */
const PAY_LATER_CAPABILITIES = ['afterpay_clearpay_payments', 'klarna_payments'] as const;

function accountFacts(account: Stripe.Account): ProviderAccountFacts {
  const capabilities = (account.capabilities ?? {}) as Record<string, string | undefined>;
  return {
    country: account.country ?? undefined,
    currency: account.default_currency?.toUpperCase(),
    payLaterActive: PAY_LATER_CAPABILITIES.some((name) => capabilities[name] === 'active'),
  };
}

const EVENT_TYPES: Record<string, HostedEvent['type']> = {
  'checkout.session.completed': 'session.paid',
  'checkout.session.async_payment_succeeded': 'session.paid',
  'checkout.session.expired': 'session.expired',
  'checkout.session.async_payment_failed': 'payment.failed',
  // A refund, made by Tessera or in Stripe's dashboard: `refund.*` carry the refund, `charge.refunded`
  // the charge. Either way the payment intent's refunds are read back from Stripe (`refundsOf`).
  'charge.refunded': 'refund.updated',
  'charge.refund.updated': 'refund.updated',
  'refund.created': 'refund.updated',
  'refund.updated': 'refund.updated',
  // A refund that failed after it was made (even after it succeeded): it stops counting.
  'refund.failed': 'refund.updated',
};

/** At most this many refunds of one payment are read back (Stripe pages by 100). */
const MOST_REFUNDS = 1000;

export function createStripeProvider(config: StripeProviderConfig): HostedPaymentProvider {
  const stripe = new Stripe(config.secretKey, clientOptions(config.apiBase));

  /**
   * The succeeded and the failed (or canceled) refunds of a payment intent, as Stripe has them now:
   * the event only says which payment to look at, so a refund still pending is not counted, one that
   * failed stops counting, and an event that is old, out of order or about a refund Tessera made
   * itself records nothing twice. Throws when Stripe cannot be reached (the webhook then answers 500
   * and Stripe delivers it again).
   */
  async function refundsOf(
    paymentIntent: string,
  ): Promise<{ refunds: ProviderRefund[]; failedRefunds: ProviderRefund[] }> {
    const refunds: ProviderRefund[] = [];
    const failedRefunds: ProviderRefund[] = [];
    let seen = 0;
    for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
      if (++seen > MOST_REFUNDS) break;
      if (idOf(refund.payment_intent) !== paymentIntent) continue;
      const list =
        refund.status === 'succeeded'
          ? refunds
          : ['failed', 'canceled'].includes(refund.status ?? '')
            ? failedRefunds
            : undefined;
      list?.push({
        reference: refund.id,
        paymentReference: paymentIntent,
        amountCents: refund.amount,
        currency: refund.currency.toUpperCase(),
      });
    }
    // Oldest first, so refunds are recorded in the order they were made.
    return { refunds: refunds.reverse(), failedRefunds: failedRefunds.reverse() };
  }

  return {
    id: 'stripe',
    mode: stripeKeyMode(config.secretKey),
    chargesOffSession: true,

    async createSession(request: CreateSessionRequest): Promise<CreateSessionResult> {
      const description = request.lineItems
        .map((line) => `${line.quantity} × ${line.name}`)
        .join(', ')
        .slice(0, 500);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // One line for the amount due: it already counts discounts, shipping, tax and gift cards.
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountCents,
                  product_data: { name: `Order #${request.orderNumber}`, ...(description ? { description } : {}) },
                },
              },
            ],
            customer_email: request.customerEmail,
            client_reference_id: request.orderId,
            success_url: request.returnUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            metadata: { order_id: request.orderId, order_number: String(request.orderNumber), site_id: request.siteId },
            payment_intent_data: {
              metadata: { order_id: request.orderId },
              ...(request.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
            },
            ...(request.saveMethod ? { customer_creation: 'always' as const } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) return { ok: false, message: 'Stripe did not answer a payment page address.' };
        return { ok: true, sessionId: session.id, redirectUrl: session.url };
      } catch (error) {
        return { ok: false, message: messageOf(error) };
      }
    },

    async getSession(sessionId: string): Promise<SessionState | undefined> {
      try {
        return sessionState(await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },

    async capture(sessionId: string): Promise<CaptureResult> {
      // Checkout Sessions in payment mode capture when the buyer pays: nothing to move.
      const state = await this.getSession(sessionId);
      return state ? { ok: true, state } : { ok: false, message: 'Stripe does not know that payment session.' };
    },

    async expireSession(sessionId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already expired or completed: nothing left to stop.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
      try {
        const key = request.idempotencyKey;
        const earlier = request.askedBefore ? await refundMadeUnder(stripe, request.paymentReference, key) : undefined;
        const refund =
          earlier ??
          (await createTagged((tagged) =>
            stripe.refunds.create(
              {
                payment_intent: request.paymentReference,
                amount: request.amountCents,
                ...(tagged ? { metadata: { [KEY_TAG]: key } } : {}),
              },
              { idempotencyKey: key },
            ),
          ));
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { ok: false, message: refund.failure_reason ?? 'Stripe could not refund the payment.' };
        }
        return { ok: true, reference: refund.id };
      } catch (error) {
        // No answer (or a server error) even after the SDK's retry with the same key: it may have refunded.
        const unknown =
          error instanceof Stripe.errors.StripeConnectionError ||
          (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);
        return { ok: false, message: messageOf(error), ...(unknown ? { unknown } : {}) };
      }
    },

    async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
      const [customer, paymentMethod] = request.savedReference.split(':');
      if (!customer || !paymentMethod) return { status: 'declined', message: 'No saved payment method.' };
      try {
        const key = request.idempotencyKey;
        const earlier = request.askedBefore ? await intentMadeUnder(stripe, customer, key) : undefined;
        const intent =
          earlier ??
          (await createTagged((tagged) =>
            stripe.paymentIntents.create(
              {
                amount: request.amountCents,
                currency: request.currency.toLowerCase(),
                customer,
                payment_method: paymentMethod,
                off_session: true,
                confirm: true,
                metadata: { order_id: request.orderId, ...(tagged ? { [KEY_TAG]: key } : {}) },
              },
              { idempotencyKey: key },
            ),
          ));
        if (intent.status === 'succeeded') return { status: 'succeeded', paymentReference: intent.id };
        if (intent.status === 'requires_action') {
          return { status: 'requires_action', message: 'The bank asks the buyer to confirm this payment.' };
        }
        return { status: 'declined', message: intent.last_payment_error?.message ?? 'The payment was declined.' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError && error.code === 'authentication_required') {
          return { status: 'requires_action', message: error.message };
        }
        if (error instanceof Stripe.errors.StripeCardError) return { status: 'declined', message: error.message };
        throw error;
      }
    },

    async verifyWebhook(rawBody, headers): Promise<WebhookVerification> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature)
        return { ok: false, message: 'The Stripe-Signature header is missing.' };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        return { ok: false, message: 'The webhook signature does not match.' };
      }
      const object = event.data.object as { id?: string; object?: string; payment_intent?: unknown };
      const type = EVENT_TYPES[event.type] ?? 'other';
      if (type === 'refund.updated') {
        // A refund or a charge names its payment intent; anything else here is not ours to record.
        const intent = ['refund', 'charge'].includes(object.object ?? '') ? object.payment_intent : undefined;
        const paymentIntent = idOf(intent as string | { id: string } | null | undefined);
        if (!paymentIntent) return { ok: true, event: { eventId: event.id, type: 'other' } };
        return { ok: true, event: { eventId: event.id, type, ...(await refundsOf(paymentIntent)) } };
      }
      return {
        ok: true,
        event: {
          eventId: event.id,
          type,
          sessionId: object.object === 'checkout.session' ? object.id : undefined,
        },
      };
    },

    async accountFacts(): Promise<ProviderAccountFacts> {
      return accountFacts(await stripe.accounts.retrieveCurrent(undefined, { maxNetworkRetries: 0 }));
    },

    async checkCredentials(): Promise<CredentialCheck> {
      try {
        const account = await stripe.accounts.retrieveCurrent();
        return { ok: true, mode: stripeKeyMode(config.secretKey), country: account.country ?? undefined };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeAuthenticationError) {
          return {
            ok: false,
            message: 'Stripe did not accept this secret key. Copy it again from the Stripe dashboard.',
          };
        }
        return { ok: false, message: messageOf(error) };
      }
    },
  };
}

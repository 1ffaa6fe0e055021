import {
  CheckoutPaymentIntent,
  type Client,
  type ItemRequest,
  type OAuthToken,
  type OrderRequest,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  SubscriptionsController,
} from '@paypal/paypal-server-sdk';
import type {
  CaptureResult,
  CreateSessionRequest,
  CreateSessionResult,
  HostedPaymentProvider,
  OffSessionChargeResult,
  ProviderRefundRequest,
  ProviderRefundResult,
  SessionState,
} from '../hosted.js';
import { toPaypalAmount } from './amounts.js';
import { BAD_CREDENTIALS, isPaypalAnswer, isTokenFailure, paypalIssue, paypalMessage } from './errors.js';
import { sessionStateOf } from './order-state.js';
import { apiBaseOf, createSdkClient, type PaypalConfig } from './sdk-client.js';
import { createPaypalSubscriptions, isSubscriptionId } from './subscriptions.js';
import { verifyPaypalWebhook } from './webhook.js';

export type { PaypalConfig } from './sdk-client.js';

export const PAYPAL_RENEWALS_UNSUPPORTED =
  'Renewals with PayPal are not supported yet; the buyer will be asked to pay.';

/** PayPal limits free-text fields of a purchase unit to 127 characters. */
const TEXT_LIMIT = 127;

/** Items and their `item_total`, only when they add up to the amount charged (PayPal checks the sum). */
function itemsFor(request: CreateSessionRequest): { items: ItemRequest[]; total: string } | undefined {
  const sum = request.lineItems.reduce((s, line) => s + line.quantity * line.unitAmountCents, 0);
  if (request.lineItems.length === 0 || sum !== request.amountCents) return undefined;
  const items: ItemRequest[] = [];
  for (const line of request.lineItems) {
    const unit = toPaypalAmount(line.unitAmountCents, request.currency);
    if (!unit.ok || !Number.isInteger(line.quantity) || line.quantity < 1) return undefined;
    items.push({
      name: line.name.slice(0, TEXT_LIMIT) || 'Item',
      quantity: String(line.quantity),
      unitAmount: unit.money,
    });
  }
  const total = toPaypalAmount(sum, request.currency);
  return total.ok ? { items, total: total.money.value } : undefined;
}

function orderRequestFor(request: CreateSessionRequest, value: string, currencyCode: string): OrderRequest {
  const lines = itemsFor(request);
  return {
    intent: CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: request.orderId.slice(0, 256),
        customId: request.orderId.slice(0, TEXT_LIMIT),
        description: `Order #${request.orderNumber}`,
        amount: {
          currencyCode,
          value,
          ...(lines ? { breakdown: { itemTotal: { currencyCode, value: lines.total } } } : {}),
        },
        ...(lines ? { items: lines.items } : {}),
      },
    ],
    paymentSource: {
      paypal: {
        experienceContext: {
          returnUrl: request.returnUrl,
          cancelUrl: request.cancelUrl,
          userAction: PaypalExperienceUserAction.PayNow,
          shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
        },
      },
    },
  };
}

/** The PayPal adapter of the hosted-payment contract, built on PayPal's official server SDK. */
export function createPaypalProvider(config: PaypalConfig): HostedPaymentProvider {
  const apiBase = apiBaseOf(config);
  let token: OAuthToken | undefined;
  const remember = (next: OAuthToken) => {
    token = next;
  };
  let client: Client = createSdkClient(config, remember);

  /**
   * Runs one SDK call. The SDK keeps its token request as a shared promise, so one failed token
   * request (bad keys, network down) would fail every later call; a fresh client starts over.
   */
  async function call<T>(
    work: (
      orders: OrdersController,
      payments: PaymentsController,
      subscriptions: SubscriptionsController,
    ) => Promise<T>,
  ): Promise<T> {
    const current = client;
    try {
      return await work(
        new OrdersController(current),
        new PaymentsController(current),
        new SubscriptionsController(current),
      );
    } catch (error) {
      const tokenTrouble = !isPaypalAnswer(error) || isTokenFailure(error) || error.statusCode === 401;
      if (tokenTrouble && client === current) {
        client = createSdkClient(config, remember);
      }
      throw error;
    }
  }

  async function bearer(fresh: boolean): Promise<string> {
    const expired = token?.expiry !== undefined && token.expiry * 1000n <= BigInt(Date.now() + 60_000);
    if (fresh || !token || expired) token = await client.clientCredentialsAuthManager.fetchToken();
    return token.accessToken;
  }

  const subscriptions = createPaypalSubscriptions({
    apiBase,
    token: (fresh) => bearer(fresh),
    call: (work) => call((_orders, _payments, controller) => work(controller)),
  });

  async function getSession(sessionId: string): Promise<SessionState | undefined> {
    if (isSubscriptionId(sessionId)) return subscriptions.session(sessionId);
    try {
      const { result } = await call((orders) => orders.getOrder({ id: sessionId }));
      return sessionStateOf(result);
    } catch (error) {
      if (isPaypalAnswer(error) && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  return {
    id: 'paypal',
    mode: config.mode,

    subscriptions: subscriptions.api,

    async createSession(request: CreateSessionRequest): Promise<CreateSessionResult> {
      const { recurring } = request;
      if (recurring) return subscriptions.start({ ...request, recurring });
      const amount = toPaypalAmount(request.amountCents, request.currency);
      if (!amount.ok) return amount;
      const body = orderRequestFor(request, amount.money.value, amount.money.currencyCode);
      try {
        const { result } = await call((orders) =>
          orders.createOrder({ body, paypalRequestId: request.idempotencyKey, prefer: 'return=representation' }),
        );
        const link = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
        if (!result.id || !link) return { ok: false, message: 'PayPal did not answer with a page for the buyer.' };
        return { ok: true, sessionId: result.id, redirectUrl: link.href };
      } catch (error) {
        return { ok: false, message: paypalMessage(error) };
      }
    },

    getSession,

    async capture(sessionId: string, idempotencyKey: string): Promise<CaptureResult> {
      if (isSubscriptionId(sessionId)) {
        // PayPal takes a subscription's first payment itself when the payer approves.
        const state = await getSession(sessionId);
        return state ? { ok: true, state } : { ok: false, message: 'PayPal does not know this subscription.' };
      }
      try {
        const { result } = await call((orders) =>
          orders.captureOrder({ id: sessionId, paypalRequestId: idempotencyKey, prefer: 'return=representation' }),
        );
        return { ok: true, state: sessionStateOf(result) };
      } catch (error) {
        if (paypalIssue(error) === 'ORDER_ALREADY_CAPTURED') {
          const state = await getSession(sessionId).catch(() => undefined);
          if (state) return { ok: true, state };
        }
        return { ok: false, message: paypalMessage(error) };
      }
    },

    async expireSession(): Promise<void> {
      // PayPal has no call to void an uncaptured Orders v2 order: money moves only when Tessera
      // captures, and PayPal drops an order nobody approved after a few hours. A subscription
      // waiting for approval cannot be cancelled either; one approved after its order was released
      // is cancelled by the area that opened it, and its first payment refunded by the flow.
    },

    async refund(request: ProviderRefundRequest): Promise<ProviderRefundResult> {
      const amount = toPaypalAmount(request.amountCents, request.currency);
      if (!amount.ok) return amount;
      try {
        const { result } = await call((_orders, payments) =>
          payments.refundCapturedPayment({
            captureId: request.paymentReference,
            paypalRequestId: request.idempotencyKey,
            prefer: 'return=representation',
            body: { amount: amount.money },
          }),
        );
        if (!result.id || result.status === 'FAILED' || result.status === 'CANCELLED') {
          return { ok: false, message: `PayPal did not complete the refund (${result.status ?? 'no status'}).` };
        }
        return { ok: true, reference: result.id };
      } catch (error) {
        // The network failed or PayPal failed inside: it may have refunded (asked again with the same request id).
        const unknown = !isPaypalAnswer(error) || (error.statusCode ?? 0) >= 500;
        return { ok: false, message: paypalMessage(error), ...(unknown ? { unknown } : {}) };
      }
    },

    async chargeOffSession(): Promise<OffSessionChargeResult> {
      return { status: 'declined', message: PAYPAL_RENEWALS_UNSUPPORTED };
    },

    verifyWebhook(rawBody, headers) {
      return verifyPaypalWebhook({ apiBase, webhookId: config.webhookId, token: bearer }, rawBody, headers);
    },

    async checkCredentials() {
      if (!config.clientId || !config.clientSecret) return { ok: false, message: BAD_CREDENTIALS };
      try {
        await bearer(true);
        return { ok: true, mode: config.mode };
      } catch (error) {
        return { ok: false, message: paypalMessage(error) };
      }
    },
  };
}

import type { HostedEvent, ProviderRefund, WebhookVerification } from '../hosted.js';
import { fromPaypalAmount } from './amounts.js';

/**
 * PayPal signs webhooks with its certificate; the supported way to check one is to hand the
 * transmission headers, our webhook id and the event to PayPal's verify-webhook-signature API.
 * The SDK has no call for it, so it is posted here with the SDK's OAuth token. The event goes
 * into that request byte for byte as received: PayPal's check covers the exact body, so parsing
 * and re-serialising it could turn a genuine event into a failure.
 */

export interface WebhookVerifier {
  apiBase: string;
  webhookId: string;
  /** A bearer token; `fresh` asks for a new one after a 401. */
  token(fresh: boolean): Promise<string>;
}

type Headers = Record<string, string | string[] | undefined>;

const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

interface PaypalEvent {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    /** A sale (Payments v1 shape): the subscription that took it. */
    billing_agreement_id?: string;
    /** A sale's refund (v1): the sale refunded, its state and amount. */
    sale_id?: string;
    state?: string;
    amount?: { total?: string; currency?: string; value?: string; currency_code?: string };
    status?: string;
    links?: { href?: string; rel?: string }[];
  };
}

function parseEvent(text: string): PaypalEvent | undefined {
  try {
    const event = JSON.parse(text) as Partial<PaypalEvent> | null;
    if (!event || typeof event !== 'object' || Array.isArray(event)) return undefined;
    return typeof event.id === 'string' && typeof event.event_type === 'string' ? (event as PaypalEvent) : undefined;
  } catch {
    return undefined;
  }
}

export async function verifyPaypalWebhook(
  verifier: WebhookVerifier,
  rawBody: Buffer,
  headers: Headers,
): Promise<WebhookVerification> {
  if (!verifier.webhookId) return { ok: false, message: 'The PayPal webhook ID is not configured.' };
  const fields: string[] = [];
  for (const [field, name] of Object.entries(SIGNATURE_HEADERS)) {
    const value = header(headers, name);
    if (!value) return { ok: false, message: 'The PayPal signature headers are missing.' };
    fields.push(`${JSON.stringify(field)}:${JSON.stringify(value)}`);
  }
  const text = rawBody.toString('utf8');
  const event = parseEvent(text);
  if (!event) return { ok: false, message: 'The body is not a PayPal event.' };
  fields.push(`"webhook_id":${JSON.stringify(verifier.webhookId)}`, `"webhook_event":${text}`);
  const body = `{${fields.join(',')}}`;

  let response = await post(verifier, body, false);
  if (response.status === 401) response = await post(verifier, body, true);
  if (!response.ok) return { ok: false, message: `PayPal could not verify the webhook (HTTP ${response.status}).` };
  const answer = (await response.json().catch(() => ({}))) as { verification_status?: string };
  if (answer.verification_status !== 'SUCCESS')
    return { ok: false, message: 'The PayPal webhook signature is not valid.' };
  return { ok: true, event: hostedEventOf(event) };
}

async function post(verifier: WebhookVerifier, body: string, freshToken: boolean): Promise<Response> {
  const token = await verifier.token(freshToken);
  return fetch(`${verifier.apiBase}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(20_000),
  });
}

/** A completed refund in either of PayPal's shapes: a sale's (v1: `sale_id`, `amount.total`) or a capture's (v2). */
function refundOf(resource: NonNullable<PaypalEvent['resource']>): ProviderRefund | undefined {
  const completed = resource.state === 'completed' || resource.status === 'COMPLETED';
  const currency = resource.amount?.currency ?? resource.amount?.currency_code;
  const value = resource.amount?.total ?? resource.amount?.value;
  const cents = fromPaypalAmount(
    currency && value ? { currencyCode: currency, value: value.replace(/^-/, '') } : undefined,
  );
  const up = resource.links?.find((l) => l.rel === 'up')?.href;
  const payment = resource.sale_id ?? (up ? /\/v2\/payments\/captures\/([^/?]+)/.exec(up)?.[1] : undefined);
  if (!completed || !resource.id || !payment || cents === undefined || !currency) return undefined;
  return { reference: resource.id, paymentReference: payment, amountCents: cents, currency };
}

/** The event as the flow sees it: capture events name their order through `related_ids`. */
export function hostedEventOf(event: PaypalEvent): HostedEvent {
  const orderOfCapture = event.resource?.supplementary_data?.related_ids?.order_id;
  const base = { eventId: event.id };
  const resource = event.resource ?? {};
  switch (event.event_type) {
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
      // The subscription is the session of the order it was opened for; the flow reads it back.
      return { ...base, type: 'session.paid', sessionId: resource.id, subscriptionId: resource.id };
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
    case 'BILLING.SUBSCRIPTION.EXPIRED':
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
      return { ...base, type: 'subscription.updated', subscriptionId: resource.id };
    case 'PAYMENT.SALE.COMPLETED':
      return resource.billing_agreement_id
        ? {
            ...base,
            type: 'subscription.payment',
            sessionId: resource.billing_agreement_id,
            subscriptionId: resource.billing_agreement_id,
            paymentReference: resource.id,
          }
        : { ...base, type: 'other' };
    case 'PAYMENT.SALE.REFUNDED':
    case 'PAYMENT.SALE.REVERSED': {
      const refund = refundOf(resource);
      return refund ? { ...base, type: 'refund.updated', refunds: [refund] } : { ...base, type: 'other' };
    }
    case 'CHECKOUT.ORDER.APPROVED':
      return { ...base, type: 'session.approved', sessionId: event.resource?.id };
    case 'CHECKOUT.ORDER.COMPLETED':
      return { ...base, type: 'session.paid', sessionId: event.resource?.id };
    case 'CHECKOUT.ORDER.VOIDED':
      return { ...base, type: 'session.expired', sessionId: event.resource?.id };
    case 'PAYMENT.CAPTURE.COMPLETED':
      return { ...base, type: 'session.paid', sessionId: orderOfCapture };
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return { ...base, type: 'payment.failed', sessionId: orderOfCapture };
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const refund = refundOf(resource);
      return { ...base, type: 'refund.updated', sessionId: orderOfCapture, ...(refund ? { refunds: [refund] } : {}) };
    }
    default:
      return { ...base, type: 'other' };
  }
}

import type { HostedEvent, WebhookVerification } from '../hosted.js';

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
  resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } };
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

/** The event as the flow sees it: capture events name their order through `related_ids`. */
export function hostedEventOf(event: PaypalEvent): HostedEvent {
  const orderOfCapture = event.resource?.supplementary_data?.related_ids?.order_id;
  const base = { eventId: event.id };
  switch (event.event_type) {
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
    case 'PAYMENT.CAPTURE.REVERSED':
      return { ...base, type: 'refund.updated', sessionId: orderOfCapture };
    default:
      return { ...base, type: 'other' };
  }
}

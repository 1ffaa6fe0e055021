import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The webhook half of the fake PayPal: it signs and posts events the way PayPal does (transmission
 * headers, signature over id|time|webhook id|CRC32 of the body) and answers the verify-webhook-signature
 * API with SUCCESS only for an event it sent itself, byte for byte, to the webhook id it was given.
 * The signature is an HMAC with a secret only the fake knows, standing in for PayPal's certificate.
 */

export interface SentWebhook {
  /** The event id (`WH-…`): PayPal resends the same id when it retries. */
  eventId: string;
  eventType: string;
  transmissionId: string;
  /** The exact bytes posted. */
  body: string;
  headers: Record<string, string>;
  /** HTTP status of each delivery attempt, in order. */
  deliveries: number[];
}

interface VerifyRequest {
  auth_algo?: unknown;
  cert_url?: unknown;
  transmission_id?: unknown;
  transmission_sig?: unknown;
  transmission_time?: unknown;
  webhook_id?: unknown;
  webhook_event?: unknown;
}

const AUTH_ALGO = 'SHA256withRSA';

export class FakeWebhooks {
  readonly sent: SentWebhook[] = [];
  /** Where events are posted; undefined keeps them queued. */
  url: string | undefined;
  private readonly secret = randomBytes(32);
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly apiBase: () => string,
    readonly webhookId: string,
  ) {}

  private sign(transmissionId: string, time: string, webhookId: string, body: string): string {
    const message = `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(body))}`;
    return createHmac('sha256', this.secret).update(message).digest('base64');
  }

  /** Builds and records a signed event; `deliver` posts it. */
  create(eventType: string, resourceType: string, resource: unknown, summary: string): SentWebhook {
    const eventId = `WH-${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`;
    const event = {
      id: eventId,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    const headers = {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': this.sign(transmissionId, time, this.webhookId, body),
      'paypal-cert-url': `${this.apiBase()}/v1/notifications/certs/CERT-FAKE`,
      'paypal-auth-algo': AUTH_ALGO,
    };
    const sent: SentWebhook = { eventId, eventType, transmissionId, body, headers, deliveries: [] };
    this.sent.push(sent);
    return sent;
  }

  /** Posts one event (again, for a duplicate) to the configured URL; answers the HTTP status. */
  async deliver(event: SentWebhook): Promise<number> {
    if (!this.url) throw new Error('The fake PayPal has no webhook URL to deliver to.');
    const attempt = fetch(this.url, { method: 'POST', headers: event.headers, body: event.body }).then(
      async (response) => {
        await response.arrayBuffer();
        event.deliveries.push(response.status);
        return response.status;
      },
    );
    this.inFlight.add(attempt);
    try {
      return await attempt;
    } finally {
      this.inFlight.delete(attempt);
    }
  }

  /** Posts every event not delivered yet, in the order they happened. */
  async deliverPending(): Promise<number[]> {
    const statuses: number[] = [];
    for (const event of this.sent.filter((e) => e.deliveries.length === 0)) statuses.push(await this.deliver(event));
    return statuses;
  }

  /** Waits for deliveries started in the background. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Starts a delivery without waiting (as PayPal does after answering an API call). */
  deliverInBackground(event: SentWebhook): void {
    if (this.url) void this.deliver(event).catch(() => {});
  }

  /** The verify-webhook-signature API: SUCCESS only for an event this fake sent, unaltered. */
  verify(request: VerifyRequest): 'SUCCESS' | 'FAILURE' {
    const sent = this.sent.find((e) => e.transmissionId === request.transmission_id);
    if (!sent || request.webhook_id !== this.webhookId) return 'FAILURE';
    if (request.auth_algo !== AUTH_ALGO || request.cert_url !== sent.headers['paypal-cert-url']) return 'FAILURE';
    if (request.transmission_time !== sent.headers['paypal-transmission-time']) return 'FAILURE';
    if (typeof request.transmission_sig !== 'string') return 'FAILURE';
    const given = Buffer.from(request.transmission_sig);
    const expected = Buffer.from(sent.headers['paypal-transmission-sig']);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'FAILURE';
    // The event must be the one signed: same JSON, nothing added, removed or changed.
    return JSON.stringify(request.webhook_event) === JSON.stringify(JSON.parse(sent.body)) ? 'SUCCESS' : 'FAILURE';
  }
}

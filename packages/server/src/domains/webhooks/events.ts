import { randomBytes } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId } from '../../platform/ids.js';

/** The events an endpoint may subscribe to (issue 21). `webhook.test` is only ever sent by "Send test". */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'order.refunded',
  'order.fulfilled',
  'form.submitted',
  'newsletter.subscribed',
  'restock.signed_up',
  'subscription.renewed',
  'subscription.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const TEST_EVENT = 'webhook.test';

/** A fresh event id: the receiver's key for dropping a repeat (`docs/webhooks.md`). */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/** The JSON body of an event, as posted. */
export function eventBody(event: {
  id: string;
  type: string;
  siteId: string;
  createdAt: string;
  data: unknown;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    siteId: event.siteId,
    data: event.data,
  });
}

export interface RecordedEvent {
  siteId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  /** ISO time of the change (default: now). */
  now?: string;
}

export interface WebhookEndpointEvents {
  id: string;
  /** JSON list of the event types the endpoint subscribes to. */
  events: string;
}

/**
 * The site's enabled endpoints: read once when one change records several events, before the
 * change takes its row locks (checkout, issue 20).
 */
export function enabledWebhookEndpoints(db: Kysely<Database>, siteId: string): Promise<WebhookEndpointEvents[]> {
  const endpoints = db.selectFrom('webhook_endpoints').select(['id', 'events']);
  return endpoints.where('site_id', '=', siteId).where('enabled', '=', 1).execute();
}

/**
 * Writes `event` into the webhook outbox: one pending delivery per enabled endpoint of the site
 * that subscribes to its type. Call it with the transaction that makes the change, so the event
 * exists exactly when the change does; the `webhooks` job posts it afterwards.
 */
export async function recordWebhookEvent(
  db: Kysely<Database>,
  event: RecordedEvent,
  /** The site's endpoints, when this transaction read them already (`enabledWebhookEndpoints`). */
  known?: readonly WebhookEndpointEvents[],
): Promise<number> {
  const endpoints = known ?? (await enabledWebhookEndpoints(db, event.siteId));
  const insert = webhookEventInsert(db, event, endpoints);
  if (insert === undefined) return 0;
  await db.executeQuery(insert.query);
  return insert.deliveries;
}

/**
 * `recordWebhookEvent`'s write, compiled and not run, from the endpoints the caller read: for a
 * caller that sends it with others (`runTogether`, `writeAtCommit`). Undefined when no endpoint
 * takes the event.
 */
export function webhookEventInsert(
  db: Kysely<Database>,
  event: RecordedEvent,
  endpoints: readonly WebhookEndpointEvents[],
): { query: CompiledQuery; deliveries: number } | undefined {
  const targets = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(event.type));
  if (targets.length === 0) return undefined;
  const now = event.now ?? new Date().toISOString();
  const id = newEventId();
  const payload = eventBody({ id, type: event.type, siteId: event.siteId, createdAt: now, data: event.data });
  const query = db
    .insertInto('webhook_deliveries')
    .values(
      targets.map((t) =>
        pendingDelivery(
          { site_id: event.siteId, endpoint_id: t.id, event_id: id, event_type: event.type, payload },
          now,
        ),
      ),
    )
    .compile();
  return { query, deliveries: targets.length };
}

/** What says which event goes where; the rest of a delivery row is its attempt state. */
export interface DeliveryTarget {
  site_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
}

/** A new delivery row waiting for its first attempt at `now` (new events, test events, redeliveries). */
export function pendingDelivery(target: DeliveryTarget, now: string) {
  return {
    ...target,
    id: newId(),
    attempts: 0,
    next_attempt_at: now,
    status: 'pending',
    response_status: null,
    last_error: null,
    created_at: now,
    updated_at: now,
  };
}

/** The order fields every order event carries. */
export function orderEventData(order: {
  id: string;
  order_number: number | string;
  customer_email: string;
  currency: string;
  grand_total_cents: number;
  refunded_cents?: number;
  status: string;
  payment_status: string;
  fulfillment_status: string;
}): Record<string, unknown> {
  return {
    order: {
      id: order.id,
      number: order.order_number,
      email: order.customer_email,
      currency: order.currency,
      totalCents: order.grand_total_cents,
      refundedCents: order.refunded_cents ?? 0,
      status: order.status,
      paymentStatus: order.payment_status,
      fulfillmentStatus: order.fulfillment_status,
    },
  };
}

/** The `form.submitted` event of an accepted (not spam) submission, written in its transaction. */
export async function formSubmittedWebhook(
  trx: Kysely<Database>,
  submission: {
    siteId: string;
    form: { id: string; name: string };
    id: string;
    values: Record<string, unknown>;
    createdAt: string;
  },
): Promise<void> {
  const data = {
    form: submission.form,
    submission: { id: submission.id, values: submission.values, createdAt: submission.createdAt },
  };
  await recordWebhookEvent(trx, { siteId: submission.siteId, type: 'form.submitted', data, now: submission.createdAt });
}

/** The `newsletter.subscribed` event of a new subscriber, written in the sign-up's transaction. */
export async function newsletterSubscribedWebhook(
  trx: Kysely<Database>,
  signup: {
    siteId: string;
    email: string;
    list: { id: string } | null;
    form: { id: string; name: string };
    createdAt: string;
  },
): Promise<void> {
  const data = {
    subscriber: { email: signup.email, subscribedAt: signup.createdAt },
    list: signup.list,
    form: signup.form,
  };
  await recordWebhookEvent(trx, { siteId: signup.siteId, type: 'newsletter.subscribed', data, now: signup.createdAt });
}

/** The `restock.signed_up` event of a new back-in-stock sign-up, written in its transaction. */
export async function restockSignedUpWebhook(
  trx: Kysely<Database>,
  signUp: {
    siteId: string;
    id: string;
    productId: string;
    variantId: string;
    sku: string;
    email: string;
    createdOn: string;
  },
): Promise<void> {
  const { siteId, id, productId, variantId, sku, email, createdOn } = signUp;
  const data = { signUp: { id, productId, variantId, sku, email, createdAt: createdOn } };
  await recordWebhookEvent(trx, { siteId, type: 'restock.signed_up', data, now: createdOn });
}

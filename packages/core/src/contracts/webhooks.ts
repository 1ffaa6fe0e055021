import { z } from 'zod';

// Outgoing webhooks as the owner manages them (`/api/config/webhooks*`, admin group; docs/webhooks.md):
// endpoints (the signing secret answered once, at creation and rotation), a test event, the recent
// deliveries and a redelivery. The bodies stay in the server (the receiver address is checked
// against its address guard).

/** Where a delivery stands, as every connected service's outbox answers it (webhooks, mailing services). */
export const deliveryState = {
  /** `pending` (waiting or retrying), `delivered` or `failed` (gave up). */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.int(),
  nextAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status of the last attempt, if it answered. */
  responseStatus: z.int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** One endpoint (never its secret). */
export const webhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    /** Failed deliveries in a row; the endpoint is turned off after too many (`disabledReason`). */
    failureStreak: z.int(),
    disabledReason: z.string().nullable(),
    /** While set, deliveries are also signed with the secret before the last rotation. */
    previousSecretUntil: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .strict();

/** `GET /api/config/webhooks`: the events an endpoint may pick, whether secrets are stored encrypted, the endpoints. */
export const webhookListing = z
  .object({ events: z.array(z.string()), secretsEncrypted: z.boolean(), endpoints: z.array(webhookEndpoint) })
  .strict();

/** `POST /api/config/webhooks` (201) and `POST …/:id/rotate-secret`: the endpoint and its new secret, this once. */
export const webhookWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() }).strict();

/** `PATCH /api/config/webhooks/:id`. */
export const webhookEndpointAnswer = z.object({ endpoint: webhookEndpoint }).strict();

/** `DELETE /api/config/webhooks/:id`. */
export const webhookDeletedAnswer = z.object({ deleted: z.literal(true) }).strict();

/** One delivery of an event to an endpoint. */
export const webhookDelivery = z
  .object({ id: z.string(), eventId: z.string(), type: z.string(), ...deliveryState })
  .strict();

/** `GET /api/config/webhooks/:id/deliveries`: the latest 50, newest first. */
export const webhookDeliveries = z.object({ deliveries: z.array(webhookDelivery) }).strict();

/** `POST …/:id/test` and `POST …/:id/deliveries/:deliveryId/redeliver`: the delivery, after its first attempt. */
export const webhookDeliveryAnswer = z.object({ delivery: webhookDelivery }).strict();

export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export type WebhookListing = z.infer<typeof webhookListing>;
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

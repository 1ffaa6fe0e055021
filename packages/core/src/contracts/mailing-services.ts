import { z } from 'zod';
import { deliveryState } from './webhooks.js';

// Mailing services as the owner connects them (`/api/config/mailing-services*`, admin group;
// docs/mailing-services.md): Mailchimp audiences and webhook receivers that get every newsletter
// sign-up, with their recent deliveries. The bodies stay in the server (the receiver address is
// checked by its address guard, the key by Mailchimp's shape).

/** One connection, with how many of its sign-ups were sent, wait or failed (never its key or secret). */
export const mailingConnection = z
  .object({
    id: z.string(),
    kind: z.enum(['mailchimp', 'webhook']),
    label: z.string(),
    /** The Mailchimp audience; null for a webhook receiver. */
    audience: z.object({ id: z.string(), name: z.string() }).strict().nullable(),
    doubleOptIn: z.boolean(),
    /** The receiver's address; null for Mailchimp. */
    url: z.string().nullable(),
    enabled: z.boolean(),
    delivered: z.int(),
    pending: z.int(),
    failed: z.int(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .strict();

/**
 * `GET /api/config/mailing-services`, and the answer of every change (connect, disconnect, retry):
 * whether secrets can be stored (the server's secret key), why not, and the connections. A webhook
 * receiver just connected comes with its signing `secret`, this once.
 */
export const mailingListing = z
  .object({
    secretsAvailable: z.boolean(),
    secretsMessage: z.string().nullable(),
    connections: z.array(mailingConnection),
    secret: z.string().optional(),
  })
  .strict();

/** One Mailchimp audience of the account a key opens. */
export const mailchimpAudience = z.object({ id: z.string(), name: z.string(), memberCount: z.int() }).strict();

/** `POST /api/config/mailing-services/mailchimp/audiences`. */
export const mailchimpAudiences = z.object({ audiences: z.array(mailchimpAudience) }).strict();

/** One sign-up sent (or to be sent) to a connection. */
export const mailingDelivery = z
  .object({
    id: z.string(),
    email: z.string(),
    /** Where the sign-up came from (the newsletter form, a checkout opt-in, …). */
    source: z.string(),
    ...deliveryState,
  })
  .strict();

/** `GET /api/config/mailing-services/:id/deliveries`: the latest 50, newest first. */
export const mailingDeliveries = z.object({ deliveries: z.array(mailingDelivery) }).strict();

export type MailingConnection = z.infer<typeof mailingConnection>;
export type MailingListing = z.infer<typeof mailingListing>;
export type MailchimpAudience = z.infer<typeof mailchimpAudience>;
export type MailingDelivery = z.infer<typeof mailingDelivery>;

import { z } from 'zod';

// The payment providers' webhooks (`POST /api/payments/stripe/webhook`, `POST /api/payments/paypal/webhook`):
// the body is the provider's event, kept as raw bytes because the signature covers them exactly. It is
// verified by the provider's adapter (Stripe: the `Stripe-Signature` header; PayPal: PayPal's own
// verification of the transmission headers) before anything reads it, then read by that adapter; these
// schemas describe the event for readers of the API and are not what refuses a delivery (a body whose
// signature does not verify answers 400 `bad-signature`, whatever its shape).

/** A Stripe event: `checkout.session.*`, `payment_intent.*`, `charge.refunded`, `invoice.*`, … */
export const stripeWebhookEvent = z.looseObject({
  id: z.string().describe('The event id (`evt_…`): each is processed once per site.'),
  type: z.string().describe('`checkout.session.completed`, `charge.refunded`, …'),
  data: z.looseObject({ object: z.looseObject({}).describe('The session, payment intent, charge or invoice.') }),
});

/** A PayPal webhook event: `CHECKOUT.ORDER.APPROVED`, `PAYMENT.CAPTURE.REFUNDED`, `BILLING.SUBSCRIPTION.*`, … */
export const paypalWebhookEvent = z.looseObject({
  id: z.string().describe('The event id (`WH-…`): each is processed once per site.'),
  event_type: z.string().describe('`CHECKOUT.ORDER.APPROVED`, `PAYMENT.CAPTURE.REFUNDED`, …'),
  resource: z.looseObject({}).optional().describe('The order, capture, refund or subscription.'),
});

/** The answer to a verified delivery; `duplicate` when this site had processed the event already. */
export const webhookReceived = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }).strict();

export type StripeWebhookEvent = z.infer<typeof stripeWebhookEvent>;
export type PaypalWebhookEvent = z.infer<typeof paypalWebhookEvent>;
export type WebhookReceived = z.infer<typeof webhookReceived>;

import { z } from 'zod';
import { orderSummary } from './checkout.js';

// The store's orders as an owner manages them (`/api/config/orders*`, store group): the list with
// search, a filter and keyset pages; one order with its lines, payments and history; fulfilling,
// marking a pay-later order paid and refunding. The visitor's side is `./checkout.ts`.

const cents = z.int();

/** The list's status filter. */
export const ORDER_FILTERS = ['all', 'unfulfilled', 'fulfilled', 'payment-pending', 'refunded'] as const;

/** `GET /api/config/orders`'s query; without `limit` a page holds the newest 200 orders. */
export const orderListQuery = z
  .object({
    q: z.string().trim().max(256, 'q: Search with at most 256 characters.').optional(),
    status: z.enum(ORDER_FILTERS, { error: `status: Use one of ${ORDER_FILTERS.join(', ')}.` }).optional(),
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

/** A row of the list: the buyer's summary with the owner's fields. */
export const orderListItem = orderSummary
  .extend({
    customerName: z.string(),
    /** `pending` or `fulfilled`. */
    fulfillmentStatus: z.string(),
    refundedCents: cents,
  })
  .strict();

/** `GET /api/config/orders`, with the site's locale to show money and dates in. */
export const orderPage = z
  .object({
    orders: z.array(orderListItem),
    hasNextPage: z.boolean(),
    nextPageCursor: z.string().nullable(),
    locale: z.string(),
  })
  .strict();

/** One line as it was sold. */
export const orderLine = z
  .object({
    title: z.string(),
    sku: z.string(),
    attributes: z.record(z.string(), z.string()),
    quantity: z.int(),
    unitPriceCents: cents,
    lineTotalCents: cents,
    productType: z.int(),
  })
  .strict();

/** A payment or a refund through a provider. */
export const orderPayment = z
  .object({
    provider: z.string(),
    /** `charge` or `refund`. */
    kind: z.string(),
    status: z.string(),
    amountCents: cents,
    reference: z.string(),
    createdAt: z.string(),
  })
  .strict();

/** What happened to the order, oldest first. */
export const orderHistoryEvent = z
  .object({
    at: z.string(),
    kind: z.enum(['placed', 'payment-pending', 'charged', 'refund-pending', 'refunded', 'refund-failed', 'fulfilled']),
    amountCents: cents.optional(),
    text: z.string(),
  })
  .strict();

/** A renewal's subscription and where its renewals stand (issue 17). */
export const subscriptionRenewal = z
  .object({
    id: z.string(),
    status: z.string(),
    nextBillingAt: z.string().nullable(),
    /** Renewals wait for the buyer (`requires-action`), were declined, or go through (null). */
    renewalState: z.enum(['requires-action', 'declined']).nullable(),
    renewalMessage: z.string().nullable(),
    renewalAttempts: z.int(),
    renewalRetryAt: z.string().nullable(),
  })
  .strict();

// The shipping option, coupons and tax lines are kept with the order as they were priced (the
// fields below, and whatever else the pricing held then).

/** `GET /api/config/orders/:orderId`'s `order`. */
export const orderDetail = orderListItem
  .extend({
    locale: z.string(),
    lines: z.array(orderLine),
    fulfilledAt: z.string().nullable(),
    /** What is left to refund: nothing until a charge succeeded. */
    refundableCents: cents,
    /** As the buyer typed it; null when nothing was shipped. */
    shippingAddress: z.record(z.string(), z.string()).nullable(),
    shippingOption: z.looseObject({ name: z.string().optional(), amountCents: cents.optional() }).nullable(),
    coupons: z.array(z.looseObject({ code: z.string(), kind: z.string(), value: z.number() })),
    taxLines: z.array(z.looseObject({ name: z.string(), amountCents: cents.optional() })),
    payments: z.array(orderPayment),
    history: z.array(orderHistoryEvent),
    /** Null for an order of no subscription. */
    subscription: subscriptionRenewal.nullable(),
  })
  .strict();

/** `GET /api/config/orders/:orderId`. */
export const orderDetailAnswer = z.object({ order: orderDetail }).strict();

/** `POST /api/config/orders/:orderId/fulfill` (fulfilling twice answers the same). */
export const fulfilledAnswer = z.object({ ok: z.literal(true) }).strict();

/** `POST /api/config/orders/:orderId/refund`. */
export const refundAnswer = z
  .object({
    ok: z.literal(true),
    /** All refunded of the order so far. */
    refundedCents: cents,
    /** This refund. */
    amountCents: cents,
    provider: z.string(),
    reference: z.string(),
    /** What the refund did to the gift cards the order bought (the message says it in words). */
    giftCards: z.array(
      z
        .object({
          id: z.string(),
          last4: z.string(),
          /** `disabled`: refunded in full and refused from now on; `reduced`: drawn down. */
          action: z.enum(['disabled', 'reduced']),
          balanceCents: cents,
        })
        .strict(),
    ),
    message: z.string(),
  })
  .strict();

/** `POST /api/config/orders/:orderId/mark-paid`: the order, and the gift cards its payment issued (never a code). */
export const markedPaidAnswer = z
  .object({
    ok: z.literal(true),
    order: orderSummary,
    giftCards: z.array(
      z
        .object({
          id: z.string(),
          last4: z.string(),
          /** `issued`: a new card, its code mailed; `enabled`: a card held since before migration 0011. */
          action: z.enum(['issued', 'enabled']),
          balanceCents: cents,
          recipientEmail: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

export type OrderListItem = z.infer<typeof orderListItem>;
export type OrderPage = z.infer<typeof orderPage>;
export type OrderLine = z.infer<typeof orderLine>;
export type OrderDetail = z.infer<typeof orderDetail>;
export type SubscriptionRenewal = z.infer<typeof subscriptionRenewal>;
export type RefundAnswer = z.infer<typeof refundAnswer>;
export type MarkedPaidAnswer = z.infer<typeof markedPaidAnswer>;

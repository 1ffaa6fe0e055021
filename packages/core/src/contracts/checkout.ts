import { z } from 'zod';
import { COUNTRY_MESSAGES, isIsoCountry } from '../checkout/countries.js';
import { shoppingCart } from './cart.js';

// The visitor's checkout API (`/api/checkout/*`, the address lookup): what the checkout page's island
// sends and what it reads back. A gift card is redeemed here (`giftCardCode`) and bought through the
// cart (`@tessera/core/contracts/cart`'s `denomination`).

// ---- Requests -------------------------------------------------------------------------------------
// Flat field names, so the same body works as JSON (the checkout island) and as a plain HTML form post
// (no JavaScript). No NUL characters anywhere.

const text = (name: string, max: number) =>
  z
    .string({ error: `Send ${name} as text.` })
    .max(max, `${name} is too long.`)
    .refine((value) => !value.includes('\u0000'), `${name} contains a NUL character.`);

const optionalText = (name: string, max: number) => text(name, max).nullable().optional();

const codes = z
  .union([text('couponCodes', 64), z.array(text('couponCodes', 64)).max(5, 'Send at most 5 coupon codes.')])
  .nullable()
  .optional();

/** `POST /api/checkout/quote`: the cart priced for a shipping option, coupons, a gift card and a country. */
export const quoteBody = z.object({
  cartToken: optionalText('cartToken', 64),
  shippingOptionId: optionalText('shippingOptionId', 64),
  couponCodes: codes,
  couponCode: optionalText('couponCode', 64),
  giftCardCode: optionalText('giftCardCode', 64),
  /** An ISO 3166-1 alpha-2 code (issue 15, finding 16: no made-up country escapes sales tax). */
  country: optionalText('country', 2).refine(
    (value) => value == null || value === '' || isIsoCountry(value),
    COUNTRY_MESSAGES.notACountry,
  ),
});

/** `POST /api/checkout/orders`: the quote's fields plus the buyer, the address and the payment method. */
export const orderBody = quoteBody.extend({
  idempotencyKey: text('idempotencyKey', 128).refine((v) => v.trim().length >= 8, 'idempotencyKey is too short.'),
  email: text('email', 256),
  name: optionalText('name', 200),
  line1: optionalText('line1', 200),
  line2: optionalText('line2', 200),
  city: optionalText('city', 100),
  region: optionalText('region', 100),
  postalCode: optionalText('postalCode', 20),
  giftCardRecipientEmail: optionalText('giftCardRecipientEmail', 256),
  /** `stripe` and `paypal` pay on the provider's page (issue 17): no card fields are sent with them. */
  paymentMethod: z.enum(['card', 'manual', 'stripe', 'paypal'], {
    error: "paymentMethod must be 'card', 'manual', 'stripe' or 'paypal'.",
  }),
  cardNumber: optionalText('cardNumber', 32),
  cardExpiry: optionalText('cardExpiry', 7),
  cardCvc: optionalText('cardCvc', 4),
});

/** `GET /api/google-maps/places/autocomplete` and `/details`. */
export const placesQuery = z.object({
  input: optionalText('input', 200),
  placeId: optionalText('placeId', 200),
  sessionToken: optionalText('sessionToken', 128),
});

export type QuoteBody = z.infer<typeof quoteBody>;
export type OrderBody = z.infer<typeof orderBody>;

// ---- Answers --------------------------------------------------------------------------------------

const cents = z.int();

/** The cart JSON with the checkout's totals: tax lines, the gift card's part and what is left to pay. */
export const checkoutCart = shoppingCart.extend({
  /** A visitor's cart, or the cart of one subscription product. */
  kind: z.enum(['cart', 'subscription']),
  taxLines: z.array(z.object({ id: z.string(), name: z.string(), rateBasisPoints: z.int(), amountCents: cents })),
  giftCardCents: cents,
  /** Grand total less the gift card: what the payment method is charged. */
  amountDueCents: cents,
  /** Why the order cannot be placed yet (the store's minimum subtotal), or null. */
  subtotalMinimumMessage: z.string().nullable(),
});

/** The totals as the page shows them, formatted in the site's locale; '' hides a row (no discount, no gift card). */
export const totalsDisplay = z.object({
  subtotal: z.string(),
  discount: z.string(),
  shipping: z.string(),
  tax: z.string(),
  giftCard: z.string(),
  total: z.string(),
  due: z.string(),
});

/** `POST /api/checkout/quote`. */
export const quoteAnswer = z.object({ shoppingCart: checkoutCart, display: totalsDisplay });

/** An order as its buyer may see it. */
export const orderSummary = z.object({
  id: z.string(),
  orderNumber: z.int(),
  /** `confirmed`, `received` (payment pending) or `cancelled`. */
  status: z.string(),
  /** `paid`, `pending`, `refunded`, `expired`, … */
  paymentStatus: z.string(),
  /** The confirmation page's type (SPEC §2): 202 confirmed, 207 received, 206 subscription confirmed. */
  pageType: z.int(),
  currency: z.string(),
  customerEmail: z.string(),
  subtotalCents: cents,
  discountCents: cents,
  shippingCostCents: cents,
  taxCents: cents,
  grandTotalCents: cents,
  giftCardCents: cents,
  amountDueCents: cents,
  subscriptionId: z.string().nullable(),
  /** When it was placed (ISO 8601). */
  created: z.string(),
});

/**
 * `POST /api/checkout/orders` as JSON: 201 with the new order, or 200 with the order an earlier
 * submission of the same idempotency key made. `redirect` is the confirmation page, or the payment
 * provider's page for Stripe and PayPal.
 */
export const orderAnswer = z.object({ order: orderSummary, created: z.boolean(), redirect: z.string() });
export const orderCreatedAnswer = orderAnswer.extend({ created: z.literal(true) });
export const orderReplayedAnswer = orderAnswer.extend({ created: z.literal(false) });

/** `GET /api/google-maps/places/autocomplete`. */
export const placeSuggestionsAnswer = z.object({
  predictions: z.array(z.object({ placeId: z.string(), description: z.string() })),
});

/** `GET /api/google-maps/places/details`: the address's fields, named as the checkout form names them. */
export const placeDetailsAnswer = z.object({
  address: z.object({
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    region: z.string().optional(),
    postalCode: z.string(),
    country: z.string(),
  }),
});

export type CheckoutCart = z.infer<typeof checkoutCart>;
export type TotalsDisplay = z.infer<typeof totalsDisplay>;
export type QuoteAnswer = z.infer<typeof quoteAnswer>;
export type OrderSummary = z.infer<typeof orderSummary>;
export type OrderAnswer = z.infer<typeof orderAnswer>;
export type PlaceSuggestionsAnswer = z.infer<typeof placeSuggestionsAnswer>;
export type PlaceDetailsAnswer = z.infer<typeof placeDetailsAnswer>;

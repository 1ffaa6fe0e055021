import { COUNTRY_MESSAGES, isIsoCountry } from '@tessera/core';
import { z } from 'zod';

// Checkout request shapes. Flat field names, so the same body works as JSON (the checkout
// island) and as a plain HTML form post (no JavaScript). No NUL characters anywhere.

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

export const placesQuery = z.object({
  input: optionalText('input', 200),
  placeId: optionalText('placeId', 200),
  sessionToken: optionalText('sessionToken', 128),
});

export const orderIdParams = z.object({ orderId: text('orderId', 64) });

export const refundBody = z.object({
  amountCents: z.number({ error: 'amountCents must be a whole number.' }).int().positive().optional(),
});

export type QuoteBody = z.infer<typeof quoteBody>;

/** The coupon codes of a body: `couponCodes` (text or list) and `couponCode`, split on commas. */
export function couponCodesOf(body: QuoteBody): string[] {
  const raw = [body.couponCodes, body.couponCode].flat().filter((v): v is string => typeof v === 'string');
  return raw
    .flatMap((value) => value.split(','))
    .map((code) => code.trim())
    .filter(Boolean)
    .slice(0, 5);
}

import { z } from 'zod';
import { COUNTRY_MESSAGES, isIsoCountry } from '../checkout/countries.js';

// The store's checkout settings (`/api/config/checkout*`, store role): shipping options, tax rules
// and coupons, each list replaced as a whole, and the settings as the server answers them.

const name = z.string().trim().min(1, 'name cannot be empty.').max(100, 'name is too long.');
const cents = z
  .number({ error: 'Amounts are whole minor units.' })
  .int('Amounts are whole minor units.')
  .min(0, 'An amount cannot be negative.')
  .max(100_000_000, 'That amount is too large.');

/** ISO 3166-1 alpha-2 codes (issue 15, finding 16), stored upper case. */
const countryList = z
  .array(
    z
      .string()
      .refine((code) => isIsoCountry(code), COUNTRY_MESSAGES.notACountry)
      .transform((code) => code.toUpperCase()),
  )
  .max(300);

/** `PUT /api/config/checkout/shipping-options`. */
export const shippingOptionsBody = z.object({
  shippingOptions: z
    .array(
      z.object({
        name,
        amountCents: cents,
        freeOverCents: cents.nullable().optional(),
        /** Where the option ships; empty or left out: everywhere. */
        countries: countryList.optional(),
      }),
    )
    .max(20, 'At most 20 shipping options.'),
});

/** `PUT /api/config/checkout/tax-rules`. */
export const taxRulesBody = z.object({
  taxRules: z
    .array(
      z.object({
        name,
        rateBasisPoints: z
          .number({ error: 'A rate is a number of basis points (8.25% is 825).' })
          .int('A rate is a whole number of basis points (8.25% is 825).')
          .min(0, 'A rate cannot be negative.')
          .max(10_000, 'A rate is at most 100%.'),
        taxShipping: z.boolean().optional(),
        countries: countryList.optional(),
      }),
    )
    .max(50, 'At most 50 tax rules.'),
});

/** What a coupon takes off: a percent of the subtotal, an amount, or the shipping. */
export const couponKind = z.enum(['percent', 'fixed', 'free-shipping']);

/** `PUT /api/config/checkout/coupons`. */
export const couponsBody = z.object({
  coupons: z
    .array(
      z
        .object({
          code: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_-]{3,32}$/, 'A code is 3–32 letters, digits, dashes or underscores.'),
          kind: couponKind,
          value: z
            .number({ error: 'Enter the value as a number.' })
            .int('Enter the value as a whole number (a percent, or minor units).')
            .min(0, 'The value cannot be negative.')
            .max(100_000_000, 'That value is too large.'),
          minSubtotalCents: cents.optional(),
          active: z.boolean().optional(),
        })
        .refine((c) => c.kind !== 'percent' || (c.value >= 1 && c.value <= 100), {
          message: 'A percent coupon takes 1–100.',
          path: ['value'],
        }),
    )
    .max(200, 'At most 200 coupons.'),
});

export type ShippingOptionsBody = z.input<typeof shippingOptionsBody>;
export type TaxRulesBody = z.input<typeof taxRulesBody>;
export type CouponsBody = z.input<typeof couponsBody>;

const minor = z.number().int();

/** A shipping option as stored: a flat rate, free over an amount (null: never), to some countries (empty: everywhere). */
export const shippingOption = z
  .object({
    id: z.string(),
    name: z.string(),
    amountCents: minor,
    freeOverCents: minor.nullable(),
    countries: z.array(z.string()),
  })
  .strict();

/** A tax rule: a rate in basis points (825 is 8.25 %), on shipping too or not, in some countries (empty: every one). */
export const taxRule = z
  .object({
    id: z.string(),
    name: z.string(),
    rateBasisPoints: minor,
    taxShipping: z.boolean(),
    countries: z.array(z.string()),
  })
  .strict();

/** A coupon: its code (upper case), what it takes off (a percent, minor units, 0 for free shipping), its minimum. */
export const coupon = z
  .object({ code: z.string(), kind: couponKind, value: minor, minSubtotalCents: minor, active: z.boolean() })
  .strict();

/** `GET /api/config/checkout`, and each list's `PUT`: every checkout setting. */
export const checkoutSettings = z
  .object({
    currency: z.string(),
    locale: z.string(),
    shippingOptions: z.array(shippingOption),
    taxRules: z.array(taxRule),
    coupons: z.array(coupon),
  })
  .strict();

export type CouponKind = z.infer<typeof couponKind>;
export type ShippingOption = z.infer<typeof shippingOption>;
export type TaxRule = z.infer<typeof taxRule>;
export type Coupon = z.infer<typeof coupon>;
export type CheckoutSettings = z.infer<typeof checkoutSettings>;

import { z } from 'zod';
import { FORM_FIELD_TYPES } from '../form/field-types.js';

// The cart API (`/api/commerce/shopping-cart*`, `/api/3/commerce/cart/subscription`, the stock and
// form-schema reads; SPEC §7 "Commerce"): what a visitor's browser sends, and the cart JSON the
// server answers with (SPEC's "Cart JSON", totals in integer cents).

// ---- Requests -------------------------------------------------------------------------------------
// Quantities stay `unknown` here: core's parseQuantity gives SPEC's own messages for non-numbers and
// fractions. No NUL characters anywhere: PostgreSQL cannot store them, and nothing a person types has one.

const id = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required.` : `Send ${name} as text.`) })
    .trim()
    .min(1, `${name} cannot be empty.`)
    .max(64, `${name} is too long.`)
    .refine((value) => !value.includes('\u0000'), `${name} contains a NUL character.`);

const sku = z
  .string({ error: 'Send sku as text.' })
  .max(64, 'sku is too long.')
  .refine((value) => !value.includes('\u0000'), 'sku contains a NUL character.');

const additionalFieldsText = z
  .string({ error: 'Send additionalFields as a JSON string of the form values.' })
  .max(20_000, 'additionalFields is too long.')
  .refine((value) => !value.includes('\u0000'), 'additionalFields contains a NUL character.');

const additionalFields = additionalFieldsText.nullable().optional();

/** `POST /api/commerce/shopping-cart/entries`. */
export const addEntryBody = z.object(
  {
    itemId: id('itemId'),
    sku: sku.nullable().optional(),
    quantity: z.unknown().optional(),
    additionalFields,
    attributes: z
      .record(z.string(), z.string(), { error: 'Send attributes as an object of option names to values.' })
      .nullable()
      .optional(),
    denomination: z.union([z.string(), z.number()]).nullable().optional(),
  },
  { error: 'Send a JSON object with itemId, sku and quantity.' },
);

/** `PUT /api/commerce/shopping-cart/entries/:entryId`. */
export const updateQuantityBody = z.object(
  { quantity: z.unknown().refine((v) => v !== undefined, 'Send the new quantity (0 removes the item).') },
  { error: 'Send a JSON object with the new quantity.' },
);

/** `PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields`. */
export const additionalFieldsBody = z.object(
  { itemId: id('itemId'), sku: id('sku'), additionalFields: additionalFieldsText.nullable() },
  { error: 'Send a JSON object with itemId, sku and additionalFields.' },
);

/** `POST /api/3/commerce/cart/subscription`. */
export const subscriptionBody = z.object(
  { itemId: id('itemId'), sku: sku.nullable().optional(), qty: z.unknown().optional(), additionalFields },
  { error: 'Send a JSON object with itemId, sku and qty.' },
);

export const entryParams = z.object({ entryId: id('entryId') });

export const stockQuery = z.object({ itemId: id('itemId') }, { error: 'Add ?itemId= to the address.' });

export const templateSchemaQuery = z.object({
  type: z.literal('form', { error: 'Only type=form is available.' }),
});

/** One field type of the form model: what kind of field it is and which of its properties an owner edits. */
export const formFieldTypeSchema = z
  .object({
    type: z.enum(FORM_FIELD_TYPES),
    kind: z.enum(['single', 'multi-part', 'choice', 'layout', 'hidden']),
    properties: z.array(z.string()),
    /** Properties edited only where a feature is on (`vanillaFormHandler`). */
    conditionalProperties: z.array(z.object({ property: z.string(), feature: z.string() }).strict()).optional(),
    /** The parts a multi-part field's value has (a name's first and last, an address's lines). */
    parts: z.array(z.string()).optional(),
  })
  .strict();

/** `GET /api/template/GetTemplateSchema?type=form`: the form field model of SPEC §3 "Form definition". */
export const formTemplateSchema = z
  .object({
    type: z.literal('form'),
    /** The editor's fieldset numbers (core's `FormFieldset`). */
    fieldsets: z
      .object({ build: z.int(), storage: z.int(), advanced: z.int(), captcha: z.int(), disclaimer: z.int() })
      .strict(),
    fieldTypes: z.array(formFieldTypeSchema),
  })
  .strict();

export type AddEntryBody = z.input<typeof addEntryBody>;
export type FormTemplateSchema = z.infer<typeof formTemplateSchema>;
export type SubscriptionBody = z.input<typeof subscriptionBody>;
export type AdditionalFieldsBody = z.input<typeof additionalFieldsBody>;

// ---- Answers --------------------------------------------------------------------------------------

const cents = z.int();

/** SPEC §3's money shape: a decimal string in the currency's minor-unit precision. */
const money = z.object({ value: z.string(), currency: z.string() });

/** One line of the cart. */
export const cartEntry = z.object({
  id: z.string(),
  itemId: z.string(),
  chosenVariant: z.object({ sku: z.string(), attributes: z.record(z.string(), z.string()) }),
  quantity: z.int(),
  title: z.string(),
  subTotal: money,
  subTotalCents: cents,
  /** Unit price paid (the sale price when on sale), in cents. */
  purchasePriceCents: cents,
  /** SPEC §3 product type code. */
  productType: z.int(),
  url: z.string(),
  imageUrl: z.string(),
  /** The product form's answers, a JSON string, when the product has one. */
  additionalFields: z.string().nullable(),
});

/** A shipping option as the checkout offers it (flat rate, free over an amount). */
export const cartShippingOption = z.object({
  id: z.string(),
  name: z.string(),
  amountCents: cents,
  freeOverCents: cents.nullable(),
});

/** A tax rule that applies to the buyer's country. */
export const cartTaxRule = z.object({
  id: z.string(),
  name: z.string(),
  /** 825 is 8.25 %. */
  rateBasisPoints: z.int(),
  taxShipping: z.boolean(),
  countries: z.array(z.string()).readonly().optional(),
});

/** A coupon the checkout applied. */
export const cartCoupon = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed', 'free-shipping']),
  value: z.number(),
  minSubtotalCents: cents.optional(),
});

/**
 * The cart JSON (`GET /api/commerce/shopping-cart` and every cart write). Outside the checkout the
 * shipping, tax and coupon fields are empty and their totals 0; the checkout's quote fills them.
 */
export const shoppingCart = z.object({
  /** Null for the empty cart of a visitor who has none. */
  id: z.string().nullable(),
  websiteId: z.string(),
  orderId: z.null(),
  /** Epoch milliseconds; null for the empty cart of a visitor who has none. */
  created: z.int().nullable(),
  isPurchased: z.boolean(),
  currency: z.string(),
  entries: z.array(cartEntry),
  subtotalCents: cents,
  taxCents: cents,
  shippingCostCents: cents,
  discountCents: cents,
  grandTotalCents: cents,
  totalQuantity: z.int(),
  hasDigital: z.boolean(),
  purelyDigital: z.boolean(),
  requiresShipping: z.boolean(),
  shippingOptions: z.array(cartShippingOption),
  selectedShippingOption: cartShippingOption.nullable(),
  /** Always null: the checkout form carries the address. */
  shippingLocation: z.null(),
  applicableTaxRules: z.array(cartTaxRule),
  /** Every code the buyer entered, valid or not. */
  coupons: z.array(z.string()),
  validCoupons: z.array(cartCoupon),
  invalidCoupons: z.array(z.object({ code: z.string(), message: z.string() })),
});

/** `POST /api/commerce/shopping-cart/entries`. */
export const addEntryAnswer = z.object({ shoppingCart, newlyAdded: cartEntry });

/** `PUT /api/commerce/shopping-cart/entries/:entryId`: `updatedEntry` is null when quantity 0 removed it. */
export const updateEntryAnswer = z.object({ shoppingCart, updatedEntry: cartEntry.nullable() });

/** `DELETE /api/commerce/shopping-cart/entries/:entryId`. */
export const removeEntryAnswer = z.object({ shoppingCart });

/** `PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields`. */
export const additionalFieldsAnswer = z.object({ shoppingCart, updatedEntry: cartEntry });

/** `POST /api/3/commerce/cart/subscription`: the token of the subscription's own cart. */
export const subscriptionCartAnswer = z.object({ cartToken: z.string() });

/** `GET /api/commerce/inventory/stock?itemId=`: stock per variant. */
export const stockAnswer = z.object({
  results: z.array(z.object({ sku: z.string(), unlimited: z.boolean(), qtyInStock: z.int() })),
});

export type CartEntry = z.infer<typeof cartEntry>;
export type CartShippingOption = z.infer<typeof cartShippingOption>;
export type CartTaxRule = z.infer<typeof cartTaxRule>;
export type CartCoupon = z.infer<typeof cartCoupon>;
export type ShoppingCart = z.infer<typeof shoppingCart>;
export type AddEntryAnswer = z.infer<typeof addEntryAnswer>;
export type UpdateEntryAnswer = z.infer<typeof updateEntryAnswer>;
export type RemoveEntryAnswer = z.infer<typeof removeEntryAnswer>;
export type AdditionalFieldsAnswer = z.infer<typeof additionalFieldsAnswer>;
export type SubscriptionCartAnswer = z.infer<typeof subscriptionCartAnswer>;
export type StockAnswer = z.infer<typeof stockAnswer>;

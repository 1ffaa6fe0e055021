import { COLLECTION_LIMITS, canBeSubscription, ProductType } from '@tessera/core';
import { type ZodError, z } from 'zod';
import { itemSeoInput, sanitizeOwnerHtml } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { describeZodError } from '../../platform/http/validate.js';

// The body of a product write (POST/PUT /api/config/products) and the rules beyond its shape.
// Errors are 400 `invalid-body` with a sentence per problem and `fields: { <path>: <message> }`,
// so the editor can show each message beside its field.

export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\u0000]*$/, 'Send an id without control characters.');
const cents = z.number().int('Send money as whole cents.').min(0).max(100_000_000);
const optionName = z.string().trim().min(1).max(60);
const fileUrl = z
  .string()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9._~/%-]+$/, 'Use the URL of an uploaded file (/files/…).');

const variantInput = z
  .object({
    id: id.optional(),
    sku: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, ".", "_" and "-" in a SKU.')
      .optional(),
    attributes: z.record(optionName, z.string().trim().min(1).max(60)).default({}),
    price: cents,
    salePrice: cents.default(0),
    onSale: z.boolean().default(false),
    unlimited: z.boolean().default(false),
    qtyInStock: z.number().int('Give the stock as a whole number.').min(0).max(1_000_000).default(0),
    imageUrl: fileUrl.nullish(),
    /** Shipping weight in grams (physical products). */
    weight: z.number().int('Give the weight in whole grams.').min(0).max(1_000_000).nullish(),
  })
  .strict();

export const productInput = z
  .object({
    collectionId: id.optional(),
    title: z.string().trim().min(1, 'Give the product a title.').max(200),
    urlId: z
      .string()
      .max(120)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes in the URL.')
      .optional(),
    excerpt: z.string().max(2000).default(''),
    // Owner HTML is stored cleaned (finding 9: no <meta refresh>, scripts or event handlers).
    body: z.string().max(100_000).default('').transform(sanitizeOwnerHtml),
    status: z.enum(['published', 'draft', 'scheduled', 'needs-review', 'private']).default('published'),
    productType: z.union(
      Object.values(ProductType).map((code) => z.literal(code)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
    ),
    variantOptionOrdering: z.array(optionName).max(6).default([]),
    variants: z.array(variantInput).min(1).max(COLLECTION_LIMITS.itemsInOrderableCollection),
    images: z
      .array(z.object({ url: fileUrl, altText: z.string().max(1000).default('') }).strict())
      .max(50)
      .default([]),
    additionalFieldsFormId: id.nullish(),
    isSubscribable: z.boolean().default(false),
    subscriptionPlan: z
      .object({
        billingPeriod: z
          .object({ value: z.number().int().min(1).max(52), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) })
          .strict(),
        numBillingCycles: z.number().int().min(0).max(1000),
      })
      .strict()
      .nullish(),
    useCustomAddButtonText: z.boolean().default(false),
    customAddButtonText: z.string().trim().max(50).default(''),
    denominations: z.array(cents.min(1)).max(20).optional(),
    /** Search and sharing fields (core's `validateItemSeo`); absent: the stored ones are kept. */
    seo: itemSeoInput.optional(),
    /** When the URL changes, send the old address to the new one with a 301 (the owner may untick it). */
    redirectOldUrl: z.boolean().default(true),
  })
  .strict();
export type ProductInput = z.infer<typeof productInput>;

/** A 400 naming one field: "variants.0.sku: Each SKU may appear once." plus `fields` for the editor. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('invalid-body', `${path}: ${message}`, { fields: { [path]: message } });
}

function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Parses a product body: 400 with every problem's field path in `fields` when it does not fit. */
export function parseProductInput(body: unknown): ProductInput {
  if (body === undefined || body === null) {
    throw new AppError('invalid-body', 'The request body is missing; send a JSON object.');
  }
  const result = productInput.safeParse(body);
  if (!result.success) {
    throw new AppError('invalid-body', describeZodError(result.error), { fields: zodFields(result.error) });
  }
  return result.data;
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'product';
}

/** Product rules beyond the shape: options, combinations, SKUs, sale prices, type-specific fields. */
export function checkProduct(input: ProductInput): void {
  const options = input.variantOptionOrdering;
  if (new Set(options).size !== options.length)
    throw fieldError('variantOptionOrdering', 'Each option may appear once.');
  const combinations = new Set<string>();
  const skus = new Set<string>();
  for (const [index, variant] of input.variants.entries()) {
    const names = Object.keys(variant.attributes);
    if (names.length !== options.length || !names.every((n) => options.includes(n))) {
      throw fieldError(
        `variants.${index}.attributes`,
        `Give exactly one value for each option (${options.join(', ') || 'none'}).`,
      );
    }
    const key = JSON.stringify(options.map((n) => variant.attributes[n]));
    if (combinations.has(key)) throw fieldError(`variants.${index}`, 'Another variant has the same options.');
    combinations.add(key);
    if (variant.sku) {
      if (skus.has(variant.sku)) throw fieldError(`variants.${index}.sku`, 'Each SKU may appear once.');
      skus.add(variant.sku);
    }
    if (variant.onSale && variant.salePrice >= variant.price) {
      throw fieldError(`variants.${index}.salePrice`, 'A sale price must be lower than the price.');
    }
  }
  if (options.length === 0 && input.variants.length > 1) {
    throw fieldError('variants', 'A product without options has one variant.');
  }
  if (input.productType === ProductType.DIGITAL && input.variants.length > 1) {
    throw fieldError('variants', 'A digital product has one variant.');
  }
  if (input.isSubscribable && !canBeSubscription(input.productType)) {
    throw fieldError('isSubscribable', 'Only physical products and services can be sold as a subscription.');
  }
  if (input.isSubscribable && !input.subscriptionPlan) {
    throw fieldError('subscriptionPlan', 'A subscribable product needs a subscription plan.');
  }
  if (input.productType === ProductType.GIFT_CARD && !input.denominations?.length) {
    throw fieldError('denominations', 'A gift card needs at least one amount.');
  }
  if (input.useCustomAddButtonText && !input.customAddButtonText) {
    throw fieldError('customAddButtonText', 'Give the button text, or turn custom text off.');
  }
}

/**
 * Shipping weights in grams by variant id, kept in the item's structured content (physical
 * products only; undefined when no variant has one).
 */
export function variantWeights(input: ProductInput, variantIds: readonly string[]): Record<string, number> | undefined {
  if (input.productType !== ProductType.PHYSICAL) return undefined;
  const weights: Record<string, number> = {};
  for (const [index, variant] of input.variants.entries()) {
    const variantId = variantIds[index];
    if (variantId && typeof variant.weight === 'number') weights[variantId] = variant.weight;
  }
  return Object.keys(weights).length > 0 ? weights : undefined;
}

/** A variant's row in `product_variants`, but for its id, item and main image. */
export function variantColumns(variant: ProductInput['variants'][number], position: number, sku: string) {
  return {
    position,
    sku,
    price_cents: variant.price,
    sale_price_cents: variant.salePrice,
    on_sale: variant.onSale ? 1 : 0,
    unlimited: variant.unlimited ? 1 : 0,
    qty_in_stock: variant.unlimited ? 0 : variant.qtyInStock,
    attributes: JSON.stringify(variant.attributes),
  };
}

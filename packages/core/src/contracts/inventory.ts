import { z } from 'zod';

// The store's stock as an owner edits it (`/api/config/inventory*`, store group) and the products an
// owner picks from (`GET /api/config/product-choices`, the editor's product block).

const noNul = /^[^\u0000]*$/;
const count = z.number().int().min(0).max(1_000_000);

/** `GET /api/config/inventory`'s query: a title or SKU search, and only variants with at most `maxStock` units. */
export const inventoryQuery = z
  .object({
    q: z.string().max(100).regex(noNul).optional(),
    /** Only variants with at most this many units (not unlimited). */
    maxStock: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();

/** `PUT /api/config/inventory/:variantId`'s address. */
export const inventoryVariantParams = z.object({ variantId: z.string().min(1).max(64).regex(noNul) });

/**
 * A quick stock edit. `qtyInStock` sets the count, `adjustBy` adds to it (negative to remove);
 * `expectedQtyInStock` makes the edit conditional: refused with 409 when the stock changed since
 * the editor read it (an order took units meanwhile).
 */
export const stockBody = z
  .object({
    qtyInStock: count.optional(),
    adjustBy: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    unlimited: z.boolean().optional(),
    expectedQtyInStock: count.optional(),
  })
  .strict()
  .refine((b) => b.qtyInStock !== undefined || b.adjustBy !== undefined || b.unlimited !== undefined, {
    message: 'Send qtyInStock, adjustBy or unlimited.',
  })
  .refine((b) => b.qtyInStock === undefined || b.adjustBy === undefined, {
    message: 'Send either qtyInStock or adjustBy, not both.',
  });

/** One variant's stock, with how many restock sign-ups wait for it. */
export const stockRow = z
  .object({
    variantId: z.string(),
    productId: z.string(),
    title: z.string(),
    productType: z.int(),
    sku: z.string(),
    attributes: z.record(z.string(), z.string()),
    unlimited: z.boolean(),
    qtyInStock: z.int(),
    restockSignUps: z.int(),
  })
  .strict();

/** `GET /api/config/inventory` (at most 2,000 variants, by product title). */
export const inventoryAnswer = z.object({ variants: z.array(stockRow) }).strict();

/** What a stock edit did to the restock sign-ups of a variant that was sold out and is not now. */
export const restockOutcome = z
  .object({
    /** Sign-ups still waiting. */
    pending: z.int(),
    /** The store sends at once (`restockAutoSend`); else the editor offers to send. */
    autoSend: z.boolean(),
    sent: z.int(),
    failed: z.int(),
  })
  .strict();

/** `PUT /api/config/inventory/:variantId`. */
export const stockAnswer = z
  .object({
    variantId: z.string(),
    productId: z.string(),
    unlimited: z.boolean(),
    qtyInStock: z.int(),
    previousQtyInStock: z.int(),
    /** Null unless the variant came back in stock. */
    restock: restockOutcome.nullable(),
  })
  .strict();

/** One product as the pickers list it. */
export const productChoice = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.string(),
    collectionId: z.string(),
    collectionTitle: z.string(),
  })
  .strict();

/** `GET /api/config/product-choices`: every shop collection's products in order; `truncated` past the limit. */
export const productChoicesAnswer = z.object({ products: z.array(productChoice), truncated: z.boolean() }).strict();

export type StockRow = z.infer<typeof stockRow>;
export type InventoryAnswer = z.infer<typeof inventoryAnswer>;
export type RestockOutcome = z.infer<typeof restockOutcome>;
export type StockAnswer = z.infer<typeof stockAnswer>;
export type ProductChoice = z.infer<typeof productChoice>;
export type ProductChoicesAnswer = z.infer<typeof productChoicesAnswer>;

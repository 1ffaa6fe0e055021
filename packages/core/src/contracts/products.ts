import { z } from 'zod';
import { COLLECTION_LIMITS } from '../editor/site-admin.js';

// The owner's products (`/api/config/products*`, store group; the editor's Products panel): a shop
// collection's products, one product, create, change, reorder and delete. A write's body is the
// server's `productInput` (`domains/catalogue/product-input.ts`), which checks it against the
// product type's rules; the answers are a product as its page's template JSON reads it, plus `status`.

// ---- Requests -------------------------------------------------------------------------------------

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^\u0000]*$/, 'Send an id without control characters.');

/** `GET /api/config/products?collectionId=`: the first shop collection unless named. */
export const productListQuery = z.object({ collectionId: id.optional() }).strict();

/** `PUT /api/config/products/order`: every item of the collection once, in the new order. */
export const productOrderBody = z
  .object({ collectionId: id, itemIds: z.array(id).min(1).max(COLLECTION_LIMITS.itemsInOrderableCollection) })
  .strict();

export const productParams = z.object({ id });

// ---- Answers --------------------------------------------------------------------------------------

const money = z.object({ value: z.string(), currency: z.string() }).strict();

/** A stored image: its address and what the site knows of it (size, focal point, alt text, …). */
const imageAsset = z.looseObject({
  id: z.string().optional(),
  assetUrl: z.string(),
  originalSize: z.string().optional(),
  altText: z.string().optional(),
});

/** One variant (prices in integer minor units, and as money). */
export const productVariant = z
  .object({
    id: z.string(),
    sku: z.string(),
    price: z.int(),
    salePrice: z.int(),
    priceMoney: money,
    salePriceMoney: money,
    onSale: z.boolean(),
    unlimited: z.boolean(),
    qtyInStock: z.int(),
    attributes: z.record(z.string(), z.string()),
    optionValues: z.array(z.object({ optionName: z.string(), value: z.string() }).strict()),
    mainImage: imageAsset.optional(),
  })
  .strict();

const billingPeriod = z.object({ value: z.int(), unit: z.enum(['WEEK', 'MONTH', 'YEAR']) });

/**
 * The product's type and variants and the fields of its type. Stored content is kept as written
 * (seed and imported products may carry fields of their own), so fields beyond these pass through.
 */
export const productContent = z.looseObject({
  productType: z.int(),
  variants: z.array(productVariant),
  variantOptionOrdering: z.array(z.string()).optional(),
  isSubscribable: z.boolean().optional(),
  subscriptionPlan: z.looseObject({ billingPeriod, numBillingCycles: z.int() }).optional(),
  /** A digital product's own price, sale price and sale flag (those of its one variant). */
  priceMoney: money.optional(),
  salePriceMoney: money.optional(),
  onSale: z.boolean().optional(),
  additionalFieldsFormId: z.string().nullable().optional(),
  useCustomAddButtonText: z.boolean().optional(),
  customAddButtonText: z.string().optional(),
  /** A gift card's amounts, in minor units. */
  denominations: z.array(z.int()).optional(),
  /** Shipping weight per variant id. */
  variantWeights: z.record(z.string(), z.number()).optional(),
});

/** One product as the owner API answers it: the template JSON of its page plus its `status`. */
export const ownerProduct = z
  .object({
    id: z.string(),
    collectionId: z.string(),
    recordType: z.int(),
    title: z.string(),
    urlId: z.string(),
    fullUrl: z.string(),
    excerpt: z.string(),
    /** Owner HTML, cleaned. */
    body: z.string(),
    assetUrl: z.string(),
    items: z.array(imageAsset),
    /** Milliseconds since 1970. */
    addedOn: z.number(),
    publishOn: z.number(),
    updatedOn: z.number(),
    structuredContent: productContent,
    /** `published`, `draft`, `scheduled`, `needs-review` or `private`. */
    status: z.string(),
  })
  .strict();

/** `GET /api/config/products`: one shop collection's products in their order, and every shop collection. */
export const productListing = z
  .object({
    collection: z.object({ id: z.string(), slug: z.string(), title: z.string() }).strict(),
    collections: z.array(
      z.object({ id: z.string(), slug: z.string(), title: z.string(), productCount: z.int() }).strict(),
    ),
    limits: z.object({ productsPerCollection: z.int(), itemsInOrderableCollection: z.int() }).strict(),
    currency: z.string(),
    products: z.array(ownerProduct),
  })
  .strict();

/** `PUT /api/config/products/order`: the order now. */
export const productOrderAnswer = z.object({ collectionId: z.string(), itemIds: z.array(z.string()) }).strict();

/** `DELETE /api/config/products/:id`: the id of the product deleted. */
export const productDeletedAnswer = z.object({ deleted: z.string() }).strict();

export type ProductVariant = z.infer<typeof productVariant>;
export type OwnerProduct = z.infer<typeof ownerProduct>;
export type ProductListing = z.infer<typeof productListing>;

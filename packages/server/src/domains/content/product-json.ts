import { moneyFromCents, ProductType, type ProductItem, type Variant } from '@tessera/core';
import type { ItemRow, VariantRow } from '../../platform/db/schema.js';
import type { ImageAsset, ProductItemJson } from '@tessera/core/site';
import { sanitizeOwnerHtml } from '../../platform/html/sanitize-owner-html.js';

export type { ImageAsset, ProductItemJson };

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The product page URL of an item in a products collection. */
export function productUrl(collectionSlug: string, urlId: string): string {
  return `/${collectionSlug}/p/${urlId}`;
}

export function variantJson(row: VariantRow, currency: string, optionOrdering: readonly string[]): Variant {
  const attributes = parseJson<Record<string, string>>(row.attributes, {});
  const names = optionOrdering.length > 0 ? optionOrdering.filter((n) => n in attributes) : Object.keys(attributes);
  const variant: Variant = {
    id: row.id,
    sku: row.sku,
    price: row.price_cents,
    salePrice: row.sale_price_cents,
    priceMoney: moneyFromCents(row.price_cents, currency),
    salePriceMoney: moneyFromCents(row.sale_price_cents, currency),
    onSale: row.on_sale === 1,
    unlimited: row.unlimited === 1,
    qtyInStock: row.qty_in_stock,
    attributes,
    optionValues: names.map((optionName) => ({ optionName, value: attributes[optionName] })),
  };
  const mainImage = parseJson<ImageAsset | null>(row.main_image, null);
  if (mainImage) variant.mainImage = mainImage;
  return variant;
}

/** Builds the template JSON of a store item from its row and its variant rows (in position order). */
export function productItemJson(
  row: ItemRow,
  variantRows: readonly VariantRow[],
  context: { currency: string; collectionSlug: string },
): ProductItemJson {
  const stored = parseJson<Record<string, unknown>>(row.structured_content, {});
  const ordering = Array.isArray(stored.variantOptionOrdering) ? (stored.variantOptionOrdering as string[]) : [];
  const variants = variantRows.map((v) => variantJson(v, context.currency, ordering));
  const structuredContent = {
    ...stored,
    productType: Number(stored.productType ?? 0),
    variants,
  } as ProductItem['structuredContent'];
  // Digital goods carry their own price, sale price and sale flag (SPEC §3): those of their one variant.
  if (structuredContent.productType === ProductType.DIGITAL && variants[0]) {
    structuredContent.priceMoney = variants[0].priceMoney;
    structuredContent.salePriceMoney = variants[0].salePriceMoney;
    structuredContent.onSale = variants[0].onSale;
  }
  const images = parseJson<ImageAsset[]>(row.images, []);
  return {
    id: row.id,
    collectionId: row.collection_id,
    recordType: row.record_type,
    title: row.title,
    urlId: row.url_id,
    fullUrl: productUrl(context.collectionSlug, row.url_id),
    excerpt: row.excerpt,
    // Owner HTML, cleaned again as it is read (content stored before the allow-list existed).
    body: sanitizeOwnerHtml(row.body),
    assetUrl: images[0]?.assetUrl ?? '',
    items: images,
    addedOn: Date.parse(row.created_at),
    publishOn: Date.parse(row.published_at),
    updatedOn: Date.parse(row.updated_at),
    structuredContent,
  };
}

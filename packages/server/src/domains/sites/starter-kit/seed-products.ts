import { ProductType, RecordType } from '@tessera/core';
import type { Kysely } from 'kysely';
import { insertItem } from '../../../platform/db/items.js';
import type { Database } from '../../../platform/db/schema.js';
import { stableId } from '../../../platform/ids.js';
import {
  gradientColorData,
  SEED_IMAGE_DIR,
  SEED_IMAGE_HEIGHT,
  SEED_IMAGE_WIDTH,
  type SeedImage,
} from './seed-images.js';

// Products written from data: the demo's (`templates/demo/products.json`, seed/) and the starter
// templates' (`templates/starters/`). Prices are integer cents; stock is per variant.

export interface SeedVariant {
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice?: number;
  onSale?: boolean;
  /** Units in stock; omitted means unlimited. */
  stock?: number;
  /** Name of one of the product's images shown when this variant is chosen. */
  image?: string;
}

export interface SeedProduct {
  urlId: string;
  title: string;
  excerpt: string;
  body: string;
  productType: number;
  options: string[];
  variants: SeedVariant[];
  images: SeedImage[];
  structuredContent?: Record<string, unknown>;
}

/** Product type name in a data file → SPEC product type code. */
export const PRODUCT_TYPES = {
  physical: ProductType.PHYSICAL,
  digital: ProductType.DIGITAL,
  service: ProductType.SERVICE,
  'gift-card': ProductType.GIFT_CARD,
} as const;

/** The image asset JSON (SPEC §3 Image) for a seed image. */
export function seedImageAsset(image: SeedImage): Record<string, unknown> {
  return {
    id: stableId('image', image.name),
    recordType: RecordType.IMAGE,
    assetUrl: `/files/${SEED_IMAGE_DIR}/${image.name}`,
    originalSize: `${SEED_IMAGE_WIDTH}x${SEED_IMAGE_HEIGHT}`,
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    colorData: gradientColorData(image),
    altText: image.alt,
    title: image.alt,
    body: null,
    filename: image.name,
  };
}

/** Writes one product and its variants; the demo seed and the starter templates (issue 19) share it. */
export async function insertProduct(
  db: Kysely<Database>,
  args: { siteId: string; collectionId: string; product: SeedProduct; position: number; now: string },
): Promise<void> {
  const { siteId, collectionId, product, position, now } = args;
  const itemId = stableId('item', siteId, product.urlId);
  const images = product.images.map(seedImageAsset);
  const structuredContent: Record<string, unknown> = {
    productType: product.productType,
    variantOptionOrdering: product.options,
    isSubscribable: false,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    additionalFieldsFormId: null,
    additionalFieldsForm: null,
    ...product.structuredContent,
  };
  await insertItem(
    db,
    { id: itemId, siteId, collectionId, recordType: RecordType.STORE_ITEM, now, position },
    {
      url_id: product.urlId,
      title: product.title,
      excerpt: product.excerpt,
      body: product.body,
      structured_content: JSON.stringify(structuredContent),
      images: JSON.stringify(images),
    },
  );

  for (const [variantPosition, variant] of product.variants.entries()) {
    const image = variant.image ? product.images.find((i) => i.name === variant.image) : undefined;
    await db
      .insertInto('product_variants')
      .values({
        id: stableId('variant', itemId, variant.sku),
        item_id: itemId,
        position: variantPosition,
        sku: variant.sku,
        price_cents: variant.price,
        sale_price_cents: variant.salePrice ?? 0,
        on_sale: variant.onSale ? 1 : 0,
        unlimited: variant.stock === undefined ? 1 : 0,
        qty_in_stock: variant.stock ?? 0,
        attributes: JSON.stringify(variant.attributes),
        main_image: image ? JSON.stringify(seedImageAsset(image)) : null,
      })
      .execute();
  }
}

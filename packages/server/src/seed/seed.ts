import type { Kysely } from 'kysely';
import { RecordType } from '@tessera/core';
import { nowIso, stableId } from '../platform/ids.js';
import { DEMO_COLLECTIONS, DEMO_PRODUCTS, DEMO_SITE, type SeedImage, type SeedProduct } from './seed-catalogue.js';
import {
  gradientColorData,
  SEED_IMAGE_DIR,
  SEED_IMAGE_HEIGHT,
  SEED_IMAGE_WIDTH,
  writeSeedImages,
} from './seed-images.js';
import { insertItem } from '../platform/db/items.js';
import type { Database } from '../platform/db/schema.js';
import { newSiteTakesRoot } from '../platform/storage/index.js';
import { seedDemoForms } from '../domains/forms/demo-forms.js';
import { ensureCheckoutDefaults } from '../domains/checkout/defaults.js';
import { seedDemoContent } from './seed-content.js';
import { seedBlogAndEvents } from './blog-content.js';

export interface SeedResult {
  siteId: string;
  /** False when a site already existed and nothing was written. */
  created: boolean;
}

export const DEMO_SITE_ID = stableId('site', 'demo');

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

/**
 * Seeds the demo shop when the database holds no site yet (SPEC issue 3: a small USD shop in
 * America/New_York with a product of every kind). Images are drawn into `filesDir`.
 */
export async function seedDemoSite(
  db: Kysely<Database>,
  options: { filesDir: string; host?: string; filesRoot?: boolean },
): Promise<SeedResult> {
  // With a host (`tessera site create --template demo`, issue 19), the demo joins other sites; it
  // exists once per install (its forms have fixed ids).
  const existing =
    options.host === undefined
      ? await db.selectFrom('sites').select('id').orderBy('created_at').limit(1).executeTakeFirst()
      : await db.selectFrom('sites').select('id').where('id', '=', DEMO_SITE_ID).executeTakeFirst();
  if (existing) return { siteId: existing.id, created: false };

  await writeSeedImages(
    options.filesDir,
    DEMO_PRODUCTS.flatMap((p) => p.images),
  );

  const now = nowIso();
  const siteId = DEMO_SITE_ID;
  // The install's first site keeps the top level of the files (`platform/storage/site-files.ts`).
  const filesRoot = options.filesRoot ?? (await newSiteTakesRoot(db));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sites')
      .values({
        id: siteId,
        host: options.host ?? null,
        title: DEMO_SITE.title,
        locale: DEMO_SITE.locale,
        currency: DEMO_SITE.currency,
        time_zone: DEMO_SITE.timeZone,
        settings: JSON.stringify(DEMO_SITE.settings),
        created_at: now,
        files_root: filesRoot ? 1 : 0,
      })
      .execute();
    // The store's checkout defaults (shipping, tax, coupons, order counter) come with the site.
    await ensureCheckoutDefaults(trx, siteId);

    const collectionIds = new Map<string, string>();
    for (const [position, collection] of DEMO_COLLECTIONS.entries()) {
      const id = stableId('collection', siteId, collection.slug);
      collectionIds.set(collection.slug, id);
      await trx
        .insertInto('collections')
        .values({
          id,
          site_id: siteId,
          slug: collection.slug,
          title: collection.title,
          type: collection.type,
          description: collection.description,
          position,
          nav_visible: collection.navVisible ? 1 : 0,
          settings: '{}',
          created_at: now,
        })
        .execute();
    }

    const shopId = collectionIds.get('shop')!;
    for (const [position, product] of DEMO_PRODUCTS.entries()) {
      await insertProduct(trx, { siteId, collectionId: shopId, product, position, now });
    }
  });
  await seedDemoForms(db, siteId);
  await seedDemoContent(db, siteId, { filesDir: options.filesDir });
  await seedBlogAndEvents(db, siteId);
  return { siteId, created: true };
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

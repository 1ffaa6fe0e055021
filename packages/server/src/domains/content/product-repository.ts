import type { Kysely } from 'kysely';
import type { Database, ItemRow } from '../../platform/db/schema.js';
import { type ProductItemJson, productItemJson } from './product-json.js';
import { isPublic, VISITOR_STATUSES } from './content-model.js';

/**
 * The statuses a product may have and still be shown to visitors (with a publish date that has
 * come): a draft, a product under review or a private one is the owner's alone.
 */
export const VISITOR_PRODUCT_STATUSES: readonly string[] = VISITOR_STATUSES;

/** Whether visitors may see (and buy) a store item now: it exists, its status is public and its date has come. */
export async function isProductForSale(
  db: Kysely<Database>,
  siteId: string,
  itemId: string,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select(['status', 'published_at'])
    .where('site_id', '=', siteId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return row !== undefined && isPublic(row.status, row.published_at, now);
}

/**
 * Loads store items by id in template JSON shape, reading through whatever executor it is given
 * (a transaction included), so stock is read where it is checked.
 */
export async function loadProducts(
  db: Kysely<Database>,
  siteId: string,
  itemIds: readonly string[],
  currency: string,
): Promise<Map<string, ProductItemJson>> {
  return (await loadProductsForSale(db, siteId, itemIds, currency)).products;
}

/**
 * `loadProducts`, and which of them visitors may buy now (`isProductForSale`), judged from the same
 * item rows: a cart or an order checks both without reading the items twice (issue 20).
 */
export async function loadProductsForSale(
  db: Kysely<Database>,
  siteId: string,
  itemIds: readonly string[],
  currency: string,
  now = new Date(),
): Promise<{ products: Map<string, ProductItemJson>; forSale: Set<string> }> {
  const products = new Map<string, ProductItemJson>();
  const forSale = new Set<string>();
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return { products, forSale };
  const rows = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .selectAll('items')
    .select('collections.slug as collection_slug')
    .where('items.site_id', '=', siteId)
    .where('items.id', 'in', ids)
    .execute();
  const slugs = new Map(rows.map((r) => [r.id, r.collection_slug]));
  const items = rows.map(({ collection_slug, ...row }) => row);
  const json = await productsWithVariants(db, items, currency, (row) => slugs.get(row.id) ?? '');
  for (const [i, row] of items.entries()) {
    products.set(row.id, json[i]!);
    if (isPublic(row.status, row.published_at, now)) forSale.add(row.id);
  }
  return { products, forSale };
}

/** Store items in template JSON shape with their variants (read in one query, in their order). */
export async function productsWithVariants(
  db: Kysely<Database>,
  rows: readonly ItemRow[],
  currency: string,
  collectionSlugOf: (row: ItemRow) => string,
): Promise<ProductItemJson[]> {
  if (rows.length === 0) return [];
  const variants = await db
    .selectFrom('product_variants')
    .selectAll()
    .where(
      'item_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    productItemJson(
      row,
      variants.filter((v) => v.item_id === row.id),
      { currency, collectionSlug: collectionSlugOf(row) },
    ),
  );
}

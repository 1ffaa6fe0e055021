import type { CompiledQuery, Kysely } from 'kysely';
import { compiledOnce } from '../../platform/db/compiled-once.js';
import { runTogether } from '../../platform/db/together.js';
import type { Database, ItemRow, VariantRow } from '../../platform/db/schema.js';
import { type ProductItemJson, productItemJson } from './product-json.js';
import { isPublic, VISITOR_STATUSES } from '@tessera/core/site';

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
  // The items and their variants in one step (`runTogether`: one round trip on PostgreSQL, issue 20);
  // only the variants of the items found on this site are used.
  const [itemRows, variantRows] = await runTogether(db, [
    db
      .selectFrom('items')
      .innerJoin('collections', 'collections.id', 'items.collection_id')
      .selectAll('items')
      .select('collections.slug as collection_slug')
      .where('items.site_id', '=', siteId)
      .where('items.id', 'in', ids)
      .compile(),
    variantsOf(db, ids).compile(),
  ]);
  const rows = itemRows!.rows as (ItemRow & { collection_slug: string })[];
  const slugs = new Map(rows.map((r) => [r.id, r.collection_slug]));
  const items = rows.map(({ collection_slug, ...row }) => row);
  const json = withVariants(items, variantRows!.rows as VariantRow[], currency, (row) => slugs.get(row.id) ?? '');
  for (const [i, row] of items.entries()) {
    products.set(row.id, json[i]!);
    if (isPublic(row.status, row.published_at, now)) forSale.add(row.id);
  }
  return { products, forSale };
}

/** The variants of items, in their order. */
function variantsOf(db: Kysely<Database>, itemIds: readonly string[]) {
  return db
    .selectFrom('product_variants')
    .selectAll()
    .where('item_id', 'in', itemIds)
    .orderBy('position')
    .orderBy('id');
}

function withVariants(
  rows: readonly ItemRow[],
  variants: readonly VariantRow[],
  currency: string,
  collectionSlugOf: (row: ItemRow) => string,
): ProductItemJson[] {
  return rows.map((row) =>
    productItemJson(
      row,
      variants.filter((v) => v.item_id === row.id),
      { currency, collectionSlug: collectionSlugOf(row) },
    ),
  );
}

/** Store items in template JSON shape with their variants (read in one query, in their order). */
export async function productsWithVariants(
  db: Kysely<Database>,
  rows: readonly ItemRow[],
  currency: string,
  collectionSlugOf: (row: ItemRow) => string,
): Promise<ProductItemJson[]> {
  if (rows.length === 0) return [];
  const variants = await variantsOf(
    db,
    rows.map((r) => r.id),
  ).execute();
  return withVariants(rows, variants, currency, collectionSlugOf);
}

// The products a cart reads (to check an add, to show its entries, to answer stock): each item with
// its collection's slug and its variants in ONE statement (issue 20: one round trip fewer on
// PostgreSQL than items, then variants), and only the columns a cart uses. Body, excerpt, sections
// and the other page fields are not read, so the body is not cleaned on every add either; the cart
// JSON and core's add-to-cart rules read the title, URL, images and structured content (variants,
// options, product type, forms) only. Read through the executor it is given (a transaction
// included), so stock is read where it is checked, never from a cache.

/** Page fields a cart never shows, in place of the columns it does not read. */
const NOT_READ = {
  site_id: '',
  excerpt: '',
  body: '',
  position: 0,
  sections: '[]',
  author: '{}',
  comments_enabled: 0,
  like_count: 0,
  start_date: null,
  end_date: null,
  location: '{}',
  translations: '{}',
} satisfies Partial<ItemRow>;

/** The items' rows joined to their collection's slug and their variants (one row per variant). */
function productRows(db: Kysely<Database>, siteId: string, ids: readonly string[]) {
  return db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .leftJoin('product_variants', 'product_variants.item_id', 'items.id')
    .select([
      'items.id',
      'items.collection_id',
      'items.record_type',
      'items.url_id',
      'items.title',
      'items.structured_content',
      'items.images',
      'items.published_at',
      'items.status',
      'items.created_at',
      'items.updated_at',
      'collections.slug as collection_slug',
      'product_variants.id as v_id',
      'product_variants.position as v_position',
      'product_variants.sku as v_sku',
      'product_variants.price_cents as v_price_cents',
      'product_variants.sale_price_cents as v_sale_price_cents',
      'product_variants.on_sale as v_on_sale',
      'product_variants.unlimited as v_unlimited',
      'product_variants.qty_in_stock as v_qty_in_stock',
      'product_variants.attributes as v_attributes',
      'product_variants.main_image as v_main_image',
    ])
    .where('items.site_id', '=', siteId)
    .where('items.id', 'in', ids)
    .orderBy('items.id')
    .orderBy('product_variants.position')
    .orderBy('product_variants.id');
}

/** The same for one item (an add, a cart of one product), compiled once. */
const oneProductRows = compiledOnce(2, (db, siteId: string, id: string) => productRows(db, siteId, [id]));

/**
 * Store items by id for a cart, and which of them visitors may buy now (public status, date come),
 * judged from the same rows.
 */
export async function loadCartProducts(
  executor: Kysely<Database>,
  siteId: string,
  itemIds: readonly string[],
  currency: string,
  now = new Date(),
): Promise<CartProducts> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return { products: new Map(), forSale: new Set() };
  const rows =
    ids.length === 1
      ? await oneProductRows(executor, siteId, ids[0]!)
      : await productRows(executor, siteId, ids).execute();
  return cartProductsOf(rows, siteId, currency, now);
}

/** Store items by id for a cart, and which of them visitors may buy now. */
export interface CartProducts {
  products: Map<string, ProductItemJson>;
  forSale: Set<string>;
}

/** The statement `loadCartProducts` runs for one item, bound, to send with others (`runTogether`). */
export function cartProductQuery(executor: Kysely<Database>, siteId: string, itemId: string): CompiledQuery {
  return oneProductRows.bound(executor, siteId, itemId);
}

type ProductRow = Awaited<ReturnType<typeof oneProductRows>>[number];

/** `loadCartProducts` from the rows of its statement (`cartProductQuery`'s answer). */
export function cartProductsOf(
  rows: readonly ProductRow[],
  siteId: string,
  currency: string,
  now = new Date(),
): CartProducts {
  const products = new Map<string, ProductItemJson>();
  const forSale = new Set<string>();
  const byItem = new Map<string, { row: ProductRow; variants: VariantRow[] }>();
  for (const row of rows) {
    let item = byItem.get(row.id);
    if (!item) {
      item = { row, variants: [] };
      byItem.set(row.id, item);
    }
    if (row.v_id === null) continue; // an item without variants: the left join's one empty row
    item.variants.push({
      id: row.v_id,
      item_id: row.id,
      position: row.v_position as number,
      sku: row.v_sku as string,
      price_cents: row.v_price_cents as number,
      sale_price_cents: row.v_sale_price_cents as number,
      on_sale: row.v_on_sale as number,
      unlimited: row.v_unlimited as number,
      qty_in_stock: row.v_qty_in_stock as number,
      attributes: row.v_attributes as string,
      main_image: row.v_main_image,
    });
  }
  for (const [id, { row, variants }] of byItem) {
    const item: ItemRow = {
      ...NOT_READ,
      id,
      site_id: siteId,
      collection_id: row.collection_id,
      record_type: row.record_type,
      url_id: row.url_id,
      title: row.title,
      structured_content: row.structured_content,
      images: row.images,
      published_at: row.published_at,
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
    products.set(id, productItemJson(item, variants, { currency, collectionSlug: row.collection_slug }));
    if (isPublic(row.status, row.published_at, now)) forSale.add(id);
  }
  return { products, forSale };
}

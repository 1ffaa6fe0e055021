import {
  CollectionType,
  fromMinorUnits,
  ProductType,
  RecordType,
  type WeightUnit,
  weightFromGrams,
  weightUnitOf,
} from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { publicBaseUrl } from '../../platform/http/public-url.js';

// `tessera export products` (issue 19): a site's products as a CSV in one of the two formats
// `tessera import products` reads (domains/imports/product-csv.ts), so that an export imported into another
// site gives the same catalogue. What a format cannot carry is listed in `notes`, product by product.

export type ExportFormat = 'shopify' | 'squarespace';

interface StoredVariant {
  id: string;
  sku: string;
  attributes: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  /** Its picture's absolute address, or ''. */
  image: string;
}

interface StoredImage {
  url: string;
  altText: string;
}

interface StoredProduct {
  urlId: string;
  title: string;
  body: string;
  status: string;
  productType: number;
  options: string[];
  weights: Record<string, number>;
  variants: StoredVariant[];
  tags: string[];
  categories: string[];
  images: StoredImage[];
}

export interface ProductExport {
  csv: string;
  exported: number;
  /** Lines such as "gift-card: not exported (…)"; empty when the file carries everything. */
  notes: string[];
}

/** One CSV field: quoted when it holds a comma, quote, line break or outer space (RFC 4180). */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly (string | number)[]) => cells.map(field).join(',');

/** An image asset's address made absolute on the site's public address (`/files/…` → `https://shop…/files/…`). */
function absolute(asset: unknown, baseUrl: string): string {
  const url = (asset as { assetUrl?: unknown } | null)?.assetUrl;
  if (typeof url !== 'string' || url === '') return '';
  return url.startsWith('/') ? `${baseUrl}${url}` : url;
}

function parsed<T>(text: string | null | undefined, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

async function storedProducts(
  db: Kysely<Database>,
  siteId: string,
  collection: string | undefined,
  baseUrl: string,
): Promise<StoredProduct[]> {
  let query = db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select([
      'items.id',
      'items.url_id',
      'items.title',
      'items.body',
      'items.status',
      'items.structured_content',
      'items.images',
    ])
    .where('items.site_id', '=', siteId)
    .where('items.record_type', '=', RecordType.STORE_ITEM)
    .where('collections.type', '=', CollectionType.PRODUCTS);
  if (collection) query = query.where('collections.slug', '=', collection);
  const items = await query
    .orderBy('collections.position')
    .orderBy('collections.id')
    .orderBy('items.position')
    .orderBy('items.id')
    .execute();
  const products: StoredProduct[] = [];
  for (const item of items) {
    const variants = await db
      .selectFrom('product_variants')
      .selectAll()
      .where('item_id', '=', item.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const terms = await db
      .selectFrom('item_terms')
      .select(['kind', 'value'])
      .where('item_id', '=', item.id)
      .orderBy('value')
      .execute();
    const content = JSON.parse(item.structured_content || '{}') as {
      productType?: number;
      variantOptionOrdering?: string[];
      variantWeights?: Record<string, number>;
    };
    products.push({
      urlId: item.url_id,
      title: item.title,
      body: item.body ?? '',
      status: item.status,
      productType: content.productType ?? ProductType.PHYSICAL,
      options: content.variantOptionOrdering ?? [],
      weights: content.variantWeights ?? {},
      variants: variants.map((v) => ({
        id: v.id,
        sku: v.sku,
        attributes: JSON.parse(v.attributes || '{}') as Record<string, string>,
        price: Number(v.price_cents),
        salePrice: Number(v.sale_price_cents),
        onSale: Number(v.on_sale) === 1,
        unlimited: Number(v.unlimited) === 1,
        qtyInStock: Number(v.qty_in_stock),
        image: absolute(parsed(v.main_image, null), baseUrl),
      })),
      tags: terms.filter((t) => t.kind === 'tag').map((t) => t.value),
      categories: terms.filter((t) => t.kind === 'category').map((t) => t.value),
      images: parsed<unknown[]>(item.images, [])
        .map((asset) => ({
          url: absolute(asset, baseUrl),
          altText: String((asset as { altText?: unknown })?.altText ?? ''),
        }))
        .filter((image) => image.url !== ''),
    });
  }
  return products;
}

const SHOPIFY_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Type',
  'Tags',
  'Published',
  'Status',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Gift Card',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Variant Image',
];

function shopifyRows(p: StoredProduct, money: (minor: number) => string, note: (text: string) => void): string[] {
  if (p.options.length > 3) note('has more than 3 options (Shopify carries 3): use --format squarespace');
  const options = p.options.length > 0 ? p.options : ['Title'];
  const rows = p.variants.map((v, index) => {
    const first = index === 0;
    const discounted = v.onSale && v.salePrice < v.price;
    if (v.onSale && !discounted) note(`${v.sku}: on sale at a price not below its price; written as not on sale`);
    if (!v.onSale && v.salePrice > 0) note(`${v.sku}: sale price kept only while on sale; dropped`);
    const weight = p.weights[v.id];
    const cells: Record<string, string | number> = {
      Handle: p.urlId,
      'Variant SKU': v.sku,
      'Variant Grams': weight ?? '',
      'Variant Inventory Tracker': v.unlimited ? '' : 'shopify',
      'Variant Inventory Qty': v.unlimited ? '' : v.qtyInStock,
      'Variant Price': money(discounted ? v.salePrice : v.price),
      'Variant Compare At Price': discounted ? money(v.price) : '',
      'Variant Requires Shipping': p.productType === ProductType.PHYSICAL ? 'TRUE' : 'FALSE',
      'Variant Image': v.image,
    };
    options.forEach((name, i) => {
      cells[`Option${i + 1} Name`] = first ? name : '';
      cells[`Option${i + 1} Value`] = p.options.length > 0 ? (v.attributes[name] ?? '') : 'Default Title';
    });
    if (first) {
      Object.assign(cells, {
        Title: p.title,
        'Body (HTML)': p.body,
        Type: p.categories.join(', '),
        Tags: p.tags.join(', '),
        Published: p.status === 'published' ? 'TRUE' : 'FALSE',
        Status: p.status === 'published' ? 'active' : 'draft',
        'Gift Card': 'FALSE',
      });
    }
    return cells;
  });
  // Shopify's picture rows: the n-th picture on the n-th row, more pictures than variants on rows of their own.
  p.images.forEach((image, index) => {
    const cells = rows[index] ?? { Handle: p.urlId };
    Object.assign(cells, { 'Image Src': image.url, 'Image Position': index + 1, 'Image Alt Text': image.altText });
    if (index >= rows.length) rows.push(cells);
  });
  return rows.map((cells) => csvLine(SHOPIFY_COLUMNS.map((c) => cells[c] ?? '')));
}

const SQUARESPACE_COLUMNS = [
  'Product ID [Non Editable]',
  'Product Type [Non Editable]',
  'Product URL',
  'Title',
  'Description',
  'SKU',
  ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`Option Name ${n}`, `Option Value ${n}`]),
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Categories',
  'Tags',
  'Weight',
  'Visible',
  'Hosted Image URLs',
];

const SQUARESPACE_TYPES: Record<number, string> = {
  [ProductType.PHYSICAL]: 'PHYSICAL',
  [ProductType.DIGITAL]: 'DIGITAL',
  [ProductType.SERVICE]: 'SERVICE',
};

/** Squarespace rows; weights in the store's weight unit, as Squarespace writes its site's (imports read them so). */
function squarespaceRows(
  p: StoredProduct,
  money: (minor: number) => string,
  note: (text: string) => void,
  unit: WeightUnit,
): string[] {
  if (p.options.length > 6) note('has more than 6 options; only the first 6 are written');
  if (p.images.some((image) => image.altText))
    note('alt text of pictures not written (the Squarespace format has none)');
  if (p.variants.some((v) => v.image)) note("variants' pictures not written (the Squarespace format has none)");
  return p.variants.map((v, index) => {
    const first = index === 0;
    const cells: Record<string, string | number> = {
      'Product ID [Non Editable]': p.urlId,
      SKU: v.sku,
      Price: money(v.price),
      'Sale Price': money(v.salePrice),
      'On Sale': v.onSale ? 'Yes' : 'No',
      Stock: v.unlimited ? 'Unlimited' : v.qtyInStock,
      Weight: p.weights[v.id] === undefined ? '' : weightFromGrams(p.weights[v.id] as number, unit),
    };
    p.options.slice(0, 6).forEach((name, i) => {
      if (first) cells[`Option Name ${i + 1}`] = name;
      cells[`Option Value ${i + 1}`] = v.attributes[name] ?? '';
    });
    if (first) {
      Object.assign(cells, {
        'Product Type [Non Editable]': SQUARESPACE_TYPES[p.productType] ?? '',
        'Product URL': p.urlId,
        Title: p.title,
        Description: p.body,
        Categories: p.categories.join(', '),
        Tags: p.tags.join(', '),
        Visible: p.status === 'published' ? 'Yes' : 'No',
        // Addresses are separated by spaces: one with a space in it is written encoded.
        'Hosted Image URLs': p.images.map((image) => image.url.replaceAll(' ', '%20')).join(' '),
      });
    }
    return csvLine(SQUARESPACE_COLUMNS.map((c) => cells[c] ?? ''));
  });
}

/** The store's weight unit in the site's settings JSON (the settings domain reads the rest of it). */
function storeWeightUnit(settings: string | null | undefined): WeightUnit {
  try {
    return weightUnitOf(JSON.parse(settings || '{}')?.store?.weightUnit);
  } catch {
    return weightUnitOf(undefined);
  }
}

/** The site's products (of one products page when `collection` is given) as a product CSV. */
export async function exportProducts(
  db: Kysely<Database>,
  args: {
    siteId: string;
    format: ExportFormat;
    collection?: string;
    /** The server's `PUBLIC_URL` and port, for picture addresses when the site has no address of its own. */
    server?: { publicUrl?: string; port: number };
  },
): Promise<ProductExport> {
  const site = await db
    .selectFrom('sites')
    .select(['currency', 'public_url', 'host', 'settings'])
    .where('id', '=', args.siteId)
    .executeTakeFirst();
  // Pictures by absolute address on the site's configured public address (never a request's Host).
  const baseUrl = publicBaseUrl({ publicUrl: site?.public_url, host: site?.host }, args.server ?? { port: 3000 });
  const products = await storedProducts(db, args.siteId, args.collection, baseUrl);
  // Amounts in the currency's own digits: 1250 USD → "12.50", 1250 JPY → "1250".
  const currency = site?.currency ?? 'USD';
  const money = (minor: number) => fromMinorUnits(minor, currency);
  const unit = storeWeightUnit(site?.settings);
  const notes: string[] = [];
  const shopify = args.format === 'shopify';
  const lines = [csvLine(shopify ? SHOPIFY_COLUMNS : SQUARESPACE_COLUMNS)];
  let exported = 0;
  for (const product of products) {
    const note = (text: string) => notes.push(`${product.urlId}: ${text}`);
    if (!SQUARESPACE_TYPES[product.productType]) {
      note('not exported (gift cards and paywalls are not carried by a product CSV)');
      continue;
    }
    if (shopify && product.productType === ProductType.SERVICE) {
      note('not exported (the Shopify format has no service products): use --format squarespace');
      continue;
    }
    if (product.variants.length === 0) {
      note('not exported (it has no variant)');
      continue;
    }
    if (product.status !== 'published' && product.status !== 'draft')
      note(`status ${product.status} written as hidden`);
    if (product.title !== product.title.trim()) note('title written without its outer spaces');
    lines.push(...(shopify ? shopifyRows(product, money, note) : squarespaceRows(product, money, note, unit)));
    exported++;
  }
  return { csv: `${lines.join('\r\n')}\r\n`, exported, notes };
}

import { COLLECTION_LIMITS, CollectionType, RecordType, type WeightUnit, weightUnitOf } from '@tessera/core';
import type { Kysely } from 'kysely';
import { checkProduct, type ProductInput, productInput, variantColumns, variantWeights } from '../catalogue/index.js';
import type { Database } from '../../platform/db/schema.js';
import { describeZodError } from '../../platform/http/validate.js';
import { newId, nowIso } from '../../platform/ids.js';
import type { ImportProgress } from './import-progress.js';
import { type ParsedProductCsv, type ProductDraft, parseProductCsv, type RowProblem } from './product-csv.js';
import { insertItem } from '../../platform/db/items.js';
import { parseSiteSettings } from '../settings/index.js';
import {
  type FetchedImages,
  fetchProductImages,
  type ImageProblem,
  imagesOf,
  type ProductImageSource,
  productAssets,
} from './product-images.js';

// `tessera import products` (issue 19): plans what a product CSV changes (created, updated,
// rejected with the line and reason), and writes the plan in one transaction. A product is the
// same as a stored one when its URL (handle) or one of its SKUs matches, so a re-run updates.

export interface PlannedProduct {
  action: 'create' | 'update';
  line: number;
  title: string;
  urlId: string;
  /** The stored product it updates. */
  itemId?: string;
  input: ProductInput;
  draft: ProductDraft;
}

export interface ProductImportReport {
  format: ParsedProductCsv['format'];
  dryRun: boolean;
  collection: string;
  planned: PlannedProduct[];
  rejected: RowProblem[];
  /** Image addresses of the planned products left as they are (the import does not fetch pictures). */
  imagesNotImported: number;
  /** Squarespace files: the unit their Weight column was read in (the store's weight unit). */
  weightUnit?: WeightUnit;
  /**
   * With picture fetching: how many distinct addresses the planned products name, how many were
   * copied (0 in a dry run), and each picture not imported with its line and reason (a dry run
   * lists those it can tell without downloading).
   */
  images?: { addresses: number; copied: number; failed: ImageProblem[] };
}

/** The whole import is refused (nothing is written): no products page, too many products, bad file. */
export class ProductImportError extends Error {}

function firstMessage(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^invalid-body: /, '') : String(error);
}

/** The draft as an editor product write, checked by the editor's rules; a string says why not. */
function asInput(draft: ProductDraft): ProductInput | string {
  const parsed = productInput.safeParse({
    title: draft.title,
    urlId: draft.urlId,
    body: draft.body,
    status: draft.status,
    productType: draft.productType,
    variantOptionOrdering: draft.options,
    // A variant's picture is fetched and written apart from the editor's fields (product-images.ts).
    variants: draft.variants.map(({ image: _image, ...variant }) => variant),
  });
  if (!parsed.success) return describeZodError(parsed.error);
  try {
    checkProduct(parsed.data);
  } catch (error) {
    return firstMessage(error);
  }
  return parsed.data;
}

async function productsCollection(db: Kysely<Database>, siteId: string, slug: string | undefined) {
  let query = db
    .selectFrom('collections')
    .select(['id', 'slug'])
    .where('site_id', '=', siteId)
    .where('type', '=', CollectionType.PRODUCTS);
  if (slug) query = query.where('slug', '=', slug);
  const row = await query.orderBy('position').orderBy('id').executeTakeFirst();
  if (!row) {
    throw new ProductImportError(
      slug ? `The site has no products page "${slug}".` : 'The site has no products page; add one in the editor first.',
    );
  }
  return row;
}

/** The file read and every product checked by the editor's rules: what the database cannot change. */
interface CheckedCsv {
  format: ParsedProductCsv['format'];
  weightUnit?: WeightUnit;
  planned: PlannedProduct[];
  rejected: RowProblem[];
  urls: Set<string>;
  skus: Set<string>;
}

/** Reads the CSV and checks each product (the CPU-heavy part, done before any transaction opens). */
async function checkProductCsv(
  db: Kysely<Database>,
  args: { siteId: string; csv: string; collection?: string },
  progress?: ImportProgress,
): Promise<CheckedCsv> {
  progress?.step('reading', 0, 1);
  const site = await db
    .selectFrom('sites')
    .select(['currency', 'settings'])
    .where('id', '=', args.siteId)
    .executeTakeFirst();
  const weightUnit = weightUnitOf(parseSiteSettings(site?.settings).store?.weightUnit);
  const parsed = parseProductCsv(args.csv, { currency: site?.currency ?? 'USD', weightUnit });
  await productsCollection(db, args.siteId, args.collection);
  const rejected = [...parsed.rejected];
  const planned: PlannedProduct[] = [];
  const urls = new Set<string>();
  const skus = new Set<string>();
  for (const [index, draft] of parsed.drafts.entries()) {
    if (progress && index % 20 === 0) {
      progress.step('checking', index, parsed.drafts.length);
      // Let the progress be written and the owner's polls answered between the checks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const line = draft.lines[0] as number;
    const input = asInput(draft);
    if (typeof input === 'string') {
      rejected.push({ line, reason: input });
      continue;
    }
    const own = input.variants.map((v) => v.sku).filter((s): s is string => !!s);
    const repeated = own.find((sku) => skus.has(sku));
    if (urls.has(input.urlId ?? '')) rejected.push({ line, reason: `An earlier product uses the URL ${input.urlId}.` });
    else if (repeated) rejected.push({ line, reason: `An earlier product uses the SKU ${repeated}.` });
    else {
      urls.add(input.urlId ?? '');
      for (const sku of own) skus.add(sku);
      planned.push({ action: 'create', line, title: input.title, urlId: input.urlId ?? '', input, draft });
    }
  }
  progress?.step('checking', parsed.drafts.length, parsed.drafts.length);
  const unit = parsed.format === 'squarespace' ? { weightUnit } : {};
  return { format: parsed.format, ...unit, planned, rejected, urls, skus };
}

/** What importing the checked CSV would do: each product created or updated, read from `db`. */
async function matchStored(
  db: Kysely<Database>,
  args: { siteId: string; collection?: string },
  checked: CheckedCsv,
): Promise<Omit<ProductImportReport, 'dryRun'>> {
  const collection = await productsCollection(db, args.siteId, args.collection);
  const { planned, urls, skus } = checked;
  const rejected = [...checked.rejected];
  const byUrl = new Map<string, string>();
  const bySku = new Map<string, string>();
  const chunks = <T>(items: T[]) =>
    Array.from({ length: Math.ceil(items.length / 500) }, (_, i) => items.slice(i * 500, i * 500 + 500));
  for (const part of chunks([...urls])) {
    const rows = await db
      .selectFrom('items')
      .select(['id', 'url_id'])
      .where('collection_id', '=', collection.id)
      .where('record_type', '=', RecordType.STORE_ITEM)
      .where('url_id', 'in', part)
      .execute();
    for (const row of rows) byUrl.set(row.url_id, row.id);
  }
  for (const part of chunks([...skus])) {
    const rows = await db
      .selectFrom('product_variants')
      .innerJoin('items', 'items.id', 'product_variants.item_id')
      .select(['items.id', 'product_variants.sku'])
      .where('items.site_id', '=', args.siteId)
      .where('items.record_type', '=', RecordType.STORE_ITEM)
      .where('product_variants.sku', 'in', part)
      .execute();
    for (const row of rows) bySku.set(row.sku, row.id);
  }
  const kept: PlannedProduct[] = [];
  for (const product of planned) {
    const matches = new Set<string>();
    const url = byUrl.get(product.urlId);
    if (url) matches.add(url);
    for (const v of product.input.variants) if (v.sku && bySku.has(v.sku)) matches.add(bySku.get(v.sku) as string);
    if (matches.size > 1) {
      rejected.push({ line: product.line, reason: 'Its URL and SKUs belong to different stored products.' });
      continue;
    }
    const [itemId] = matches;
    kept.push(itemId ? { ...product, action: 'update', itemId } : product);
  }

  const stored = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('collection_id', '=', collection.id)
    .executeTakeFirstOrThrow();
  const creates = kept.filter((p) => p.action === 'create').length;
  if (Number(stored.n) + creates > COLLECTION_LIMITS.productsPerCollection) {
    throw new ProductImportError(
      `The products page ${collection.slug} would hold ${Number(stored.n) + creates} products; a page holds at most ${COLLECTION_LIMITS.productsPerCollection}. Split the file over several products pages (--collection).`,
    );
  }
  rejected.sort((a, b) => a.line - b.line);
  const imagesNotImported = kept.reduce((sum, p) => sum + p.draft.images.length, 0);
  const unit = checked.weightUnit ? { weightUnit: checked.weightUnit } : {};
  return { format: checked.format, ...unit, collection: collection.slug, planned: kept, rejected, imagesNotImported };
}

/** What importing `csv` into the site would do, read from `db`. */
export async function planProductImport(
  db: Kysely<Database>,
  args: { siteId: string; csv: string; collection?: string },
): Promise<Omit<ProductImportReport, 'dryRun'>> {
  return matchStored(db, args, await checkProductCsv(db, args));
}

/** Writes one planned product and its variants, tags and categories; existing variants keep their ids. */
async function writeProduct(
  db: Kysely<Database>,
  ids: { siteId: string; collectionId: string },
  product: PlannedProduct,
  fetched: FetchedImages | undefined,
) {
  const { siteId, collectionId } = ids;
  const { input, draft } = product;
  // Copied pictures replace the stored ones; without any, the product keeps what it has.
  const assets = fetched ? productAssets(draft, fetched.copies) : undefined;
  const images = assets && assets.images.length > 0 ? { images: JSON.stringify(assets.images) } : {};
  const now = nowIso();
  const itemId = product.itemId ?? newId();
  const previous = product.itemId
    ? await db.selectFrom('items').selectAll().where('id', '=', product.itemId).executeTakeFirstOrThrow()
    : undefined;
  const oldVariants = await db
    .selectFrom('product_variants')
    .select(['id', 'sku'])
    .where('item_id', '=', itemId)
    .execute();
  const variantIds = input.variants.map((v) => oldVariants.find((o) => o.sku === v.sku)?.id ?? newId());
  const stored = previous ? (JSON.parse(previous.structured_content || '{}') as Record<string, unknown>) : {};
  const structuredContent = {
    isSubscribable: false,
    useCustomAddButtonText: false,
    customAddButtonText: '',
    additionalFieldsFormId: null,
    additionalFieldsForm: null,
    ...stored,
    productType: input.productType,
    variantOptionOrdering: input.variantOptionOrdering,
    variantWeights: variantWeights(input, variantIds),
  };
  const fields = {
    title: input.title,
    body: input.body,
    status: input.status,
    structured_content: JSON.stringify(structuredContent),
    updated_at: now,
  };
  if (previous) {
    await db
      .updateTable('items')
      .set({ ...fields, ...images })
      .where('id', '=', itemId)
      .execute();
  } else {
    const item = { id: itemId, siteId, collectionId, recordType: RecordType.STORE_ITEM, now };
    await insertItem(db, item, { url_id: product.urlId, excerpt: '', images: '[]', ...fields, ...images });
  }
  const keep = new Set(variantIds);
  const gone = oldVariants.filter((v) => !keep.has(v.id)).map((v) => v.id);
  if (gone.length > 0) await db.deleteFrom('product_variants').where('id', 'in', gone).execute();
  for (const [position, variant] of input.variants.entries()) {
    const id = variantIds[position] as string;
    const values = variantColumns(variant, position, variant.sku ?? `SQ${id.slice(0, 10).toUpperCase()}`);
    const picture = assets?.variants[position];
    const mainImage = picture ? { main_image: JSON.stringify(picture) } : {};
    if (oldVariants.some((o) => o.id === id)) {
      await db
        .updateTable('product_variants')
        .set({ ...values, ...mainImage })
        .where('id', '=', id)
        .execute();
    } else {
      await db
        .insertInto('product_variants')
        .values({ id, item_id: itemId, main_image: null, ...values, ...mainImage })
        .execute();
    }
  }
  await db.deleteFrom('item_terms').where('item_id', '=', itemId).execute();
  for (const [kind, values] of [
    ['tag', draft.tags],
    ['category', draft.categories],
  ] as const) {
    for (const value of new Set(values))
      await db.insertInto('item_terms').values({ item_id: itemId, kind, value }).execute();
  }
}

/**
 * Imports a product CSV into a site. A dry run only reads. The real run checks the file first, then
 * matches and writes in one transaction: every product is written or, on any failure, none is.
 * Rejected rows are left out (and reported) either way. `progress` hears each step; `finish` runs
 * last inside the transaction (an import job records its end there, with the products).
 */
export async function importProducts(
  db: Kysely<Database>,
  args: {
    siteId: string;
    csv: string;
    collection?: string;
    dryRun: boolean;
    /** Fetch the pictures the file names into the site's files (without it they are only counted). */
    media?: ProductImageSource;
    progress?: ImportProgress;
    finish?: (trx: Kysely<Database>, report: ProductImportReport) => Promise<void>;
  },
): Promise<ProductImportReport> {
  const { progress, media } = args;
  const checked = await checkProductCsv(db, args, progress);
  if (args.dryRun) {
    const plan = await matchStored(db, args, checked);
    return { ...plan, dryRun: true, ...(media ? picturesOf(plan.planned) : {}) };
  }
  // Pictures first (files cannot join the database's transaction); removed again when it fails.
  const drafts = checked.planned.map((p) => p.draft);
  const fetched = media
    ? await fetchProductImages(drafts, media, (done, total) => progress?.step('media', done, total))
    : undefined;
  for (const failed of fetched?.failed ?? [])
    progress?.warn(`line ${failed.line}: picture ${failed.url} not imported (${failed.reason}).`);
  try {
    await progress?.settle?.();
    return await db.transaction().execute(async (trx) => {
      const plan = await matchStored(trx, args, checked);
      const { id: collectionId } = await productsCollection(trx, args.siteId, plan.collection);
      for (const [index, product] of plan.planned.entries()) {
        progress?.step('writing', index, plan.planned.length);
        await writeProduct(trx, { siteId: args.siteId, collectionId }, product, fetched);
      }
      progress?.step('writing', plan.planned.length, plan.planned.length);
      const report: ProductImportReport = { ...plan, dryRun: false };
      if (fetched) {
        const { addresses } = picturesOf(plan.planned).images;
        report.images = { addresses, copied: fetched.copies.size, failed: fetched.failed };
        report.imagesNotImported = 0;
      }
      await args.finish?.(trx, report);
      return report;
    });
  } catch (error) {
    if (fetched && media) for (const key of fetched.written) await media.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** A dry run's pictures: the distinct addresses to fetch, and those it already knows are not imported. */
function picturesOf(planned: PlannedProduct[]): Pick<ProductImportReport, 'images' | 'imagesNotImported'> & {
  images: NonNullable<ProductImportReport['images']>;
} {
  const addresses = new Set<string>();
  const failed: ImageProblem[] = [];
  for (const product of planned) {
    const { wanted, problems } = imagesOf(product.draft);
    for (const image of wanted) addresses.add(image.url);
    failed.push(...problems);
  }
  failed.sort((a, b) => a.line - b.line);
  return { images: { addresses: addresses.size, copied: 0, failed }, imagesNotImported: 0 };
}

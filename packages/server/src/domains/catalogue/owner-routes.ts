import { COLLECTION_LIMITS, CollectionType, ProductType, RecordType } from '@tessera/core';
import { productListQuery, productOrderBody, productParams } from '@tessera/core/contracts/products';
import type { FastifyInstance } from 'fastify';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import { requireOwner } from '../auth/index.js';
import { storedItemSeo, parseJson, loadProducts } from '../content/index.js';
import { siteRow } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { originalSizeOf } from '../files/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId, nowIso } from '../../platform/ids.js';
import type { FileStorage } from '../../platform/storage/index.js';
import { recordMovedAddress } from '../web/index.js';
import {
  checkProduct,
  fieldError,
  type ProductInput,
  parseProductInput,
  slugify,
  variantColumns,
  variantWeights,
} from './product-input.js';
import { registerProductChoices } from './product-choices.js';
import { PRODUCT_CONTRACTS } from './product-contracts.js';
import type { RouteContract } from '../../platform/http/openapi.js';
import { ownerOf, withStatus } from '../settings/index.js';
import { insertItem } from '../../platform/db/items.js';

/** SPEC §9 editor limits. */
export { COLLECTION_LIMITS };
export const LIMIT_MESSAGES = {
  products: `This collection already holds ${COLLECTION_LIMITS.productsPerCollection} products, the most a collection can hold. Add the product to another collection.`,
  items: `This collection already holds ${COLLECTION_LIMITS.itemsInOrderableCollection} items, the most a collection you can reorder can hold.`,
} as const;

/**
 * Commerce admin: products of every type (group `store`). Writes go to `items` and
 * `product_variants`; existing variants keep their ids (restock sign-ups and carts refer to them).
 */
export default async function productsAdminPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const content = app.services.content;
  const guard = { preHandler: requireOwner('store') };
  const owned = (contract: RouteContract) => ({ ...guard, config: { contract } });
  registerProductChoices(app, guard, (request) => ownerOf(request).websiteId);

  async function collectionOf(
    siteId: string,
    collectionId: string | undefined,
    executor: Kysely<Database> = db,
    lock = false,
  ) {
    let query = executor.selectFrom('collections').selectAll().where('site_id', '=', siteId);
    query = collectionId
      ? query.where('id', '=', collectionId)
      : query.where('type', '=', CollectionType.PRODUCTS).orderBy('position').orderBy('id');
    // In a write, PostgreSQL locks the collection row so two creates cannot both take its last free place
    // (SQLite runs one writer at a time anyway).
    if (lock && executor.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row || row.type !== CollectionType.PRODUCTS) {
      throw withStatus(new AppError('collection-not-found', 'There is no store collection with this id.'), 404);
    }
    return row;
  }

  /** SPEC §9 limits, checked in the writing transaction. */
  async function checkRoom(trx: Transaction<Database>, collectionId: string) {
    const counts = await trx
      .selectFrom('items')
      .select((eb) => [
        eb.fn.countAll<string>().as('all'),
        eb.fn
          .sum<string>(eb.case().when('record_type', '=', RecordType.STORE_ITEM).then(1).else(0).end())
          .as('products'),
      ])
      .where('collection_id', '=', collectionId)
      .executeTakeFirstOrThrow();
    if (Number(counts.products ?? 0) >= COLLECTION_LIMITS.productsPerCollection) {
      throw withStatus(new AppError('collection-full', LIMIT_MESSAGES.products), 409);
    }
    if (Number(counts.all) >= COLLECTION_LIMITS.itemsInOrderableCollection) {
      throw withStatus(new AppError('collection-full', LIMIT_MESSAGES.items), 409);
    }
  }

  async function imageAsset(files: FileStorage, url: string, altText: string) {
    try {
      decodeURIComponent(url);
    } catch {
      throw fieldError('images', 'Use the URL of an uploaded file (/files/…).');
    }
    const originalSize = await originalSizeOf(files, url);
    return {
      id: newId(),
      recordType: RecordType.IMAGE,
      assetUrl: url,
      originalSize,
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      altText,
      title: altText,
      body: null,
      filename: url.split('/').pop() ?? '',
    };
  }

  async function checkForm(siteId: string, formId: string | null | undefined) {
    if (!formId) return;
    const form = await db
      .selectFrom('forms')
      .select('id')
      .where('site_id', '=', siteId)
      .where('id', '=', formId)
      .executeTakeFirst();
    if (!form) throw new AppError('invalid-body', 'additionalFieldsFormId: There is no form with this id.');
  }

  async function productJson(siteId: string, itemId: string) {
    const site = await content.getSite(siteId);
    const products = await loadProducts(db, siteId, [itemId], site?.currency ?? 'USD');
    const product = products.get(itemId);
    if (!product) throw withStatus(new AppError('product-not-found', 'There is no product with this id.'), 404);
    const row = await db.selectFrom('items').select('status').where('id', '=', itemId).executeTakeFirst();
    return { ...product, status: row?.status ?? 'published' };
  }

  /** Writes the item fields and variants of `input` (new row when `existing` is undefined). */
  async function write(siteId: string, input: ProductInput, existingId?: string) {
    checkProduct(input);
    await checkForm(siteId, input.additionalFieldsFormId);
    const files = await app.siteFiles(siteId);
    const images = await Promise.all(input.images.map((image) => imageAsset(files, image.url, image.altText)));
    const variantImages = await Promise.all(
      input.variants.map((v) => (v.imageUrl ? imageAsset(files, v.imageUrl, '') : null)),
    );
    const seo = input.seo ? await storedItemSeo(files, input.seo) : undefined;
    const now = nowIso();
    const itemId = existingId ?? newId();
    let moved: [string, string] | undefined;
    await db.transaction().execute(async (trx) => {
      const previous = existingId ? await siteRow(trx, 'items', siteId, existingId) : undefined;
      if (existingId && !previous)
        throw withStatus(new AppError('product-not-found', 'There is no product with this id.'), 404);
      const collection = await collectionOf(siteId, input.collectionId ?? previous?.collection_id, trx, true);
      if (!previous || previous.collection_id !== collection.id) await checkRoom(trx, collection.id);
      const wanted = input.urlId ?? previous?.url_id ?? slugify(input.title);
      const urlId = await freeUrlId(trx, collection.id, wanted, itemId, input.urlId !== undefined);
      if (
        previous &&
        input.redirectOldUrl &&
        `${previous.collection_id}/${previous.url_id}` !== `${collection.id}/${urlId}`
      ) {
        const from =
          previous.collection_id === collection.id
            ? collection
            : await collectionOf(siteId, previous.collection_id, trx);
        moved = [`/${from.slug}/p/${previous.url_id}`, `/${collection.slug}/p/${urlId}`];
      }
      const oldVariants = await trx
        .selectFrom('product_variants')
        .select(['id', 'sku'])
        .where('item_id', '=', itemId)
        .execute();
      const oldIds = new Set(oldVariants.map((v) => v.id));
      // Variants sent with an id they have keep it; the others get a new one.
      const variantIds = input.variants.map((v) => (v.id && oldIds.has(v.id) ? v.id : newId()));
      const stored = parseJson<Record<string, unknown>>(previous?.structured_content, {});
      const structuredContent: Record<string, unknown> = {
        ...stored,
        productType: input.productType,
        variantOptionOrdering: input.variantOptionOrdering,
        isSubscribable: input.isSubscribable,
        subscriptionPlan: input.isSubscribable ? input.subscriptionPlan : undefined,
        useCustomAddButtonText: input.useCustomAddButtonText,
        customAddButtonText: input.customAddButtonText,
        additionalFieldsFormId: input.additionalFieldsFormId ?? null,
        additionalFieldsForm: input.additionalFieldsFormId ? null : (stored.additionalFieldsForm ?? null),
        denominations: input.productType === ProductType.GIFT_CARD ? input.denominations : undefined,
        variantWeights: variantWeights(input, variantIds),
        ...(seo ? { seo } : {}),
      };
      if (input.additionalFieldsFormId === null) structuredContent.additionalFieldsForm = null;
      const fields = {
        collection_id: collection.id,
        url_id: urlId,
        title: input.title,
        excerpt: input.excerpt,
        body: input.body,
        status: input.status,
        structured_content: JSON.stringify(structuredContent),
        images: JSON.stringify(images),
        updated_at: now,
      };
      if (previous) {
        await trx.updateTable('items').set(fields).where('id', '=', itemId).execute();
      } else {
        const item = { id: itemId, siteId, collectionId: collection.id, recordType: RecordType.STORE_ITEM, now };
        await insertItem(trx, item, fields);
      }
      const kept = new Set<string>();
      for (const [position, variant] of input.variants.entries()) {
        const variantId = variantIds[position] as string;
        const sku =
          variant.sku ?? oldVariants.find((v) => v.id === variantId)?.sku ?? `SQ${newId().slice(0, 10).toUpperCase()}`;
        const values = {
          ...variantColumns(variant, position, sku),
          main_image: variantImages[position] ? JSON.stringify(variantImages[position]) : null,
        };
        if (oldIds.has(variantId)) {
          await trx.updateTable('product_variants').set(values).where('id', '=', variantId).execute();
        } else {
          await trx
            .insertInto('product_variants')
            .values({ id: variantId, item_id: itemId, ...values })
            .execute();
        }
        kept.add(variantId);
      }
      const removed = [...oldIds].filter((v) => !kept.has(v));
      if (removed.length > 0) await trx.deleteFrom('product_variants').where('id', 'in', removed).execute();
    });
    // Old links to the product keep working (domains/web/moved-address.ts).
    if (moved) await recordMovedAddress(db, siteId, ...moved);
    content.invalidate(siteId);
    return productJson(siteId, itemId);
  }

  /** The wanted URL id, or with -2, -3 … when another item of the collection has it (409 when it was asked for). */
  async function freeUrlId(
    trx: Transaction<Database>,
    collectionId: string,
    wanted: string,
    itemId: string,
    explicit: boolean,
  ) {
    const taken = new Set(
      (
        await trx
          .selectFrom('items')
          .select('url_id')
          .where('collection_id', '=', collectionId)
          .where('id', '!=', itemId)
          .where('url_id', 'like', `${wanted}%`)
          .execute()
      ).map((r) => r.url_id),
    );
    if (!taken.has(wanted)) return wanted;
    if (explicit)
      throw withStatus(new AppError('url-taken', 'Another item of this collection already uses this URL.'), 409);
    for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
  }

  app.get('/api/config/products', owned(PRODUCT_CONTRACTS.list), async (request) => {
    const query = parseInput(productListQuery, request.query, 'query');
    const siteId = ownerOf(request).websiteId;
    const collection = await collectionOf(siteId, query.collectionId);
    const rows = await db
      .selectFrom('items')
      .select(['id', 'status'])
      .where('collection_id', '=', collection.id)
      .where('record_type', '=', RecordType.STORE_ITEM)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const site = await content.getSite(siteId);
    const products = await loadProducts(
      db,
      siteId,
      rows.map((r) => r.id),
      site?.currency ?? 'USD',
    );
    const collections = await db
      .selectFrom('collections')
      .leftJoin('items', (join) =>
        join.onRef('items.collection_id', '=', 'collections.id').on('items.record_type', '=', RecordType.STORE_ITEM),
      )
      .select([
        'collections.id',
        'collections.slug',
        'collections.title',
        (eb) => eb.fn.count<string>('items.id').as('n'),
      ])
      .where('collections.site_id', '=', siteId)
      .where('collections.type', '=', CollectionType.PRODUCTS)
      .groupBy(['collections.id', 'collections.slug', 'collections.title', 'collections.position'])
      .orderBy('collections.position')
      .execute();
    return {
      collection: { id: collection.id, slug: collection.slug, title: collection.title },
      collections: collections.map((c) => ({ id: c.id, slug: c.slug, title: c.title, productCount: Number(c.n) })),
      limits: COLLECTION_LIMITS,
      currency: site?.currency ?? 'USD',
      products: rows.flatMap((r) => {
        const product = products.get(r.id);
        return product ? [{ ...product, status: r.status }] : [];
      }),
    };
  });

  app.get('/api/config/products/:id', owned(PRODUCT_CONTRACTS.product), async (request) => {
    const { id: itemId } = parseInput(productParams, request.params, 'address');
    return productJson(ownerOf(request).websiteId, itemId);
  });

  app.post('/api/config/products', owned(PRODUCT_CONTRACTS.create), async (request, reply) => {
    const input = parseProductInput(request.body);
    const product = await write(ownerOf(request).websiteId, input);
    reply.code(201);
    return product;
  });

  app.put('/api/config/products/order', owned(PRODUCT_CONTRACTS.order), async (request) => {
    const body = parseInput(productOrderBody, request.body);
    const siteId = ownerOf(request).websiteId;
    const collection = await collectionOf(siteId, body.collectionId);
    const rows = await db.selectFrom('items').select('id').where('collection_id', '=', collection.id).execute();
    const present = new Set(rows.map((r) => r.id));
    if (
      body.itemIds.length !== present.size ||
      !body.itemIds.every((i) => present.has(i)) ||
      new Set(body.itemIds).size !== present.size
    ) {
      throw new AppError('invalid-body', 'itemIds: List every item of the collection once, in the new order.');
    }
    await db.transaction().execute(async (trx) => {
      for (const [position, itemId] of body.itemIds.entries()) {
        await trx.updateTable('items').set({ position }).where('id', '=', itemId).execute();
      }
    });
    content.invalidate(siteId);
    return { collectionId: collection.id, itemIds: body.itemIds };
  });

  app.put('/api/config/products/:id', owned(PRODUCT_CONTRACTS.change), async (request) => {
    const { id: itemId } = parseInput(productParams, request.params, 'address');
    const input = parseProductInput(request.body);
    return write(ownerOf(request).websiteId, input, itemId);
  });

  app.delete('/api/config/products/:id', owned(PRODUCT_CONTRACTS.remove), async (request) => {
    const { id: itemId } = parseInput(productParams, request.params, 'address');
    const siteId = ownerOf(request).websiteId;
    const deleted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('items')
        .select('id')
        .where('id', '=', itemId)
        .where('site_id', '=', siteId)
        .where('record_type', '=', RecordType.STORE_ITEM)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('cart_entries').where('item_id', '=', itemId).execute();
      await trx.deleteFrom('product_variants').where('item_id', '=', itemId).execute();
      await trx.deleteFrom('items').where('id', '=', itemId).execute();
      return true;
    });
    if (!deleted) throw withStatus(new AppError('product-not-found', 'There is no product with this id.'), 404);
    content.invalidate(siteId);
    return { deleted: itemId };
  });
}

import { RecordType } from '@tessera/core';
import {
  inventoryAnswer,
  inventoryQuery as listQuery,
  inventoryVariantParams as variantParams,
  type RestockOutcome,
  stockAnswer,
  stockBody,
} from '@tessera/core/contracts/inventory';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { parseJson } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { createRestockSender, createUnsubscribeTokens } from '../restock/index.js';
import { siteBaseUrlById } from '../../platform/http/public-url.js';
import { createSiteSettingsStore, objectOr, ownerOf, withStatus } from '../settings/index.js';

/**
 * Inventory (group `store`): every variant with its stock, and quick stock edits. A variant that
 * goes from sold out (0, limited) to available either notifies its restock sign-ups at once (store
 * setting `restockAutoSend`), or answers how many wait, so the editor can offer to send
 * (`POST /api/site-users/account/notifications/restock/send`).
 */
export default async function inventoryPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const settingsStore = createSiteSettingsStore(db, app.services.content);
  const sender = createRestockSender(db, createMailService(db, app.config), createUnsubscribeTokens(db));
  const guard = { preHandler: requireOwner('store') };

  app.get(
    '/api/config/inventory',
    {
      ...guard,
      config: {
        contract: {
          summary: 'Stock of every product variant, with restock sign-ups',
          query: listQuery,
          response: { 200: inventoryAnswer },
        },
      },
    },
    async (request) => {
      const query = parseInput(listQuery, request.query, 'query');
      const siteId = ownerOf(request).websiteId;
      let select = db
        .selectFrom('product_variants')
        .innerJoin('items', 'items.id', 'product_variants.item_id')
        .select([
          'product_variants.id as variantId',
          'product_variants.sku',
          'product_variants.attributes',
          'product_variants.unlimited',
          'product_variants.qty_in_stock',
          'items.id as productId',
          'items.title',
          'items.structured_content',
        ])
        .where('items.site_id', '=', siteId)
        .where('items.record_type', '=', RecordType.STORE_ITEM);
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`;
        select = select.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['items.title']), 'like', like),
            eb(eb.fn('lower', ['product_variants.sku']), 'like', like),
          ]),
        );
      }
      if (query.maxStock !== undefined) {
        select = select
          .where('product_variants.unlimited', '=', 0)
          .where('product_variants.qty_in_stock', '<=', query.maxStock);
      }
      const rows = await select.orderBy('items.title').orderBy('product_variants.position').limit(2000).execute();
      const pending = await db
        .selectFrom('restock_signups')
        .select(['variant_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('site_id', '=', siteId)
        .where('state', '=', 'pending')
        .groupBy('variant_id')
        .execute();
      const waiting = new Map(pending.map((p) => [p.variant_id, Number(p.n)]));
      return {
        variants: rows.map((r) => ({
          variantId: r.variantId,
          productId: r.productId,
          title: r.title,
          productType: Number(parseJson<Record<string, unknown>>(r.structured_content, {}).productType ?? 0),
          sku: r.sku,
          attributes: parseJson<Record<string, string>>(r.attributes, {}),
          unlimited: r.unlimited === 1,
          qtyInStock: r.qty_in_stock,
          restockSignUps: waiting.get(r.variantId) ?? 0,
        })),
      };
    },
  );

  app.put(
    '/api/config/inventory/:variantId',
    {
      ...guard,
      config: {
        contract: {
          summary: "Set or change a variant's stock",
          params: variantParams,
          body: stockBody,
          errors: ['variant-not-found'],
          response: { 200: stockAnswer },
        },
      },
    },
    async (request) => {
      const { variantId } = parseInput(variantParams, request.params, 'address');
      const body = parseInput(stockBody, request.body);
      const siteId = ownerOf(request).websiteId;
      const row = await db
        .selectFrom('product_variants')
        .innerJoin('items', 'items.id', 'product_variants.item_id')
        .select([
          'product_variants.id',
          'product_variants.qty_in_stock',
          'product_variants.unlimited',
          'items.id as productId',
        ])
        .where('product_variants.id', '=', variantId)
        .where('items.site_id', '=', siteId)
        .executeTakeFirst();
      if (!row) throw withStatus(new AppError('variant-not-found', 'There is no variant with this id.'), 404);
      const before = row.qty_in_stock;
      if (body.expectedQtyInStock !== undefined && body.expectedQtyInStock !== before) {
        throw stockChanged(before, row.unlimited === 1);
      }
      const unlimited = body.unlimited ?? row.unlimited === 1;
      const after = unlimited ? before : (body.qtyInStock ?? before + (body.adjustBy ?? 0));
      if (after < 0)
        throw new AppError('invalid-body', `adjustBy: Only ${before} in stock; the stock cannot go below 0.`);
      // Conditional update: applies only if nobody changed the stock since it was read above.
      const result = await db
        .updateTable('product_variants')
        .set({ qty_in_stock: after, unlimited: unlimited ? 1 : 0 })
        .where('id', '=', variantId)
        .where('qty_in_stock', '=', before)
        .where('unlimited', '=', row.unlimited)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const now = await db
          .selectFrom('product_variants')
          .select(['qty_in_stock', 'unlimited'])
          .where('id', '=', variantId)
          .executeTakeFirst();
        throw stockChanged(now?.qty_in_stock ?? before, now?.unlimited === 1);
      }
      // No `content.invalidate` here: the write watch forgets the lookups that read stock (and only
      // those: the site's, navigation and pages stay, issue 20); without a watch stock is never cached.
      const wasSoldOut = row.unlimited === 0 && before === 0;
      const nowAvailable = unlimited || after > 0;
      let restock: RestockOutcome | null = null;
      if (wasSoldOut && nowAvailable) {
        const { settings } = await settingsStore.read(siteId);
        const autoSend = objectOr(settings.store).restockAutoSend === true;
        const counted = await db
          .selectFrom('restock_signups')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('site_id', '=', siteId)
          .where('variant_id', '=', variantId)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        restock = { pending: Number(counted?.n ?? 0), autoSend, sent: 0, failed: 0 };
        if (autoSend && restock.pending > 0) {
          await sender.recoverStale();
          const outcome = await sender.sendVariant({
            siteId,
            productId: row.productId,
            variantId,
            origin: await siteBaseUrlById(app, siteId),
          });
          restock = { ...restock, ...outcome, pending: restock.pending - outcome.sent };
        }
      }
      return { variantId, productId: row.productId, unlimited, qtyInStock: after, previousQtyInStock: before, restock };
    },
  );
}

function stockChanged(qtyInStock: number, unlimited: boolean): AppError {
  return withStatus(
    new AppError('stock-changed', 'The stock changed since you opened it. Check the new count and try again.', {
      qtyInStock,
      unlimited,
    }),
    409,
  );
}

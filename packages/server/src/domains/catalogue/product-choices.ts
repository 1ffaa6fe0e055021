import { CollectionType, RecordType } from '@tessera/core';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { productChoicesAnswer } from '@tessera/core/contracts/inventory';
import { z } from 'zod';
import { parseInput } from '../../platform/http/validate.js';

/** At most this many products in one answer (a site with more gets the first ones and `truncated`). */
export const PRODUCT_CHOICES_MAX = 5000;

export const productChoicesQuery = z
  .object({
    limit: z.coerce
      .number({ error: 'Send the limit as a number.' })
      .int('Send the limit as a whole number.')
      .min(1, 'The limit is at least 1.')
      .max(PRODUCT_CHOICES_MAX, `The limit is at most ${PRODUCT_CHOICES_MAX}.`)
      .default(PRODUCT_CHOICES_MAX),
  })
  .strict();

/**
 * `GET /api/config/product-choices`: the products of every shop collection of the owner's site,
 * for pickers (the editor's product block): id, title, status and the collection it sits in,
 * ordered by collection then by the collection's own order. One query, no variants or pictures.
 * Registered by the products plugin (owner-routes.ts) with its `store` guard and the owner's site.
 */
export function registerProductChoices(
  app: FastifyInstance,
  guard: { preHandler: preHandlerAsyncHookHandler },
  siteOf: (request: FastifyRequest) => string,
): void {
  app.get(
    '/api/config/product-choices',
    {
      ...guard,
      config: {
        contract: {
          query: productChoicesQuery,
          summary: 'Products of every shop collection, for pickers',
          response: { 200: productChoicesAnswer },
        },
      },
    },
    async (request, reply) => {
      const { limit } = parseInput(productChoicesQuery, request.query ?? {}, 'query');
      const siteId = siteOf(request);
      const rows = await app.db
        .selectFrom('items')
        .innerJoin('collections', 'collections.id', 'items.collection_id')
        .select([
          'items.id',
          'items.title',
          'items.status',
          'collections.id as collectionId',
          'collections.title as collectionTitle',
        ])
        .where('items.site_id', '=', siteId)
        .where('collections.site_id', '=', siteId)
        .where('collections.type', '=', CollectionType.PRODUCTS)
        .where('items.record_type', '=', RecordType.STORE_ITEM)
        .orderBy('collections.position')
        .orderBy('collections.id')
        .orderBy('items.position')
        .orderBy('items.id')
        .limit(limit + 1)
        .execute();
      return reply.header('cache-control', 'no-store').send({
        products: rows.slice(0, limit),
        truncated: rows.length > limit,
      });
    },
  );
}

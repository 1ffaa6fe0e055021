import { COLLECTION_LIMITS } from '@tessera/core';
import { z } from 'zod';
import type { RouteContract } from '../../platform/http/openapi.js';
import { id, productInput } from './product-input.js';

// The owner product routes' schemas and what `/api/openapi.json` says of each route (issue 16); the
// handlers in `owner-routes.ts` parse with these very objects.

export const listQuery = z.object({ collectionId: id.optional() }).strict();
export const orderBody = z
  .object({ collectionId: id, itemIds: z.array(id).min(1).max(COLLECTION_LIMITS.itemsInOrderableCollection) })
  .strict();
export const idParams = z.object({ id });

export const PRODUCT_CONTRACTS = {
  list: {
    summary: "A shop collection's products (the first collection unless named)",
    query: listQuery,
    errors: ['collection-not-found'],
  },
  product: { summary: 'One product with its variants', params: idParams, errors: ['product-not-found'] },
  create: { summary: 'Create a product', body: productInput, errors: ['collection-not-found', 'url-taken'] },
  order: { summary: "Reorder a collection's products", body: orderBody, errors: ['collection-not-found'] },
  change: {
    summary: 'Change a product',
    params: idParams,
    body: productInput,
    errors: ['product-not-found', 'collection-not-found', 'url-taken'],
  },
  remove: {
    summary: 'Delete a product, its variants and its cart entries',
    params: idParams,
    errors: ['product-not-found'],
  },
} as const satisfies Record<string, RouteContract>;

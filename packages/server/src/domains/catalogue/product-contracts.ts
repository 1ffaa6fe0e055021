import {
  ownerProduct,
  productDeletedAnswer,
  productListing,
  productListQuery,
  productOrderAnswer,
  productOrderBody,
  productParams,
} from '@tessera/core/contracts/products';
import type { RouteContract } from '../../platform/http/openapi.js';
import { productInput } from './product-input.js';

// What `/api/openapi.json` says of each owner product route (issue 16), with the schemas of
// `@tessera/core/contracts/products` and the write body `productInput`; the handlers in
// `owner-routes.ts` parse with these very objects.

export const PRODUCT_CONTRACTS = {
  list: {
    summary: "A shop collection's products (the first collection unless named)",
    query: productListQuery,
    response: { 200: productListing },
    errors: ['collection-not-found'],
  },
  product: {
    summary: 'One product with its variants',
    params: productParams,
    response: { 200: ownerProduct },
    errors: ['product-not-found'],
  },
  create: {
    summary: 'Create a product',
    body: productInput,
    response: { 201: ownerProduct },
    errors: ['collection-not-found', 'url-taken'],
  },
  order: {
    summary: "Reorder a collection's products",
    body: productOrderBody,
    response: { 200: productOrderAnswer },
    errors: ['collection-not-found'],
  },
  change: {
    summary: 'Change a product',
    params: productParams,
    body: productInput,
    response: { 200: ownerProduct },
    errors: ['product-not-found', 'collection-not-found', 'url-taken'],
  },
  remove: {
    summary: 'Delete a product, its variants and its cart entries',
    params: productParams,
    response: { 200: productDeletedAnswer },
    errors: ['product-not-found'],
  },
} as const satisfies Record<string, RouteContract>;

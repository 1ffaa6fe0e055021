import {
  addEntryBody,
  additionalFieldsBody,
  stockQuery,
  subscriptionBody,
  updateQuantityBody,
} from './domains/cart/schemas.js';
import { orderBody, placesQuery, quoteBody, refundBody } from './domains/checkout/schemas.js';
import { createAreaBody, createPlanBody, grantBody, joinBody, updateAreaBody } from './domains/memberships/schemas.js';
import {
  listQuery as reviewListQuery,
  ownerListQuery as reviewOwnerListQuery,
  replyBody,
  reviewFields,
  settingsBody,
  statusBody,
} from './domains/reviews/schemas.js';
import {
  profileBody,
  resetCompleteBody,
  resetRequestBody,
  signInBody,
  signUpBody,
} from './domains/site-users/schemas.js';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { OWNER_COOKIE } from './domains/auth/owner-session.js';
import { SITE_USER_COOKIE, XSRF_HEADER } from './domains/site-users/site-user-service.js';
import type { CataloguedRoute, OpenApiInput, RouteContract } from './platform/http/openapi.js';
import { OPENAPI_PATH } from './platform/http/openapi-route.js';

// What `/api/openapi.json` knows of a route beyond the catalogue (issue 16): its summary, the zod
// schemas its handler parses, and the error codes it answers. Keyed `METHOD /url` as the catalogue
// spells the route; `test/openapi.test.ts` fails on a key no registered route has. A route without an
// entry is still published, with a summary made from its address. When a route's schemas move to
// its own Fastify `schema`, its entry here goes.

const CART_ITEM_ERRORS = [
  'item-not-found',
  'item-not-for-sale',
  'variant-unavailable',
  'not-enough-stock',
  'quantity-not-number',
  'quantity-not-whole',
  'quantity-out-of-range',
  'missing-options',
  'rate-limited',
] as const;
const CHECKOUT_ERRORS = [
  'cart-not-found',
  'cart-purchased',
  'empty-cart',
  'invalid-email',
  'coupon-invalid',
  'gift-card-invalid',
  'country-not-shipped',
  'shipping-required',
  'address-required',
  'not-enough-stock',
  'rate-limited',
] as const;

export const API_CONTRACTS: ReadonlyMap<string, RouteContract> = new Map<string, RouteContract>([
  [`GET ${OPENAPI_PATH}`, { summary: 'This document: the OpenAPI 3.1 description of the API' }],
  ['GET /api/commerce/shopping-cart', { summary: "The visitor's shopping cart" }],
  [
    'POST /api/commerce/shopping-cart/entries',
    {
      summary: 'Add a product (variant, quantity, form answers) to the cart',
      body: addEntryBody,
      errors: [...CART_ITEM_ERRORS, 'gift-card-denomination', 'additional-fields-required'],
    },
  ],
  [
    'PUT /api/commerce/shopping-cart/entries/:entryId',
    {
      summary: "Change a cart entry's quantity (0 removes it)",
      body: updateQuantityBody,
      errors: [...CART_ITEM_ERRORS, 'entry-not-found'],
    },
  ],
  [
    'DELETE /api/commerce/shopping-cart/entries/:entryId',
    { summary: 'Remove an entry from the cart', errors: ['entry-not-found'] },
  ],
  [
    'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      summary: "Replace a cart entry's additional form answers",
      body: additionalFieldsBody,
      errors: ['entry-not-found'],
    },
  ],
  [
    'POST /api/3/commerce/cart/subscription',
    {
      summary: 'Start a cart for a subscription product',
      body: subscriptionBody,
      errors: [...CART_ITEM_ERRORS, 'not-subscribable'],
    },
  ],
  ['GET /api/commerce/inventory/stock', { summary: "A product's stock per variant", query: stockQuery }],
  ['POST /api/checkout/quote', { summary: 'Price the cart for checkout', body: quoteBody, errors: CHECKOUT_ERRORS }],
  [
    'POST /api/checkout/orders',
    {
      summary: 'Place an order from the cart',
      body: orderBody,
      errors: [
        ...CHECKOUT_ERRORS,
        'idempotency-key-reused',
        'subtotal-minimum',
        'gift-card-changed',
        'payment-method',
        'payment-unavailable',
        'card-declined',
        'payment-failed',
      ],
    },
  ],
  ['GET /api/google-maps/places/autocomplete', { summary: 'Address suggestions for checkout', query: placesQuery }],
  ['GET /api/google-maps/places/details', { summary: 'The address of one suggestion', query: placesQuery }],
  [
    'POST /api/config/orders/:orderId/refund',
    { summary: 'Refund an order', body: refundBody, errors: ['not-refundable', 'refund-failed'] },
  ],
  [
    'POST /api/site-users/account',
    { summary: 'Sign up as a site user', body: signUpBody, errors: ['email-taken', 'rate-limited'] },
  ],
  [
    'POST /api/site-users/account/session',
    {
      summary: 'Sign a site user in; answers the XSRF token',
      body: signInBody,
      errors: ['sign-in-failed', 'rate-limited'],
    },
  ],
  ['DELETE /api/site-users/account/session', { summary: 'Sign the site user out' }],
  ['GET /api/site-users/account', { summary: "The signed-in site user's account" }],
  ['PUT /api/site-users/account/profile', { summary: "Change the site user's name", body: profileBody }],
  [
    'POST /api/site-users/account/password-reset',
    { summary: 'Mail a site user a password reset link', body: resetRequestBody, errors: ['rate-limited'] },
  ],
  [
    'POST /api/site-users/account/password-reset/complete',
    { summary: 'Set a new password with a reset link', body: resetCompleteBody, errors: ['reset-link-invalid'] },
  ],
  ['POST /api/member-areas/join', { summary: 'Join a member area with a plan', body: joinBody }],
  ['GET /api/reviews/products/:itemId', { summary: "A product's published reviews", query: reviewListQuery }],
  [
    'POST /api/reviews/products/:itemId',
    {
      summary: 'Review a product the site user bought',
      body: reviewFields,
      errors: ['reviews-off', 'review-not-buyer', 'review-exists', 'unsupported-file', 'captcha-required'],
    },
  ],
  ['GET /api/config/reviews', { summary: 'Reviews awaiting or past moderation', query: reviewOwnerListQuery }],
  [
    'PUT /api/config/reviews/:reviewId/status',
    { summary: 'Publish or hide a review', body: statusBody, errors: ['review-not-found'] },
  ],
  [
    'PUT /api/config/reviews/:reviewId/reply',
    { summary: 'Reply to a review as the site', body: replyBody, errors: ['review-not-found'] },
  ],
  ['PUT /api/config/reviews/settings', { summary: 'Change the review settings', body: settingsBody }],
  ['DELETE /api/config/reviews/:reviewId', { summary: 'Delete a review and its photos', errors: ['review-not-found'] }],
  ['POST /api/config/member-areas', { summary: 'Create a member area', body: createAreaBody }],
  ['PATCH /api/config/member-areas/:areaId', { summary: 'Change a member area', body: updateAreaBody }],
  ['POST /api/config/member-areas/:areaId/plans', { summary: 'Add a plan to a member area', body: createPlanBody }],
  [
    'POST /api/config/member-areas/:areaId/members',
    { summary: 'Grant a site user access to an area', body: grantBody },
  ],
]);

/** Left out of the published document: operations probes (`/api/health`), not part of the API. */
export function isUnpublishedRoute(route: CataloguedRoute): boolean {
  return route.url === '/api/health';
}

/** The generator's input for this app: its catalogue (complete once the app is ready) and the table above. */
export function openApiInput(app: FastifyInstance): OpenApiInput {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return {
    routes: app.routeCatalogue,
    contracts: API_CONTRACTS,
    hidden: isUnpublishedRoute,
    siteUserHeader: XSRF_HEADER,
    cookies: { owner: OWNER_COOKIE, siteUser: SITE_USER_COOKIE },
    version: manifest.version,
  };
}

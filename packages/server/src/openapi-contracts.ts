import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { OWNER_COOKIE } from './domains/auth/owner-session.js';
import { SITE_USER_COOKIE, XSRF_HEADER } from './domains/site-users/site-user-service.js';
import type { CataloguedRoute, OpenApiInput, RouteContract } from './platform/http/openapi.js';
import { OPENAPI_PATH } from './platform/http/openapi-route.js';

// What `/api/openapi.json` knows of a route beyond the catalogue (issue 16). A route declares the zod
// schemas its handler parses in its own options, `config: { contract: { params, query, body, response } }`
// (the same objects it passes to `parseInput`; the catalogue records them). This table, keyed `METHOD /url`
// as the catalogue spells the route, adds summaries and error codes;
// `test/openapi.test.ts` fails on a key no registered route has and on a schema given here for a route
// that declares its own. A route with neither is still published,
// with a summary made from its address.

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
  ['POST /api/checkout/quote', { summary: 'Price the cart for checkout', errors: CHECKOUT_ERRORS }],
  [
    'POST /api/checkout/orders',
    {
      summary: 'Place an order from the cart',
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
  ['GET /api/google-maps/places/autocomplete', { summary: 'Address suggestions for checkout' }],
  ['GET /api/google-maps/places/details', { summary: 'The address of one suggestion' }],
  [
    'POST /api/config/orders/:orderId/refund',
    { summary: 'Refund an order', errors: ['not-refundable', 'refund-failed'] },
  ],
  ['POST /api/site-users/account', { summary: 'Sign up as a site user', errors: ['email-taken', 'rate-limited'] }],
  [
    'POST /api/site-users/account/session',
    {
      summary: 'Sign a site user in; answers the XSRF token',
      errors: ['sign-in-failed', 'rate-limited'],
    },
  ],
  ['DELETE /api/site-users/account/session', { summary: 'Sign the site user out' }],
  ['GET /api/site-users/account', { summary: "The signed-in site user's account" }],
  ['PUT /api/site-users/account/profile', { summary: "Change the site user's name" }],
  [
    'POST /api/site-users/account/password-reset',
    { summary: 'Mail a site user a password reset link', errors: ['rate-limited'] },
  ],
  [
    'POST /api/site-users/account/password-reset/complete',
    { summary: 'Set a new password with a reset link', errors: ['reset-link-invalid'] },
  ],
  ['POST /api/member-areas/join', { summary: 'Join a member area with a plan' }],
  ['POST /api/config/member-areas', { summary: 'Create a member area' }],
  ['PATCH /api/config/member-areas/:areaId', { summary: 'Change a member area' }],
  ['POST /api/config/member-areas/:areaId/plans', { summary: 'Add a plan to a member area' }],
  ['POST /api/config/member-areas/:areaId/members', { summary: 'Grant a site user access to an area' }],
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

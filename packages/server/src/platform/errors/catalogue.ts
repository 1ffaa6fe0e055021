import { CART_MESSAGES } from '@tessera/core';
import { COMMERCE_ERRORS } from './commerce-errors.js';
import { errorArea } from './error-area.js';
import { SITE_ERRORS } from './site-errors.js';

// The server's one error catalogue (issue 16): every `error` code an answer can carry, with its HTTP
// status and default message. Failures answer `{ error, message }` (plus the fields an entry's note
// names). Messages SPEC gives are quoted verbatim, through `@tessera/core`'s message tables. `also`
// lists the other statuses a code is answered with in one context (e.g. stock at checkout: 409).
// docs/api.md's error table is generated from this list (test/error-catalogue.test.ts).

export interface CatalogueEntry {
  readonly status: number;
  readonly message: string;
  /** The area of the API the code belongs to, for the generated table. */
  readonly area: string;
  readonly also?: readonly number[];
  /** What else the answer carries, or when the code is used; shown in the generated table. */
  readonly note?: string;
}

const request = errorArea('request');

export const ERROR_CATALOGUE = {
  // Any request (http/): crumb, limits, body parsing, routing.
  'crumb-fail': request(403, CART_MESSAGES.sessionExpired, { note: 'plus `"crumbFail": true`' }),
  'rate-limited': request(429, CART_MESSAGES.tooManyRequests, { note: 'plus a `Retry-After` header, in seconds' }),
  'invalid-body': request(400, 'The request is missing something or has a value of the wrong kind.', {
    also: [409],
    note: 'the message names the field and what to send, e.g. `itemId: itemId is required.`; editor forms get `fields` or `errors`; 409 for a blog tag or category name that exists',
  }),
  'malformed-json': request(400, 'The request body is not valid JSON.'),
  'json-too-deep': request(400, 'The request body nests objects or lists too deeply.'),
  'unsupported-media-type': request(400, 'Send the request body as JSON (Content-Type: application/json).'),
  'body-too-large': request(413, 'The request body is too large.', { note: 'limit 256 KB' }),
  'bad-request': request(400, 'The request could not be understood.', {
    note: 'any other 4xx a Fastify plugin raises keeps its own status',
  }),
  'bad-url': request(400, 'The address is not valid: it has a percent escape (%xx) that is not UTF-8 text.'),
  'url-too-long': request(414, 'The address is too long.'),
  'not-found': request(404, 'Nothing was found at this address.'),
  'method-not-allowed': request(405, 'This address does not accept that request method.'),
  internal: request(500, 'Something went wrong on our side. Please try again in a moment.', {
    note: 'plus `requestId`, as every 5xx',
  }),

  ...COMMERCE_ERRORS,
  ...SITE_ERRORS,
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The statuses a code may be answered with: its own, and those its entry lists in `also`. */
export type ErrorStatus<C extends ErrorCode> =
  | (typeof ERROR_CATALOGUE)[C]['status']
  | ((typeof ERROR_CATALOGUE)[C] extends { also: readonly (infer S)[] } ? S : never);

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, value);
}

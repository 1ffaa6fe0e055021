import { CART_MESSAGES } from '@tessera/core';

// The server's error catalogue: every error the API answers with, its HTTP status and
// default message. Messages the SPEC gives (§5, §8) are quoted verbatim. Errors are mapped
// to HTTP in one place (`http/error-handler.ts`).

export interface ErrorDefinition {
  status: number;
  message: string;
}

export const ERRORS = {
  'crumb-fail': { status: 403, message: CART_MESSAGES.sessionExpired },
  'rate-limited': { status: 429, message: CART_MESSAGES.tooManyRequests },
  'invalid-body': { status: 400, message: 'The request is missing something or has a value of the wrong kind.' },
  'malformed-json': { status: 400, message: 'The request body is not valid JSON.' },
  'unsupported-media-type': { status: 400, message: 'Send the request body as JSON (Content-Type: application/json).' },
  'body-too-large': { status: 413, message: 'The request body is too large.' },
  'not-found': { status: 404, message: 'Nothing was found at this address.' },
  'method-not-allowed': { status: 405, message: 'This address does not accept that request method.' },
  'item-not-found': {
    status: 404,
    message: 'That product could not be found. It may have been removed from the store.',
  },
  'item-not-for-sale': {
    status: 409,
    message: 'This product is not available in the store right now, so it cannot be added to the cart.',
  },
  // Add-to-cart refusals: codes as `@tessera/core`'s validateAddToCart names them.
  'variant-unavailable': { status: 400, message: CART_MESSAGES.variantUnavailable },
  'not-enough-stock': { status: 400, message: CART_MESSAGES.notEnoughStock },
  'quantity-not-number': { status: 400, message: CART_MESSAGES.quantityNotNumber },
  'quantity-not-whole': { status: 400, message: CART_MESSAGES.quantityNotWhole },
  'quantity-out-of-range': { status: 400, message: CART_MESSAGES.quantityOutOfRange },
  'missing-options': { status: 400, message: 'Please select the options of this product.' },
  'gift-card-denomination': { status: 400, message: CART_MESSAGES.giftCardDenomination },
  'entry-not-found': { status: 404, message: 'That item is no longer in your cart. Please reload the page.' },
  'not-subscribable': { status: 400, message: 'This product cannot be bought as a subscription.' },
  'additional-fields-required': { status: 400, message: 'Please fill in the form for this product.' },
  // Owners and site users (auth/, site-users/).
  unauthenticated: { status: 401, message: 'Sign in to continue.' },
  forbidden: { status: 403, message: 'Your role does not allow this.' },
  'sign-in-failed': { status: 401, message: 'The email or password is incorrect.' },
  'sign-in-throttled': {
    status: 429,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  'xsrf-fail': { status: 403, message: 'Your session has expired. Please sign in again.' },
  'email-taken': { status: 409, message: 'An account with this email already exists. Sign in instead.' },
  'reset-link-invalid': {
    status: 400,
    message: 'This password reset link has expired or was already used. Request a new one.',
  },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again in a moment.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure that should reach the client as `{ error, message }`. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode | string, message?: string, extra?: Record<string, unknown>) {
    const known = (ERRORS as Record<string, ErrorDefinition>)[code];
    super(message ?? known?.message ?? ERRORS.internal.message);
    this.name = 'AppError';
    this.code = code;
    this.status = known?.status ?? 400;
    this.extra = extra;
  }

  toJSON(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

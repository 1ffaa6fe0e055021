import { randomUUID } from 'node:crypto';

/** The address the checkout tests ship to (the demo shop's own town, so US shipping and NY tax apply). */
export const ADDRESS = { line1: '1 Main St', city: 'Hudson', region: 'NY', postalCode: '12534', country: 'US' };

/** The test card that is always paid (`payments/methods/test-card.ts`). */
export const GOOD_CARD = '4242 4242 4242 4242';

/**
 * The body of `POST /api/checkout/orders`: Ada Buyer pays by test card with a fresh idempotency key;
 * `extra` adds fields or overrides these.
 */
export function cardOrder<Extra extends Record<string, unknown> = Record<never, never>>(extra: Extra = {} as Extra) {
  return {
    idempotencyKey: randomUUID(),
    email: 'buyer@example.com',
    name: 'Ada Buyer',
    ...ADDRESS,
    paymentMethod: 'card',
    cardNumber: GOOD_CARD,
    ...extra,
  };
}

/** Limits high enough for a suite that places many orders from one address (the limits have suites of their own). */
export const MANY_ORDERS = {
  rateLimit: { max: 100_000, timeWindowMs: 60_000 },
  checkoutOrders: { perIp: 100_000, timeWindowMs: 60_000 },
};

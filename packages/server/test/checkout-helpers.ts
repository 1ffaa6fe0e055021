import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from '../src/testing.js';
import { addToCart, itemIdOf } from './cart-helpers.js';
import type { StripeFake } from './fakes/stripe-fake.js';
import { Visitor } from './visitor.js';

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

/**
 * A coffee subscription bought with a test card (store in test mode), its next renewal due at
 * `due` and, when given, its saved method replaced by `paymentReference`; answers its id.
 */
export async function testCardSubscription(
  server: TestServer,
  { email, due, paymentReference }: { email: string; due: Date; paymentReference?: string },
): Promise<string> {
  const visitor = Visitor.of(server);
  const started = await visitor.request('POST', '/api/3/commerce/cart/subscription', {
    body: { itemId: await itemIdOf(server, 'coffee-subscription'), sku: 'COFFEE-WHOLE', qty: 1 },
  });
  const placed = await visitor.request('POST', '/api/checkout/orders', {
    body: cardOrder({ cartToken: started.body.cartToken, email, name: 'Sam' }),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = placed.body.order.subscriptionId as string;
  await server.db
    .updateTable('subscriptions')
    .set({ next_billing_at: due.toISOString(), ...(paymentReference ? { payment_reference: paymentReference } : {}) })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * An order as the hosted flow leaves it once Stripe said paid: placed (with a test card, for its
 * lines and totals), its charge moved to a payment intent the fake Stripe really holds.
 */
export async function stripePaidOrder(
  server: TestServer,
  stripe: StripeFake,
  buyer = { email: 'ada@buyers.test', name: 'Ada', line1: '12 Warren Street' },
) {
  const visitor = Visitor.of(server);
  await addToCart(server, visitor, { urlId: 'sticker-pack', sku: 'STICKERS-BOT', quantity: 2 });
  const placed = await visitor.request('POST', '/api/checkout/orders', { body: cardOrder(buyer) });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const order = placed.body.order as { id: string; amountDueCents: number };
  const intent = await fetch(`${stripe.url}/v1/payment_intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ amount: String(order.amountDueCents), currency: 'usd' }),
  }).then((r) => r.json() as Promise<{ id: string }>);
  await server.db
    .updateTable('payments')
    .set({ provider: 'stripe', reference: intent.id })
    .where('order_id', '=', order.id)
    .where('kind', '=', 'charge')
    .execute();
  return { ...order, intentId: intent.id };
}

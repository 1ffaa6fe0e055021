import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { DialectName } from '../src/platform/db/connect.js';
import { startTestServer, type TestServer } from '../src/testing.js';
import { addToCart, variantStock } from './cart-helpers.js';
import { suiteOf } from './suite-server.js';
import { type StripeFake, startStripeFake, stripeKeysOf } from './fakes/stripe-fake.js';
import { Visitor } from './visitor.js';
import { ADDRESS, MANY_ORDERS } from './checkout-helpers.js';

export const SKU = 'STICKERS-BOT';
export const MINUTE = 60_000;

/** A test server with Stripe connected (through `ServerConfig.stripe`) to a fresh local fake. */
export async function startWithStripe(dialect: DialectName): Promise<{ server: TestServer; fake: StripeFake }> {
  const fake = await startStripeFake();
  const server = await startTestServer({
    dialect,
    config: {
      ...MANY_ORDERS,
      stripe: stripeKeysOf(fake),
    },
  });
  fake.webhookUrl = `${server.url}/api/payments/stripe/webhook`;
  return { server, fake };
}

/** The enclosing `describe`'s server with Stripe (as `startWithStripe`), closed with its fake after its tests. */
export function stripeSuite(dialect: DialectName): { server: TestServer; fake: StripeFake } {
  return suiteOf(
    () => startWithStripe(dialect),
    async ({ server, fake }) => {
      await server.close();
      await fake.close();
    },
  );
}

export function stripeOrderBody(extra: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    email: 'card-buyer@example.com',
    name: 'Card Buyer',
    ...ADDRESS,
    paymentMethod: 'stripe',
    ...extra,
  };
}

export async function setStock(server: TestServer, qty: number): Promise<void> {
  await server.db
    .updateTable('product_variants')
    .set({ unlimited: 0, qty_in_stock: qty })
    .where('sku', '=', SKU)
    .execute();
}

export function stockOf(server: TestServer): Promise<number> {
  return variantStock(server, SKU);
}

export async function orderRow(server: TestServer, id: string) {
  return server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function sessionRow(server: TestServer, orderId: string) {
  return server.db.selectFrom('hosted_sessions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

export interface PlacedStripeOrder {
  visitor: Visitor;
  orderId: string;
  orderNumber: number;
  sessionId: string;
  redirect: string;
}

/** A visitor buys `quantity` stickers with Stripe: answers the order and the fake's session. */
export async function placeStripeOrder(
  server: TestServer,
  fake: StripeFake,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<PlacedStripeOrder> {
  const visitor = Visitor.of(server);
  expect((await addToCart(server, visitor, { urlId: 'sticker-pack', sku: SKU, quantity })).status).toBe(200);
  const placed = await visitor.post('/api/checkout/orders', stripeOrderBody(extra));
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.order).toMatchObject({ status: 'received', paymentStatus: 'pending', pageType: 207 });
  const redirect = String(placed.body.redirect);
  expect(redirect.startsWith(`${fake.url}/pay/`)).toBe(true);
  const sessionId = redirect.slice(`${fake.url}/pay/`.length);
  return { visitor, orderId: placed.body.order.id, orderNumber: placed.body.order.orderNumber, sessionId, redirect };
}

/** Follows the fake's redirect back to the shop (the success or cancel URL), as the buyer's browser does. */
export async function followBack(visitor: Visitor, absolute: string) {
  const url = new URL(absolute);
  return visitor.get(url.pathname + url.search);
}

export async function mailTo(server: TestServer, to: string) {
  return server.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute();
}

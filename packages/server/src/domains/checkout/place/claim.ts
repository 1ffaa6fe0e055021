import { CHECKOUT_MESSAGES } from '@tessera/core';
import type { Transaction } from 'kysely';
import type { CartRow, Database } from '../../../platform/db/schema.js';
import { CheckoutError } from '../checkout-types.js';
import { findCart } from '../pricing.js';

/**
 * Step 1 of placing an order: the idempotency key first, so a concurrent submission with the same key
 * waits here (PostgreSQL) or runs after us (SQLite), then fails the unique key and answers our order.
 * It is also how a later replay is found (no lookup before the transaction, issue 20): its insert fails
 * before anything else is written.
 */
export async function reserveIdempotencyKey(
  trx: Transaction<Database>,
  siteId: string,
  key: string,
  orderId: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('idempotency_keys')
    .values({ site_id: siteId, key, order_id: orderId, created_at: now })
    .execute();
}

/**
 * Step 2: claims the cart, one order per cart however many tabs submit it. One statement (issue 20);
 * only a refusal reads the cart again, to tell a bought cart from an unknown one.
 */
export async function claimCart(
  trx: Transaction<Database>,
  siteId: string,
  token: string,
  now: string,
): Promise<CartRow> {
  const cart = token
    ? await trx
        .updateTable('carts')
        .set({ purchased: 1, updated_at: now })
        .where('token', '=', token)
        .where('site_id', '=', siteId)
        .where('purchased', '=', 0)
        .returningAll()
        .executeTakeFirst()
    : undefined;
  if (cart) return cart;
  if (!(await findCart(trx, siteId, token)))
    throw new CheckoutError('cart-not-found', CHECKOUT_MESSAGES.emptyCart, 404);
  throw new CheckoutError('cart-purchased', CHECKOUT_MESSAGES.cartPurchased, 409);
}

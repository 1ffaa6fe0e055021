import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../platform/db/schema.js';

/**
 * Idempotency keys (issue 15, finding 17). A repeated "Place order" with the same key answers the
 * order the first one made, but only to the checkout that made it: the replay must come with the
 * token of the cart the order was placed from. Anyone else who learns a key gets a refusal with no
 * order data, so a key is never a bearer token for someone else's order.
 */

export const IDEMPOTENCY_MESSAGES = Object.freeze({
  otherCheckout:
    'This order key was already used by another checkout. Reload the checkout page and place your order again.',
});

/** The answer of {@link findReplay} when the key belongs to an order of another cart. */
export const OTHER_CHECKOUT = 'other-checkout' as const;

/**
 * The order an earlier submission with `key` made, when `cartToken` is the token of the cart it
 * was placed from; {@link OTHER_CHECKOUT} when the key is taken by another cart's order (or an
 * order without a cart); undefined when no order has the key.
 */
export async function findReplay(
  db: Kysely<Database>,
  siteId: string,
  key: string,
  cartToken: string,
): Promise<OrderRow | typeof OTHER_CHECKOUT | undefined> {
  const found = await db
    .selectFrom('idempotency_keys')
    .innerJoin('orders', 'orders.id', 'idempotency_keys.order_id')
    .leftJoin('carts', 'carts.id', 'orders.cart_id')
    .selectAll('orders')
    .select('carts.token as placed_from_token')
    .where('idempotency_keys.site_id', '=', siteId)
    .where('idempotency_keys.key', '=', key)
    .executeTakeFirst();
  if (!found) return undefined;
  const { placed_from_token: placedFrom, ...order } = found;
  if (!placedFrom || !cartToken || placedFrom !== cartToken) return OTHER_CHECKOUT;
  return order as OrderRow;
}

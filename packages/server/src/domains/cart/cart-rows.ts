import type { Kysely, Transaction } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { CartRow, Database } from '../../platform/db/schema.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';
import { compiledOnce } from '../../platform/db/compiled-once.js';

// Cart rows: finding a visitor's open cart, locking it for a write, creating one.

/** The open (not purchased) visitor cart of a token on a site. */
export async function findOpenCart(executor: Kysely<Database>, siteId: string, token: string | undefined) {
  if (!token) return undefined;
  return rowWhere(executor, 'carts', { token, site_id: siteId, purchased: 0, kind: 'cart' });
}

const touchOpenCart = compiledOnce(3, (db, now: string, token: string, siteId: string) =>
  db
    .updateTable('carts')
    .set({ updated_at: now })
    .where('token', '=', token)
    .where('site_id', '=', siteId)
    .where('purchased', '=', 0)
    .where('kind', '=', 'cart')
    .returningAll(),
);

/**
 * Finds the open cart of a token and locks it for the rest of the transaction: the first write
 * (touching updated_at) takes PostgreSQL's row lock, so concurrent writers to one cart queue up
 * and each sees what the one before committed. SQLite serialises transactions anyway.
 */
export async function lockOpenCart(trx: Transaction<Database>, siteId: string, token: string | undefined) {
  if (!token) return undefined;
  // One statement (issue 20): the touch answers the row it locked, so no second read follows.
  const [cart] = await touchOpenCart(trx, nowIso(), token, siteId);
  return cart;
}

const insertCartRow = compiledOnce(5, (db, id: string, token: string, siteId: string, kind: string, now: string) =>
  db.insertInto('carts').values({ id, token, site_id: siteId, purchased: 0, kind, created_at: now, updated_at: now }),
);

export async function insertCart(
  trx: Kysely<Database>,
  siteId: string,
  kind: 'cart' | 'subscription',
): Promise<CartRow> {
  const now = nowIso();
  const cart: CartRow = {
    id: newId(),
    token: newToken(),
    site_id: siteId,
    purchased: 0,
    kind,
    created_at: now,
    updated_at: now,
  };
  await insertCartRow(trx, cart.id, cart.token, siteId, kind, now);
  return cart;
}

import type { CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { CartEntryRow, CartRow, Database } from '../../platform/db/schema.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';
import { compiledOnce } from '../../platform/db/compiled-once.js';
import { runTogether } from '../../platform/db/together.js';

// Cart rows: finding a visitor's open cart, locking it for a write, creating one; its entry rows.

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

/**
 * `lockOpenCart`, with `more` statements sent in the same step right after the lock (`runTogether`,
 * one round trip on PostgreSQL); answers the cart and their results. They run once the lock is held
 * (PostgreSQL runs a step's statements in order, each with a snapshot taken when it starts, after
 * the lock's wait), so a read of what the lock guards sees everything the lock's earlier holders
 * committed; they cannot use the lock's answer (the cart's id): find the cart by its token instead
 * (`entryRowsOfOpenCart`).
 */
export async function lockOpenCartWith(
  trx: Transaction<Database>,
  siteId: string,
  token: string | undefined,
  more: readonly CompiledQuery[],
): Promise<{ cart: CartRow | undefined; results: QueryResult<unknown>[] }> {
  if (!token) return { cart: undefined, results: await runTogether(trx, more) };
  const [touched, ...results] = await runTogether(trx, [touchOpenCart.bound(trx, nowIso(), token, siteId), ...more]);
  return { cart: touched?.rows[0] as CartRow | undefined, results };
}

const insertCartRow = compiledOnce(5, (db, id: string, token: string, siteId: string, kind: string, now: string) =>
  db.insertInto('carts').values({ id, token, site_id: siteId, purchased: 0, kind, created_at: now, updated_at: now }),
);

export async function insertCart(
  trx: Kysely<Database>,
  siteId: string,
  kind: 'cart' | 'subscription',
): Promise<CartRow> {
  const { cart, insert } = newCartInsert(trx, siteId, kind);
  await trx.executeQuery(insert);
  return cart;
}

/**
 * A new cart's row, and its insert bound but not run: a caller that writes the cart's first entry
 * sends the two as one step (the add sends them with its commit, `writeAtCommit`), the cart first.
 */
export function newCartInsert(
  trx: Kysely<Database>,
  siteId: string,
  kind: 'cart' | 'subscription',
): { cart: CartRow; insert: CompiledQuery } {
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
  return { cart, insert: insertCartRow.bound(trx, cart.id, cart.token, siteId, kind, now) };
}

/** A cart's entry rows in the order the cart lists them (`inCartOrder`). */
export const entryRows = compiledOnce(1, (db, cartId: string) =>
  db.selectFrom('cart_entries').selectAll().where('cart_id', '=', cartId).orderBy('created_at').orderBy('id'),
);

/**
 * The entry rows of a token's open cart, in cart order, found by the token rather than the cart's id:
 * so it can go in the same step as the lock (`lockOpenCartWith`), which runs first and holds the
 * cart for it (PostgreSQL runs the step's statements in order, each seeing what was committed before
 * it started). No open cart: no rows.
 */
export const entryRowsOfOpenCart = compiledOnce(2, (db, token: string, siteId: string) =>
  db
    .selectFrom('cart_entries')
    .innerJoin('carts', 'carts.id', 'cart_entries.cart_id')
    .selectAll('cart_entries')
    .where('carts.token', '=', token)
    .where('carts.site_id', '=', siteId)
    .where('carts.purchased', '=', 0)
    .where('carts.kind', '=', 'cart')
    .orderBy('cart_entries.created_at')
    .orderBy('cart_entries.id'),
);

/** The new quantity, answers and time of an entry the cart already holds. */
export const updateEntryRow = compiledOnce(4, (db, id: string, quantity: number, fields: string | null, now: string) =>
  db.updateTable('cart_entries').set({ quantity, additional_fields: fields, updated_at: now }).where('id', '=', id),
);

const insertEntryRow = compiledOnce(
  7,
  (db, id: string, cartId: string, itemId: string, sku: string, quantity: number, fields: string | null, now: string) =>
    db.insertInto('cart_entries').values({
      id,
      cart_id: cartId,
      item_id: itemId,
      sku,
      quantity,
      additional_fields: fields,
      created_at: now,
      updated_at: now,
    }),
);

/** The insert of a new entry row, bound and not run. */
export function entryInsert(trx: Kysely<Database>, row: CartEntryRow): CompiledQuery {
  const { id, cart_id, item_id, sku, quantity, additional_fields, created_at } = row;
  return insertEntryRow.bound(trx, id, cart_id, item_id, sku, quantity, additional_fields, created_at);
}

export function inCartOrder(a: CartEntryRow, b: CartEntryRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

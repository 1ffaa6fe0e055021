import { QUANTITY } from '@tessera/core';
import type { Kysely } from 'kysely';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';

type Db = Kysely<Database>;

// The same lookup as the cart domain's `findOpenCart` (cart/cart-rows.ts): importing it from there
// would close a folder cycle (cart → content → … → site-users), which the architecture test refuses.
async function openCartByToken(db: Db, siteId: string, token: string | undefined) {
  if (!token) return undefined;
  return rowWhere(db, 'carts', { token, site_id: siteId, purchased: 0, kind: 'cart' });
}

async function usersOpenCart(db: Db, siteId: string, userId: string) {
  return db
    .selectFrom('site_user_carts')
    .innerJoin('carts', 'carts.id', 'site_user_carts.cart_id')
    .selectAll('carts')
    .where('site_user_carts.site_user_id', '=', userId)
    .where('carts.site_id', '=', siteId)
    .where('carts.purchased', '=', 0)
    .executeTakeFirst();
}

async function linkCart(db: Db, userId: string, cartId: string): Promise<void> {
  const now = nowIso();
  // One statement (insert, or update on the user's key): two sign-ins at once cannot both insert.
  await db
    .insertInto('site_user_carts')
    .values({ site_user_id: userId, cart_id: cartId, updated_at: now })
    .onConflict((oc) => oc.column('site_user_id').doUpdateSet({ cart_id: cartId, updated_at: now }))
    .execute();
}

/**
 * Signing in with a cart (SPEC §6: a signed-in user's cart loads at start): the visitor's cart and the
 * cart the account kept are merged into the account's cart (quantities of the same item and variant
 * add up, capped at the quantity maximum) and the visitor's cart is deleted. Answers the token the
 * browser should hold from now on, or undefined when there is no cart at all.
 */
export async function mergeCartOnSignIn(
  db: Db,
  siteId: string,
  userId: string,
  visitorToken: string | undefined,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const visitor = await openCartByToken(trx, siteId, visitorToken);
    const kept = await usersOpenCart(trx, siteId, userId);
    // A cart another account keeps is not this visitor's to merge.
    const visitorOwner = visitor
      ? await trx
          .selectFrom('site_user_carts')
          .select('site_user_id')
          .where('cart_id', '=', visitor.id)
          .executeTakeFirst()
      : undefined;
    const ownVisitorCart = visitor && (!visitorOwner || visitorOwner.site_user_id === userId) ? visitor : undefined;
    if (!ownVisitorCart) return kept?.token;
    if (!kept || kept.id === ownVisitorCart.id) {
      await linkCart(trx, userId, ownVisitorCart.id);
      return ownVisitorCart.token;
    }
    const now = nowIso();
    const incoming = await trx
      .selectFrom('cart_entries')
      .selectAll()
      .where('cart_id', '=', ownVisitorCart.id)
      .execute();
    for (const entry of incoming) {
      const existing = await trx
        .selectFrom('cart_entries')
        .select(['id', 'quantity'])
        .where('cart_id', '=', kept.id)
        .where('item_id', '=', entry.item_id)
        .where('sku', '=', entry.sku)
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('cart_entries')
          .set({ quantity: Math.min(QUANTITY.max, existing.quantity + entry.quantity), updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        await trx.deleteFrom('cart_entries').where('id', '=', entry.id).execute();
      } else {
        await trx
          .updateTable('cart_entries')
          .set({ cart_id: kept.id, updated_at: now })
          .where('id', '=', entry.id)
          .execute();
      }
    }
    await trx.deleteFrom('carts').where('id', '=', ownVisitorCart.id).execute();
    await trx.updateTable('carts').set({ updated_at: now }).where('id', '=', kept.id).execute();
    return kept.token;
  });
}

/** Signing out: the cart in the browser stays with the account (it loads again at the next sign-in). */
export async function keepCartWithAccount(
  db: Db,
  siteId: string,
  userId: string,
  token: string | undefined,
): Promise<{ id: string; token: string } | undefined> {
  const cart = await openCartByToken(db, siteId, token);
  if (!cart) return undefined;
  const owner = await db
    .selectFrom('site_user_carts')
    .select('site_user_id')
    .where('cart_id', '=', cart.id)
    .executeTakeFirst();
  if (owner && owner.site_user_id !== userId) return undefined;
  await linkCart(db, userId, cart.id);
  return cart;
}

/** `cloneCart=true` on sign-out: a copy of the cart for the signed-out browser; answers its token. */
export async function cloneCart(db: Db, siteId: string, cartId: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const copy = {
      id: newId(),
      token: newToken(),
      site_id: siteId,
      purchased: 0,
      kind: 'cart',
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('carts').values(copy).execute();
    const entries = await trx.selectFrom('cart_entries').selectAll().where('cart_id', '=', cartId).execute();
    if (entries.length > 0) {
      await trx
        .insertInto('cart_entries')
        .values(entries.map((e) => ({ ...e, id: newId(), cart_id: copy.id, created_at: now, updated_at: now })))
        .execute();
    }
    return copy.token;
  });
}

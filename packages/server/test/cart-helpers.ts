import { expect } from 'vitest';
import type { TestServer } from '../src/testing.js';
import { type Answer, Visitor } from './visitor.js';

/** The id of a catalogue item by its url id (the item must exist). */
export async function itemIdOf(server: TestServer, urlId: string): Promise<string> {
  const row = await server.db.selectFrom('items').select('id').where('url_id', '=', urlId).executeTakeFirstOrThrow();
  return row.id;
}

/** Puts `quantity` of one variant (by SKU) of the item `urlId` in the visitor's cart; answers the API's reply. */
export async function addToCart(
  server: TestServer,
  visitor: Visitor,
  item: { urlId: string; sku: string; quantity: number },
): Promise<Answer> {
  return visitor.request('POST', '/api/commerce/shopping-cart/entries', {
    body: { itemId: await itemIdOf(server, item.urlId), sku: item.sku, quantity: item.quantity },
  });
}

/** How many of the variant `sku` are in stock. */
export async function variantStock(server: TestServer, sku: string): Promise<number> {
  const row = await server.db
    .selectFrom('product_variants')
    .select('qty_in_stock')
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
  return row.qty_in_stock;
}

/** A new visitor with `quantity` of one variant (by SKU) of the item `urlId` in the cart; the add must succeed. */
export async function visitorWithCart(server: TestServer, urlId: string, sku: string, quantity = 1): Promise<Visitor> {
  const visitor = Visitor.of(server);
  expect((await addToCart(server, visitor, { urlId, sku, quantity })).status).toBe(200);
  return visitor;
}

/** The first sold-out variant (no stock, not unlimited) of the demo product `urlId`: what a restock sign-up names. */
export async function soldOutVariant(
  server: TestServer,
  urlId: string,
): Promise<{ productId: string; variantId: string }> {
  return server.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select(['items.id as productId', 'product_variants.id as variantId'])
    .where('items.url_id', '=', urlId)
    .where('product_variants.qty_in_stock', '<=', 0)
    .where('product_variants.unlimited', '=', 0)
    .executeTakeFirstOrThrow();
}

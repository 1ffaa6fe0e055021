import type { TestServer } from '../src/testing.js';

/** The first stocked (not unlimited) variant of the product at `urlId`, with its item's id. */
export async function limitedVariant(server: TestServer, urlId: string) {
  return server.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select(['product_variants.id', 'product_variants.sku', 'product_variants.qty_in_stock', 'items.id as itemId'])
    .where('items.url_id', '=', urlId)
    .where('product_variants.unlimited', '=', 0)
    .orderBy('product_variants.position')
    .executeTakeFirstOrThrow();
}

import { tracksStockOfType } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** One variant's units, as an order line or a subscription cycle names them. */
export interface StockLine {
  itemId: string;
  sku: string;
  quantity: number;
}

/** Whether a product type keeps to its stock: core's one rule (`tracksStockOfType`), for every caller here. */
export const tracksStockOf = (productType: number | undefined): boolean => tracksStockOfType(productType);

/**
 * Takes `quantity` units of one variant in a single conditional statement: it succeeds only while
 * the variant is unlimited or still has that many units, so racing orders can never sell more than
 * the stock (no read-then-write). Answers false when there is not enough.
 */
export async function takeStock(db: Kysely<Database>, line: StockLine): Promise<boolean> {
  const taken = await db
    .updateTable('product_variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '-', line.quantity) }))
    .where('item_id', '=', line.itemId)
    .where('sku', '=', line.sku)
    .where((eb) => eb.or([eb('unlimited', '=', 1), eb('qty_in_stock', '>=', line.quantity)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * The oversell-safe take for a line of a product of `productType`, used by checkout and renewals:
 * {@link takeStock} when the type keeps to its stock, else nothing to take (always true).
 */
export async function takeStockFor(
  db: Kysely<Database>,
  productType: number | undefined,
  line: StockLine,
): Promise<boolean> {
  return tracksStockOf(productType) ? takeStock(db, line) : true;
}

/** Puts back what {@link takeStockFor} took for a line of a product of `productType`. */
export async function returnStockFor(
  db: Kysely<Database>,
  productType: number | undefined,
  line: StockLine,
): Promise<void> {
  if (tracksStockOf(productType)) await returnStock(db, line);
}

/**
 * Puts back what {@link takeStock} took. The caller makes sure it runs once per take (inside the
 * transaction that took it, or after a conditional change of the order that held it).
 */
export async function returnStock(db: Kysely<Database>, line: StockLine): Promise<void> {
  await db
    .updateTable('product_variants')
    .set((eb) => ({ qty_in_stock: eb('qty_in_stock', '+', line.quantity) }))
    .where('item_id', '=', line.itemId)
    .where('sku', '=', line.sku)
    .execute();
}

/** Lines in a fixed order (item, then SKU), so two orders taking the same variants never deadlock. */
export function inStockOrder<T extends StockLine>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) =>
    a.itemId === b.itemId ? (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0) : a.itemId < b.itemId ? -1 : 1,
  );
}

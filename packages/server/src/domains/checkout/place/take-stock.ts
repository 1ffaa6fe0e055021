import { CHECKOUT_MESSAGES } from '@tessera/core';
import type { Transaction } from 'kysely';
import type { CartEntry } from '../../cart/index.js';
import type { Database } from '../../../platform/db/schema.js';
import { CheckoutError } from '../checkout-types.js';
import { inStockOrder, takeStockFor } from '../stock.js';

/**
 * Step 4: stock checked and taken in one statement per variant, in a fixed order (no deadlocks);
 * the first line short of stock refuses the whole order.
 */
export async function takeOrderStock(trx: Transaction<Database>, entries: readonly CartEntry[]): Promise<void> {
  const lines = entries.map((e) => ({
    itemId: e.itemId,
    sku: e.chosenVariant.sku,
    quantity: e.quantity,
    title: e.title,
    productType: e.productType,
  }));
  for (const line of inStockOrder(lines)) {
    if (!(await takeStockFor(trx, line.productType, line))) {
      throw new CheckoutError('not-enough-stock', `${CHECKOUT_MESSAGES.outOfStock} (${line.title})`, 409);
    }
  }
}

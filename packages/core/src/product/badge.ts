import { isOnSale } from './price.js';
import { isSoldOut } from './sold-out.js';
import type { ProductInput } from './types.js';

export type ProductBadge = 'sold-out' | 'sale';

/** The one badge a product card shows: sold out takes precedence over sale (SPEC §4); none otherwise. */
export function productBadge(item: ProductInput): ProductBadge | undefined {
  if (isSoldOut(item)) return 'sold-out';
  if (isOnSale(item)) return 'sale';
  return undefined;
}

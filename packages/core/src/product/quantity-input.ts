import { ProductType } from '../enums/product-type.js';
import { isSubscribable } from './subscribable.js';
import type { ProductInput, StoreSettings, VariantInput } from './types.js';
import { productTypeOf, variantsOf } from './types.js';

/** How many units of a variant can be bought at once: Infinity when unlimited. */
function available(variant: VariantInput): number {
  return variant.unlimited === true ? Number.POSITIVE_INFINITY : (variant.qtyInStock ?? 0);
}

/**
 * SPEC §5: the quantity input is hidden for items that are neither physical nor service, for
 * services when the store does not allow multiple quantities, for subscribable items, and when
 * stock is 1 or less. With a variant the stock is that variant's; without one it is the largest
 * stock of any variant (hidden only when no variant can be bought more than once).
 */
export function isQuantityInputVisible(
  item: ProductInput,
  storeSettings: Pick<StoreSettings, 'multipleQuantityAllowedForServices'>,
  variant?: VariantInput,
): boolean {
  const type = productTypeOf(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return false;
  if (type === ProductType.SERVICE && !storeSettings.multipleQuantityAllowedForServices) return false;
  if (isSubscribable(item)) return false;
  const stock = variant ? available(variant) : Math.max(0, ...variantsOf(item).map(available));
  return stock > 1;
}

import { ProductType } from '../enums/product-type.js';
import type { ProductInput } from './types.js';
import { isTrue, productTypeOf } from './types.js';

/** Whether a product type may be sold as a subscription (SPEC §5: physical and service only). */
export function canBeSubscription(productType: number | undefined): boolean {
  return productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
}

/** An item is subscribable when it is flagged so and its type allows subscriptions. */
export function isSubscribable(item: ProductInput): boolean {
  return isTrue(item.structuredContent?.isSubscribable) && canBeSubscription(productTypeOf(item));
}

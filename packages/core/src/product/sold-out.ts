import { ProductType } from '../enums/product-type.js';
import { type ProductInput, productTypeOf, type VariantInput, variantsOf } from './types.js';

/** A variant is in stock when it is unlimited or has at least one unit left. */
export function isVariantInStock(variant: VariantInput): boolean {
  return variant.unlimited === true || (variant.qtyInStock ?? 0) > 0;
}

/**
 * SPEC §4: a physical or service product is sold out when every variant is limited with zero
 * stock (so a product with no variants is sold out); digital and gift-card products never are;
 * any other type counts as sold out.
 */
export function isSoldOut(item: ProductInput): boolean {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE:
      return !variantsOf(item).some(isVariantInStock);
    case ProductType.DIGITAL:
    case ProductType.GIFT_CARD:
      return false;
    default:
      return true;
  }
}

/**
 * Whether stock limits apply to a product: they do for physical and service products (and, as
 * sold-out rules go, for unknown types); digital products and gift cards are never out of stock.
 */
export function tracksStock(item: ProductInput): boolean {
  const type = productTypeOf(item);
  return type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD;
}

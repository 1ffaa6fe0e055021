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
 * The one rule for whether stock limits apply to a product type, used by add-to-cart, checkout,
 * renewals, stock holds, product pages and the editor: digital products and gift cards never run
 * out; physical products, services, paywalls and unknown types keep to their stock (an unknown type
 * is refused rather than oversold, as the sold-out rule counts it sold out).
 */
export function tracksStockOfType(type: number | undefined): boolean {
  return type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD;
}

/** Whether stock limits apply to a product ({@link tracksStockOfType} of its type). */
export function tracksStock(item: ProductInput): boolean {
  return tracksStockOfType(productTypeOf(item));
}

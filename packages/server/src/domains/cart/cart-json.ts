import { effectivePrice, moneyFromCents, summarizeCart } from '@tessera/core';
import type { CartEntry, ShoppingCart } from '@tessera/core/contracts/cart';
import type { CartEntryRow, CartRow } from '../../platform/db/schema.js';
import type { ProductItemJson } from '../content/index.js';

// The cart JSON's types are the published contract's (`@tessera/core/contracts/cart`).
export type { CartEntry, ShoppingCart };

/** A cart that exists in the database (the empty shape has no id). */
export type StoredShoppingCart = ShoppingCart & { id: string; created: number };

/** One cart entry as JSON, or undefined when its product or variant no longer exists. */
export function cartEntryJson(
  row: CartEntryRow,
  product: ProductItemJson | undefined,
  currency: string,
): CartEntry | undefined {
  const variant = product?.structuredContent.variants.find((v) => v.sku === row.sku);
  if (!product || !variant) return undefined;
  const unit = effectivePrice(variant);
  const subTotalCents = unit * row.quantity;
  const image = variant.mainImage as { assetUrl?: string } | undefined;
  return {
    id: row.id,
    itemId: row.item_id,
    chosenVariant: { sku: variant.sku, attributes: variant.attributes },
    quantity: row.quantity,
    title: product.title,
    subTotal: moneyFromCents(subTotalCents, currency),
    subTotalCents,
    purchasePriceCents: unit,
    productType: product.structuredContent.productType,
    url: product.fullUrl,
    imageUrl: image?.assetUrl ?? product.assetUrl,
    additionalFields: row.additional_fields,
  };
}

/** The cart JSON of the contract, totals in integer cents. */
export function shoppingCartJson(
  cart: Pick<CartRow, 'id' | 'created_at' | 'purchased'> | undefined,
  entries: CartEntry[],
  site: { id: string; currency: string },
): ShoppingCart {
  const summary = summarizeCart(entries);
  const taxCents = 0;
  const shippingCostCents = 0;
  const discountCents = 0;
  return {
    id: cart?.id ?? null,
    websiteId: site.id,
    orderId: null,
    created: cart ? Date.parse(cart.created_at) : null,
    isPurchased: cart?.purchased === 1,
    currency: site.currency,
    entries,
    subtotalCents: summary.subtotalCents,
    taxCents,
    shippingCostCents,
    discountCents,
    grandTotalCents: summary.subtotalCents + taxCents + shippingCostCents - discountCents,
    totalQuantity: summary.totalQuantity,
    hasDigital: summary.hasDigital,
    purelyDigital: summary.purelyDigital,
    requiresShipping: summary.requiresShipping,
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
  };
}

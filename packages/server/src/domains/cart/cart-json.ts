import { effectivePrice, type Money, moneyFromCents, summarizeCart } from '@tessera/core';
import type { CartEntryRow, CartRow } from '../../platform/db/schema.js';
import type { ProductItemJson } from '../content/product-json.js';

export type CartEntry = {
  id: string;
  itemId: string;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  quantity: number;
  title: string;
  subTotal: Money;
  subTotalCents: number;
  /** Unit price paid (the sale price when on sale), in cents. */
  purchasePriceCents: number;
  /** SPEC §3 product type code. */
  productType: number;
  url: string;
  imageUrl: string;
  additionalFields: string | null;
};

export type ShoppingCart = {
  id: string | null;
  websiteId: string;
  orderId: null;
  /** Epoch milliseconds; null for the empty cart of a visitor who has none. */
  created: number | null;
  isPurchased: boolean;
  currency: string;
  entries: CartEntry[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  shippingOptions: unknown[];
  selectedShippingOption: null;
  shippingLocation: null;
  applicableTaxRules: unknown[];
  coupons: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
};

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

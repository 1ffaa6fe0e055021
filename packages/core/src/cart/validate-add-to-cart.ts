import { ProductType } from '../enums/product-type.js';
import type { ProductInput, VariantInput } from '../product/types.js';
import { productTypeOf, variantsOf } from '../product/types.js';
import { findVariant, findVariantBySku, variantOptions } from '../product/variant-options.js';
import { variantPrice } from '../product/price.js';
import { tracksStock } from '../product/sold-out.js';
import { type CheckStockResult, checkStock } from './check-stock.js';
import { CART_MESSAGES, QUANTITY } from './messages.js';
import { missingOptionsMessage } from './missing-options.js';
import { parseQuantity } from './parse-quantity.js';

/** Why an add to cart was refused; each code has exactly one SPEC message (see CART_MESSAGES). */
export type AddToCartErrorCode =
  | 'gift-card-denomination'
  | 'missing-options'
  | 'variant-unavailable'
  | 'quantity-not-number'
  | 'quantity-not-whole'
  | 'quantity-out-of-range'
  | 'not-enough-stock';

export interface AddToCartRequest<V extends VariantInput = VariantInput> {
  item: ProductInput & { structuredContent?: { variants?: readonly V[] | null } | null };
  /** The chosen SKU; when given it decides the variant on its own. */
  sku?: string | null;
  /** The chosen option values by option name. */
  attributes?: Readonly<Record<string, string | null | undefined>> | null;
  /** The quantity as typed (number or text). */
  quantity: unknown;
  /** Units of the same item and variant already in the cart. */
  alreadyInCart?: number;
  /**
   * For gift cards: the chosen denomination, either the option value ("25") or the amount in
   * minor units (2500).
   */
  denomination?: string | number | null;
}

export type AddToCartResult<V extends VariantInput = VariantInput> =
  | { ok: true; variant: V; quantity: number }
  | { ok: false; code: AddToCartErrorCode; message: string };

function fail(code: AddToCartErrorCode, message: string): { ok: false; code: AddToCartErrorCode; message: string } {
  return { ok: false, code, message };
}

function giftCardVariant<V extends VariantInput>(variants: readonly V[], denomination: string | number): V | undefined {
  if (typeof denomination === 'number') return variants.find((variant) => variantPrice(variant) === denomination);
  return variants.find((variant) => Object.values(variant.attributes ?? {}).includes(denomination));
}

function isChosen(value: string | null | undefined): value is string {
  return value != null && value !== '';
}

/**
 * Checks an add to cart in the order a buyer fixes things: gift-card denomination, unselected
 * options, unavailable variant, quantity (number, whole, 1–9999), then stock (not for digital
 * products and gift cards, which are never out of stock).
 */
export function validateAddToCart<V extends VariantInput>(request: AddToCartRequest<V>): AddToCartResult<V> {
  const { item, sku, attributes } = request;
  const variants = variantsOf(item);
  let variant: V | undefined;

  if (isChosen(sku)) {
    variant = findVariantBySku(item, sku);
    if (!variant) return fail('variant-unavailable', CART_MESSAGES.variantUnavailable);
  } else if (productTypeOf(item) === ProductType.GIFT_CARD && !attributesChosen(attributes)) {
    if (request.denomination == null || request.denomination === '') {
      return fail('gift-card-denomination', CART_MESSAGES.giftCardDenomination);
    }
    variant = giftCardVariant(variants, request.denomination);
    if (!variant) return fail('variant-unavailable', CART_MESSAGES.variantUnavailable);
  } else {
    const chosen = attributes ?? {};
    const missing = variantOptions(item)
      .map((option) => option.name)
      .filter((name) => !isChosen(chosen[name]));
    const message = missingOptionsMessage(missing);
    if (message) return fail('missing-options', message);
    variant = findVariant(item, chosen);
    if (!variant) return fail('variant-unavailable', CART_MESSAGES.variantUnavailable);
  }

  const quantity = parseQuantity(request.quantity);
  if (!quantity.ok) {
    return quantity.message === CART_MESSAGES.quantityNotWhole
      ? fail('quantity-not-whole', quantity.message)
      : fail('quantity-not-number', quantity.message);
  }
  if (!isQuantityInRange(quantity.value)) return fail('quantity-out-of-range', CART_MESSAGES.quantityOutOfRange);

  const stock: CheckStockResult = tracksStock(item)
    ? checkStock(variant, quantity.value, request.alreadyInCart ?? 0)
    : { ok: true };
  if (!stock.ok) return fail('not-enough-stock', stock.message);
  return { ok: true, variant, quantity: quantity.value };
}

function attributesChosen(attributes: AddToCartRequest['attributes']): boolean {
  return Object.values(attributes ?? {}).some(isChosen);
}

/** Whether a whole quantity lies within SPEC §5's bounds (1 to 9999). */
export function isQuantityInRange(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= QUANTITY.min && quantity <= QUANTITY.max;
}

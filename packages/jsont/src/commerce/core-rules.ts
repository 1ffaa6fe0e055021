/**
 * The shared product rules of `@tessera/core`, applied to the loose JSON a
 * template sees. Template data is lenient ("1" for a product type, "true" for a
 * flag, odd money strings), so it is normalised into core's input shape first;
 * that way a template badge and a storefront island always agree.
 */
import {
  DEFAULT_STORE_SETTINGS,
  isOnSale as coreIsOnSale,
  isQuantityInputVisible as coreIsQuantityInputVisible,
  isSoldOut as coreIsSoldOut,
  isSubscribable as coreIsSubscribable,
  hasVariedPrices as coreHasVariedPrices,
  type MoneyInput,
  type ProductInput,
  tryToMinorUnits,
  type VariantInput,
} from '@tessera/core';
import { asBoolean, asNumber, asString, field, isObject, isTruthy } from '../values/json.js';

const KNOWN_TYPES = new Set([1, 2, 3, 4]);

/** Product type code from a number or numeric string; undefined when unknown. */
export function productTypeCode(value: unknown): number | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const code = asNumber(value);
  return KNOWN_TYPES.has(code) ? code : undefined;
}

function toMoney(value: unknown): MoneyInput | null {
  if (!isObject(value)) return null;
  const currency = asString(value.currency ?? value.currencyCode) || 'USD';
  const amount = asString(value.value ?? value.decimalValue);
  // Keep only amounts core can read exactly; anything else counts as no price.
  if (amount === '' || tryToMinorUnits(amount, currency) === undefined) return null;
  return { value: amount, currency };
}

function toNumberOrNull(value: unknown): number | null {
  return typeof value === 'number' || typeof value === 'string' ? asNumber(value) : null;
}

function toVariant(value: unknown): VariantInput {
  return {
    price: toNumberOrNull(field(value, 'price')),
    salePrice: toNumberOrNull(field(value, 'salePrice')),
    priceMoney: toMoney(field(value, 'priceMoney')),
    salePriceMoney: toMoney(field(value, 'salePriceMoney')),
    onSale: isTruthy(field(value, 'onSale')),
    unlimited: isTruthy(field(value, 'unlimited')),
    qtyInStock: asNumber(field(value, 'qtyInStock')),
  };
}

/** The item in core's input shape. */
export function toProductInput(item: unknown): ProductInput {
  const content = field(item, 'structuredContent');
  const variants = field(content, 'variants');
  return {
    structuredContent: {
      productType: productTypeCode(field(content, 'productType')) ?? null,
      variants: Array.isArray(variants) ? variants.map(toVariant) : [],
      isSubscribable: asBoolean(field(content, 'isSubscribable')),
      priceMoney: toMoney(field(content, 'priceMoney')),
      salePriceMoney: toMoney(field(content, 'salePriceMoney')),
      onSale: isTruthy(field(content, 'onSale')),
    },
  };
}

export function isSoldOut(item: unknown): boolean {
  return coreIsSoldOut(toProductInput(item));
}

export function isOnSale(item: unknown): boolean {
  const type = productTypeCode(field(field(item, 'structuredContent'), 'productType'));
  // Gift cards and unknown types carry no sale (SPEC §4 names physical, service and digital).
  if (type === undefined || type === 4) return false;
  return coreIsOnSale(toProductInput(item));
}

export function hasVariedPrices(item: unknown): boolean {
  const type = productTypeCode(field(field(item, 'structuredContent'), 'productType'));
  // A digital product has one price of its own; unknown types show none.
  if (type === undefined || type === 2) return false;
  return coreHasVariedPrices(toProductInput(item));
}

export function isSubscribable(item: unknown): boolean {
  return coreIsSubscribable(toProductInput(item));
}

export function isQuantityInputVisible(item: unknown, websiteSettings: unknown): boolean {
  const flag = field(field(websiteSettings, 'storeSettings'), 'multipleQuantityAllowedForServices');
  const multipleQuantityAllowedForServices =
    flag === undefined || flag === null ? DEFAULT_STORE_SETTINGS.multipleQuantityAllowedForServices : asBoolean(flag);
  return coreIsQuantityInputVisible(toProductInput(item), { multipleQuantityAllowedForServices });
}

/**
 * Product rules as the storefront templates see them: product type, sold out,
 * on sale, varied prices, the from/normal/sale price of an item, stock and
 * variant options (SPEC §3 product item and variant, §4 sold out / on sale).
 */
import { variantOptions as coreVariantOptions, type VariantOption } from '@tessera/core';
import { asNumber, asString, field, isObject, isTruthy, path } from '../values/json.js';
import { hasVariedPrices, isOnSale, isQuantityInputVisible, isSoldOut, isSubscribable } from './core-rules.js';
import { type Money, moneyAmount, ZERO_MONEY } from './money.js';

export { hasVariedPrices, isOnSale, isQuantityInputVisible, isSoldOut, isSubscribable, type VariantOption };

export const ProductType = {
  UNDEFINED: -1,
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
} as const;

const KNOWN_TYPES = new Set<number>([1, 2, 3, 4]);

/** The item's product type code, or -1 when missing or unknown. */
export function productTypeOf(item: unknown): number {
  const code = asNumber(path(item, 'structuredContent', 'productType'));
  return KNOWN_TYPES.has(code) ? code : ProductType.UNDEFINED;
}

/** The variants array, or undefined when the item has none (or not an array). */
export function variantsOf(item: unknown): unknown[] | undefined {
  const variants = path(item, 'structuredContent', 'variants');
  return Array.isArray(variants) ? variants : undefined;
}

/** What a variant (or digital product, or pricing option) sells for now: its sale price when on sale. */
function currentPriceMoney(priced: unknown): unknown {
  return isTruthy(field(priced, 'onSale')) ? field(priced, 'salePriceMoney') : field(priced, 'priceMoney');
}

/** More than one variant, and not a digital product. */
export function hasVariants(item: unknown): boolean {
  if (productTypeOf(item) === ProductType.DIGITAL) return false;
  return (variantsOf(item)?.length ?? 0) > 1;
}

function digitalMoney(item: unknown, key: 'priceMoney' | 'salePriceMoney'): Money {
  const money = path(item, 'structuredContent', key);
  return money === undefined ? ZERO_MONEY : money;
}

/** The lowest current price among the variants (the "from" price). */
export function fromPriceMoney(item: unknown): Money {
  switch (productTypeOf(item)) {
    case ProductType.GIFT_CARD:
    case ProductType.PHYSICAL:
    case ProductType.SERVICE: {
      const variants = variantsOf(item);
      if (!variants || variants.length === 0) return ZERO_MONEY;
      let best = currentPriceMoney(variants[0]);
      let bestAmount = moneyAmount(best);
      for (const variant of variants.slice(1)) {
        const money = currentPriceMoney(variant);
        const amount = moneyAmount(money);
        if (amount.compare(bestAmount) < 0) {
          best = money;
          bestAmount = amount;
        }
      }
      return best;
    }
    case ProductType.DIGITAL:
      return digitalMoney(item, 'priceMoney');
    default:
      return ZERO_MONEY;
  }
}

/** The highest regular (not sale) price among the variants. */
export function normalPriceMoney(item: unknown): Money {
  switch (productTypeOf(item)) {
    case ProductType.GIFT_CARD:
    case ProductType.PHYSICAL:
    case ProductType.SERVICE: {
      const variants = variantsOf(item);
      if (!variants || variants.length === 0) return ZERO_MONEY;
      let best = field(variants[0], 'priceMoney');
      let bestAmount = moneyAmount(best);
      for (const variant of variants.slice(1)) {
        const money = field(variant, 'priceMoney');
        const amount = moneyAmount(money);
        if (amount.compare(bestAmount) > 0) {
          best = money;
          bestAmount = amount;
        }
      }
      return best;
    }
    case ProductType.DIGITAL:
      return digitalMoney(item, 'priceMoney');
    default:
      return ZERO_MONEY;
  }
}

/** The lowest sale price among the variants on sale; zero when none is. */
export function salePriceMoney(item: unknown): Money {
  switch (productTypeOf(item)) {
    case ProductType.PHYSICAL:
    case ProductType.SERVICE: {
      let best: Money | undefined;
      for (const variant of variantsOf(item) ?? []) {
        if (!isTruthy(field(variant, 'onSale'))) continue;
        const money = field(variant, 'salePriceMoney');
        if (best === undefined || moneyAmount(money).compare(moneyAmount(best)) < 0) best = money;
      }
      return best ?? ZERO_MONEY;
    }
    case ProductType.DIGITAL:
      return digitalMoney(item, 'salePriceMoney');
    default:
      return ZERO_MONEY;
  }
}

/** Pricing options (subscription prices) of the cheapest variant, physical and service products only. */
export function pricingOptionsOfCheapestVariant(item: unknown): unknown[] | undefined {
  const type = productTypeOf(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return undefined;
  const variants = variantsOf(item);
  if (!variants || variants.length === 0) return undefined;
  let options = field(variants[0], 'pricingOptions');
  let lowest = moneyAmount(currentPriceMoney(variants[0]));
  for (const variant of variants.slice(1)) {
    const amount = moneyAmount(currentPriceMoney(variant));
    if (amount.compare(lowest) < 0) {
      options = field(variant, 'pricingOptions');
      lowest = amount;
    }
  }
  return Array.isArray(options) ? options : undefined;
}

/** The current price of a pricing option: its sale price when on sale. */
export function pricingOptionMoney(option: unknown): Money {
  return currentPriceMoney(option);
}

/**
 * The options a shopper chooses from (core's rule: the owner's
 * `variantOptionOrdering`, values in first-seen order); none for fewer than two variants.
 */
export function variantOptions(item: unknown): VariantOption[] {
  const variants = variantsOf(item) ?? [];
  if (variants.length <= 1) return [];
  const ordering = path(item, 'structuredContent', 'variantOptionOrdering');
  return coreVariantOptions({
    structuredContent: {
      variants: variants.map((variant) => {
        const attributes = field(variant, 'attributes');
        return {
          attributes: isObject(attributes)
            ? Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, asString(value)]))
            : null,
        };
      }),
      variantOptionOrdering: Array.isArray(ordering) ? ordering.map(asString) : [],
    },
  });
}

/** "blue / large": the variant's option values joined. */
export function describeVariant(variant: unknown): string {
  const values = field(variant, 'optionValues');
  if (!Array.isArray(values)) return '';
  return values.map((v) => asString(field(v, 'value'))).join(' / ');
}

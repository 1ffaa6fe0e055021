import { ProductType } from '../enums/product-type.js';
import { currencyOfMoney, tryToMinorUnits } from '../money/minor-units.js';
import type { MoneyInput, ProductInput, VariantInput } from './types.js';
import { productTypeOf, variantsOf } from './types.js';

function hasMoneyValue(money: MoneyInput | null | undefined): money is MoneyInput {
  if (!money) return false;
  const value = money.value ?? money.decimalValue;
  return value != null && value !== '';
}

/** Minor units of a money object if it carries a readable value, else of the legacy cents field, else 0. */
function centsOf(money: MoneyInput | null | undefined, legacyCents: number | string | null | undefined): number {
  if (hasMoneyValue(money)) {
    const value = money.value ?? money.decimalValue;
    const cents = tryToMinorUnits(value as string | number, currencyOfMoney(money));
    if (cents !== undefined) return cents;
  }
  const cents = typeof legacyCents === 'string' && legacyCents.trim() !== '' ? Number(legacyCents) : legacyCents;
  return typeof cents === 'number' && Number.isFinite(cents) ? Math.round(cents) : 0;
}

/** Regular price of a variant in minor units (from `priceMoney`, falling back to `price`). */
export function variantPrice(variant: VariantInput): number {
  return centsOf(variant.priceMoney, variant.price);
}

/** Sale price of a variant in minor units (from `salePriceMoney`, falling back to `salePrice`). */
export function variantSalePrice(variant: VariantInput): number {
  return centsOf(variant.salePriceMoney, variant.salePrice);
}

/** What a buyer pays for a variant: the sale price when it is on sale, else the price. */
export function effectivePrice(variant: VariantInput): number {
  return variant.onSale === true ? variantSalePrice(variant) : variantPrice(variant);
}

/**
 * The price lines of a product: its variants, or for a digital product its own price,
 * sale price and sale flag (falling back to its variants when it has no own price).
 */
export function priceLines(item: ProductInput): readonly VariantInput[] {
  const content = item.structuredContent;
  if (productTypeOf(item) === ProductType.DIGITAL && content && hasMoneyValue(content.priceMoney)) {
    return [{ priceMoney: content.priceMoney, salePriceMoney: content.salePriceMoney, onSale: content.onSale }];
  }
  return variantsOf(item);
}

/** SPEC §4: on sale when any variant is on sale or, for a digital product, its own flag is set. */
export function isOnSale(item: ProductInput): boolean {
  if (productTypeOf(item) === ProductType.DIGITAL && item.structuredContent?.onSale === true) return true;
  return variantsOf(item).some((variant) => variant.onSale === true);
}

/** SPEC §4: variants differ in onSale, salePrice or price (the template then shows "from …"). */
export function hasVariedPrices(item: ProductInput): boolean {
  const variants = variantsOf(item);
  const [first, ...rest] = variants;
  if (!first) return false;
  const onSale = first.onSale === true;
  const price = variantPrice(first);
  const salePrice = variantSalePrice(first);
  return rest.some(
    (variant) =>
      (variant.onSale === true) !== onSale ||
      variantPrice(variant) !== price ||
      variantSalePrice(variant) !== salePrice,
  );
}

/** Lowest and highest effective price in minor units; `{ min: 0, max: 0 }` when there is no price. */
export function priceRange(item: ProductInput): { min: number; max: number } {
  const prices = priceLines(item).map(effectivePrice);
  if (prices.length === 0) return { min: 0, max: 0 };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

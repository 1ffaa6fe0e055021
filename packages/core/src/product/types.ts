import type { Money } from '../money/minor-units.js';

/** Units of a subscription billing period (SPEC §3). */
export type BillingPeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface BillingPeriod {
  value: number;
  unit: BillingPeriodUnit;
}

/** A subscription plan; `numBillingCycles` 0 means it renews indefinitely. */
export interface SubscriptionPlan {
  billingPeriod: BillingPeriod;
  numBillingCycles: number;
}

/** One purchasable variant of a product. `price` and `salePrice` are integer minor units. */
export interface Variant {
  id?: string;
  sku: string;
  price: number;
  salePrice: number;
  priceMoney: Money;
  salePriceMoney: Money;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  attributes: Record<string, string>;
  optionValues?: { optionName: string; value: string }[];
  mainImage?: unknown;
  /** Subscription pricing options of the variant, when the product sells as a subscription. */
  pricingOptions?: PricingOption[];
}

/** A subscription price of a variant: its own price, sale price and plan. */
export interface PricingOption {
  price: number | string;
  salePrice: number | string;
  priceMoney: Money;
  salePriceMoney: Money;
  onSale: boolean;
  percentageDiscount?: number;
  productSubscriptionOptionId?: string;
  subscriptionPlan: SubscriptionPlan & { planVersionId?: string };
}

export interface ProductStructuredContent {
  productType: number;
  variants: Variant[];
  variantOptionOrdering?: string[];
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan;
  /** A digital product's own price. */
  priceMoney?: Money;
  /** A digital product's own sale price. */
  salePriceMoney?: Money;
  /** A digital product's own sale flag. */
  onSale?: boolean;
  additionalFieldsFormId?: string | null;
  additionalFieldsForm?: unknown;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
}

/** A store item as the page JSON carries it (`item.structuredContent.variants`, …). */
export interface ProductItem {
  id: string;
  title: string;
  urlId?: string;
  fullUrl?: string;
  assetUrl?: string;
  structuredContent: ProductStructuredContent;
}

/** Commerce settings of a site that change how products behave. */
export interface StoreSettings {
  multipleQuantityAllowedForServices: boolean;
  restockNotificationsSuccessText?: string;
  restockHiddenByDefault?: boolean;
  scarcityShownByDefault?: boolean;
  restockMailingListOptIn?: boolean;
}

export const DEFAULT_STORE_SETTINGS: Readonly<StoreSettings> = Object.freeze({
  multipleQuantityAllowedForServices: true,
  restockHiddenByDefault: false,
  scarcityShownByDefault: false,
  restockMailingListOptIn: false,
});

/** Money as it appears in partial JSON: either shape, any field missing. */
export interface MoneyInput {
  value?: string | number | null;
  currency?: string | null;
  decimalValue?: string | number | null;
  currencyCode?: string | null;
}

/**
 * A variant as the rules accept it: every field optional, because stored and template JSON is
 * often partial (the conformance vectors carry variants with only `priceMoney`, or only `qtyInStock`).
 * A full {@link Variant} is assignable to it.
 */
export interface VariantInput {
  id?: string | null;
  sku?: string | null;
  /** Minor units; numeric text ("900") is read too. */
  price?: number | string | null;
  salePrice?: number | string | null;
  priceMoney?: MoneyInput | null;
  salePriceMoney?: MoneyInput | null;
  onSale?: boolean | null;
  unlimited?: boolean | null;
  qtyInStock?: number | null;
  attributes?: Record<string, string> | null;
  optionValues?: { optionName: string; value: string }[] | null;
  mainImage?: unknown;
  pricingOptions?: readonly PricingOptionInput[] | null;
}

/** A pricing option as the rules accept it (partial, like {@link VariantInput}). */
export interface PricingOptionInput extends Omit<VariantInput, 'pricingOptions'> {
  percentageDiscount?: number | null;
  productSubscriptionOptionId?: string | null;
  subscriptionPlan?: Partial<SubscriptionPlan> | null;
}

/** A product as the rules accept it; a full {@link ProductItem} is assignable to it. */
export interface ProductInput {
  id?: string;
  structuredContent?: {
    /** The code; numeric text ("2") is read too. */
    productType?: number | string | null;
    variants?: readonly VariantInput[] | null;
    variantOptionOrdering?: readonly string[] | null;
    /** true, or the text "true" as some stored JSON has it. */
    isSubscribable?: boolean | string | null;
    subscriptionPlan?: Partial<SubscriptionPlan> | null;
    priceMoney?: MoneyInput | null;
    salePriceMoney?: MoneyInput | null;
    onSale?: boolean | null;
    additionalFieldsFormId?: string | null;
    additionalFieldsForm?: unknown;
  } | null;
}

/** The variants of a product, an empty list when absent. */
export function variantsOf<V extends VariantInput = VariantInput>(item: {
  structuredContent?: { variants?: readonly V[] | null } | null;
}): readonly V[] {
  const variants = item.structuredContent?.variants;
  return Array.isArray(variants) ? variants : [];
}

/** The product type code of an item, undefined when missing. */
export function productTypeOf(item: ProductInput): number | undefined {
  const type = item.structuredContent?.productType;
  if (typeof type === 'number') return Number.isFinite(type) ? type : undefined;
  if (typeof type === 'string' && /^-?\d+$/.test(type.trim())) return Number(type);
  return undefined;
}

/** Reads a flag that stored JSON may hold as a boolean or as the text "true". */
export function isTrue(flag: unknown): boolean {
  return flag === true || flag === 'true';
}

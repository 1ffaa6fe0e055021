// A product as the editor's form holds it (text fields, money in major units) and the conversions
// to and from the owner API's shape (integer minor units, attributes per variant).
import {
  type BillingPeriodUnit,
  canBeSubscription,
  currencyDigits,
  EMPTY_ITEM_SEO,
  fromMinorUnits,
  type ItemSeo,
  itemSeoFrom,
  ProductType,
  tracksStock,
  tryToMinorUnits,
  validateItemSeo,
  variantOptions,
} from '@tessera/core';
import type { OwnerProduct } from '@tessera/core/contracts/products';

export interface OptionDraft {
  name: string;
  values: string[];
}

export interface VariantDraft {
  id?: string;
  attributes: Record<string, string>;
  sku: string;
  price: string;
  salePrice: string;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: string;
  weight: string;
  imageUrl: string;
}

export interface ProductDraft {
  title: string;
  urlId: string;
  excerpt: string;
  body: string;
  status: string;
  productType: number;
  images: { url: string; altText: string }[];
  options: OptionDraft[];
  variants: VariantDraft[];
  additionalFieldsFormId: string;
  isSubscribable: boolean;
  billingValue: string;
  billingUnit: BillingPeriodUnit;
  numBillingCycles: string;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  /** Gift card amounts in major units, comma separated. */
  denominations: string;
  seo: ItemSeo;
  /** When the URL slug changes: keep the old address working with a 301 (on unless the owner unticks it). */
  redirectOldUrl: boolean;
}

/** The product types an owner can create, with their names. */
export const PRODUCT_TYPES: readonly { code: number; label: string }[] = [
  { code: ProductType.PHYSICAL, label: 'Physical' },
  { code: ProductType.DIGITAL, label: 'Digital' },
  { code: ProductType.SERVICE, label: 'Service' },
  { code: ProductType.GIFT_CARD, label: 'Gift card' },
];

/** Whether a product type has options and variants (digital products and gift cards have one variant). */
export function hasOptions(productType: number): boolean {
  return productType !== ProductType.DIGITAL && productType !== ProductType.GIFT_CARD;
}

/** Most variants a product can have (the API's limit). */
export const MAX_VARIANTS = 250;

export function emptyVariant(attributes: Record<string, string> = {}): VariantDraft {
  return {
    attributes,
    sku: '',
    price: '',
    salePrice: '',
    onSale: false,
    unlimited: false,
    qtyInStock: '0',
    weight: '',
    imageUrl: '',
  };
}

export function emptyDraft(productType: number = ProductType.PHYSICAL): ProductDraft {
  return {
    title: '',
    urlId: '',
    excerpt: '',
    body: '',
    status: 'draft',
    productType,
    images: [],
    options: [],
    variants: [emptyVariant()],
    additionalFieldsFormId: '',
    isSubscribable: false,
    billingValue: '1',
    billingUnit: 'MONTH',
    numBillingCycles: '0',
    useCustomAddButtonText: false,
    customAddButtonText: '',
    denominations: '',
    seo: { ...EMPTY_ITEM_SEO },
    redirectOldUrl: true,
  };
}

/** The form's state for a stored product; options come from core's `variantOptions`. */
export function draftFromProduct(product: OwnerProduct, currency: string): ProductDraft {
  const content = product.structuredContent;
  const weights = content.variantWeights ?? {};
  const plan = content.subscriptionPlan;
  return {
    title: product.title,
    urlId: product.urlId,
    excerpt: product.excerpt,
    body: product.body,
    status: product.status,
    productType: content.productType,
    images: product.items.map((image) => ({ url: image.assetUrl, altText: image.altText ?? '' })),
    options: variantOptions(product),
    variants: content.variants.map((variant) => ({
      id: variant.id,
      attributes: { ...variant.attributes },
      sku: variant.sku,
      price: fromMinorUnits(variant.price, currency),
      salePrice: variant.salePrice ? fromMinorUnits(variant.salePrice, currency) : '',
      onSale: variant.onSale,
      unlimited: variant.unlimited,
      qtyInStock: String(variant.qtyInStock),
      weight: variant.id && weights[variant.id] !== undefined ? String(weights[variant.id]) : '',
      imageUrl: variant.mainImage?.assetUrl ?? '',
    })),
    additionalFieldsFormId: content.additionalFieldsFormId ?? '',
    isSubscribable: content.isSubscribable === true,
    billingValue: String(plan?.billingPeriod.value ?? 1),
    billingUnit: plan?.billingPeriod.unit ?? 'MONTH',
    numBillingCycles: String(plan?.numBillingCycles ?? 0),
    useCustomAddButtonText: content.useCustomAddButtonText === true,
    customAddButtonText: content.customAddButtonText ?? '',
    denominations: (content.denominations ?? []).map((cents) => fromMinorUnits(cents, currency)).join(', '),
    seo: itemSeoFrom(content.seo),
    redirectOldUrl: true,
  };
}

const keyOf = (options: readonly OptionDraft[], attributes: Record<string, string>) =>
  JSON.stringify(options.map((option) => attributes[option.name] ?? null));

/**
 * The variants for the options: one per combination of values, in option order. A variant whose
 * values still exist keeps its id, prices and stock; one that lost or gained an option carries over
 * to the first combination that agrees with it, so adding a colour to a sized product keeps the sizes'
 * stock. New combinations copy the first variant's prices.
 */
export function variantsForOptions(
  options: readonly OptionDraft[],
  previous: readonly VariantDraft[],
): VariantDraft[] | { error: string } {
  const used = options.filter((option) => option.name.trim() !== '' && option.values.length > 0);
  let combinations: Record<string, string>[] = [{}];
  for (const option of used) {
    combinations = combinations.flatMap((partial) =>
      option.values.map((value) => ({ ...partial, [option.name]: value })),
    );
    if (combinations.length > MAX_VARIANTS) {
      return { error: `These options make more than ${MAX_VARIANTS} variants, the most a product can have.` };
    }
  }
  const exact = new Map(previous.map((variant) => [keyOf(used, variant.attributes), variant]));
  const taken = new Set<VariantDraft>();
  const template = previous[0];
  return combinations.map((attributes) => {
    let match = exact.get(keyOf(used, attributes));
    if (match && Object.keys(match.attributes).length !== used.length) match = undefined;
    match ??= previous.find(
      (variant) =>
        !taken.has(variant) &&
        Object.entries(variant.attributes).every(
          ([name, value]) => attributes[name] === value || !(name in attributes),
        ),
    );
    if (match && !taken.has(match)) {
      taken.add(match);
      return { ...match, attributes };
    }
    return {
      ...emptyVariant(attributes),
      price: template?.price ?? '',
      salePrice: template?.salePrice ?? '',
      onSale: template?.onSale ?? false,
    };
  });
}

/** The request body of a product write, or the problems with the form, keyed like the server's field paths. */
export type DraftResult = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

function moneyHint(currency: string): string {
  return currencyDigits(currency) === 0 ? 'Enter a whole amount, such as 1250.' : 'Enter an amount such as 12.50.';
}

function wholeNumber(text: string): number | undefined {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

export function draftToInput(draft: ProductDraft, currency: string): DraftResult {
  const errors: Record<string, string> = {};
  const money = (text: string, path: string): number => {
    const cents = tryToMinorUnits(text, currency);
    if (cents === undefined || cents < 0 || text.trim() === '') {
      errors[path] = moneyHint(currency);
      return 0;
    }
    return cents;
  };
  if (!draft.title.trim()) errors.title = 'Give the product a title.';
  const stockApplies = tracksStock({ structuredContent: { productType: draft.productType } });
  const physical = draft.productType === ProductType.PHYSICAL;
  const options = hasOptions(draft.productType) ? draft.options.filter((option) => option.name.trim() !== '') : [];
  for (const [index, option] of options.entries()) {
    if (option.values.length === 0) errors[`options.${index}`] = `Give ${option.name} at least one value.`;
  }
  if (new Set(options.map((o) => o.name.trim())).size !== options.length) {
    errors.variantOptionOrdering = 'Each option may appear once.';
  }
  const giftCard = draft.productType === ProductType.GIFT_CARD;
  let denominations: number[] | undefined;
  if (giftCard) {
    const parts = draft.denominations
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    denominations = parts.map((part) => money(part, 'denominations'));
    if (parts.length === 0) errors.denominations = 'A gift card needs at least one amount.';
  }
  // Digital products and gift cards have one variant and no options; a gift card sells its amounts,
  // so its variant is priced at the first amount.
  const single = !hasOptions(draft.productType);
  const first = draft.variants[0] ?? emptyVariant();
  const sold = single
    ? [giftCard ? { ...first, attributes: {}, price: '0', onSale: false } : { ...first, attributes: {} }]
    : draft.variants;
  const variants = sold.map((variant, index) => {
    const path = `variants.${index}`;
    const price = money(variant.price, `${path}.price`);
    const salePrice = variant.onSale ? money(variant.salePrice, `${path}.salePrice`) : 0;
    if (variant.onSale && !errors[`${path}.salePrice`] && salePrice >= price) {
      errors[`${path}.salePrice`] = 'A sale price must be lower than the price.';
    }
    const qty = wholeNumber(variant.qtyInStock);
    if (stockApplies && !variant.unlimited && qty === undefined) {
      errors[`${path}.qtyInStock`] = 'Give the stock as a whole number.';
    }
    const weight = variant.weight.trim() === '' ? undefined : wholeNumber(variant.weight);
    if (physical && variant.weight.trim() !== '' && weight === undefined) {
      errors[`${path}.weight`] = 'Give the weight in whole grams.';
    }
    return {
      ...(variant.id ? { id: variant.id } : {}),
      ...(variant.sku.trim() ? { sku: variant.sku.trim() } : {}),
      attributes: variant.attributes,
      price,
      salePrice,
      onSale: variant.onSale,
      unlimited: stockApplies ? variant.unlimited : true,
      qtyInStock: qty ?? 0,
      ...(variant.imageUrl ? { imageUrl: variant.imageUrl } : {}),
      ...(physical && weight !== undefined ? { weight } : {}),
    };
  });
  const subscribable = draft.isSubscribable && canBeSubscription(draft.productType);
  let subscriptionPlan: Record<string, unknown> | null = null;
  if (subscribable) {
    const value = wholeNumber(draft.billingValue);
    const cycles = wholeNumber(draft.numBillingCycles);
    if (!value || value > 52) errors['subscriptionPlan.billingPeriod.value'] = 'Bill every 1 to 52 periods.';
    if (cycles === undefined)
      errors['subscriptionPlan.numBillingCycles'] = 'Give a whole number (0 renews until cancelled).';
    subscriptionPlan = { billingPeriod: { value: value ?? 1, unit: draft.billingUnit }, numBillingCycles: cycles ?? 0 };
  }
  if (draft.useCustomAddButtonText && !draft.customAddButtonText.trim()) {
    errors.customAddButtonText = 'Give the button text, or turn custom text off.';
  }
  const seo = validateItemSeo(draft.seo);
  if (!seo.ok) for (const [field, message] of Object.entries(seo.errors)) errors[`seo.${field}`] = message;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (giftCard && variants[0] && denominations?.[0] !== undefined) variants[0].price = denominations[0];
  const body: Record<string, unknown> = {
    title: draft.title.trim(),
    excerpt: draft.excerpt,
    body: draft.body,
    status: draft.status,
    productType: draft.productType,
    variantOptionOrdering: single ? [] : options.map((option) => option.name.trim()),
    variants,
    images: draft.images.map((image) => ({ url: image.url, altText: image.altText })),
    additionalFieldsFormId: draft.additionalFieldsFormId || null,
    isSubscribable: subscribable,
    subscriptionPlan,
    useCustomAddButtonText: draft.useCustomAddButtonText,
    customAddButtonText: draft.customAddButtonText.trim(),
    redirectOldUrl: draft.redirectOldUrl,
  };
  if (seo.ok) body.seo = seo.value;
  if (draft.urlId.trim()) body.urlId = draft.urlId.trim();
  if (denominations) body.denominations = denominations;
  return { ok: true, body };
}

/**
 * The server's field messages: its `fields` map when given, else read from its message
 * ("variants.0.price: Send money as whole cents."); anything without a field under `_`.
 */
export function fieldErrorsOf(body: Record<string, unknown>, message: string): Record<string, string> {
  const fields = body.fields;
  if (fields && typeof fields === 'object' && Object.keys(fields).length > 0) {
    return { ...(fields as Record<string, string>) };
  }
  const match = /^([A-Za-z][\w]*(?:\.[\w]+)*): (.+)$/s.exec(message);
  return match ? { [match[1] as string]: match[2] as string } : { _: message };
}

/**
 * The product's new image list, and its variants with any own image that is no longer among the
 * product's images put back to none (a variant's image is one of the product's images).
 */
export function withImages(draft: ProductDraft, images: ProductDraft['images']): ProductDraft {
  const urls = new Set(images.map((image) => image.url));
  return {
    ...draft,
    images,
    variants: draft.variants.map((v) => (v.imageUrl && !urls.has(v.imageUrl) ? { ...v, imageUrl: '' } : v)),
  };
}

/** A product image as a choice for a variant: its address and its file name (or its alt text too). */
export function variantImageChoices(images: ProductDraft['images']): { url: string; label: string }[] {
  return images.map((image, index) => {
    const name = decodeURIComponent(image.url.split('/').pop() ?? image.url);
    const label = `${index + 1}. ${name}${image.altText.trim() ? ` (${image.altText.trim()})` : ''}`;
    return { url: image.url, label };
  });
}

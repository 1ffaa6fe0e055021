import { isSoldOut, type ProductItem, srcset, tracksStock, variantsOf } from '@tessera/core';
import { initialsOf, toneOf } from './placeholder.js';

/** Fewest units in stock at which a variant shows "Only N left" (when the store has no setting). */
const DEFAULT_SCARCITY_THRESHOLD = 5;

export const RESTOCK_MESSAGES = Object.freeze({
  CTAText: 'Get notified by email when this product is back in stock.',
  buttonText: 'Notify me',
  placeholderText: 'Email address',
  mailingListDescription: 'Also send me news and offers',
});

export const SCARCITY_TEXT = 'Only {qtyInStock} left in stock';

/** How wide a product page shows its pictures: the whole phone, half the page on wider screens. */
export const PRODUCT_IMAGE_SIZES = '(max-width: 432px) 100vw, 50vw';

interface ImageView {
  assetUrl: string;
  altText: string;
  width?: number;
  height?: number;
  /** SPEC §9 widths up to the original (`?format=500w 500w, …`), when the size is known. */
  srcset?: string;
  sizes?: string;
  /** The gallery's first picture: fetched first (`fetchpriority="high"`, preloaded), the rest lazily. */
  first?: boolean;
}

/**
 * The item JSON a theme template sees: the product as the content service returns it, plus
 * what templates cannot derive themselves: `fullUrl`, `images` (gallery), `variantImages`
 * (`{ sku, assetUrl }` for `data-variant-image`), `assetUrl` (card image) and the placeholder
 * `initials` / `tone` for products without pictures.
 */
export function productView(item: ProductItem, collectionUrl: string): Record<string, unknown> {
  const raw = item as ProductItem & Record<string, unknown>;
  const title = typeof item.title === 'string' ? item.title : '';
  const images = galleryImages(raw, title);
  const variantImages: (ImageView & { sku: string })[] = [];
  for (const variant of variantsOf(item)) {
    const image = imageOf(variant.mainImage, title);
    if (image && variant.sku) variantImages.push({ sku: variant.sku, ...image });
  }
  return {
    ...raw,
    fullUrl:
      typeof raw.fullUrl === 'string' && raw.fullUrl ? raw.fullUrl : `${collectionUrl}/p/${item.urlId ?? item.id}`,
    assetUrl: typeof raw.assetUrl === 'string' && raw.assetUrl ? raw.assetUrl : images[0]?.assetUrl,
    cardImage: images[0] ?? null,
    images,
    variantImages,
    initials: initialsOf(title),
    tone: toneOf(String(item.id)),
  };
}

/**
 * `productMerchandisingContext[item.id]`, read by the restock and scarcity formatters: one restock
 * view per sold-out variant and one scarcity view per variant running low.
 */
export function merchandisingContext(
  item: ProductItem,
  storeSettings: Record<string, unknown>,
): Record<string, unknown> {
  const variants = variantsOf(item);
  const soldOut = isSoldOut(item);
  const hiddenByDefault = storeSettings.restockHiddenByDefault === true || storeSettings.hiddenByDefault === true;
  // Core's one stock rule: digital goods and gift cards never run out.
  const stockApplies = tracksStock(item);
  const restockNotificationViews = stockApplies
    ? variants.filter((variant) => !variant.unlimited && (variant.qtyInStock ?? 0) <= 0)
    : [];
  const threshold =
    typeof storeSettings.scarcityThreshold === 'number' ? storeSettings.scarcityThreshold : DEFAULT_SCARCITY_THRESHOLD;
  const optIn = storeSettings.restockMailingListOptIn;
  return {
    restockNotificationViews: restockNotificationViews.map((variant, index) => ({
      variantId: variant.id ?? variant.sku,
      sku: variant.sku,
      // Without JavaScript a fully sold-out product shows one sign-up form; otherwise the
      // restock island reveals the form of the variant the visitor picks.
      hiddenByDefault: hiddenByDefault || !soldOut || index > 0,
    })),
    restockNotificationMessages: RESTOCK_MESSAGES,
    mailingListSignUpEnabled: typeof optIn === 'boolean',
    mailingListOptInByDefault: optIn === true,
    scarcityEnabled: storeSettings.scarcityEnabled !== false,
    scarcityText: typeof storeSettings.scarcityText === 'string' ? storeSettings.scarcityText : SCARCITY_TEXT,
    scarcityShownByDefault: storeSettings.scarcityShownByDefault === true,
    scarcityTemplateViews: (stockApplies ? variants : [])
      .filter((variant) => !variant.unlimited && variant.qtyInStock > 0 && variant.qtyInStock <= threshold)
      .map((variant) => ({ qtyInStock: variant.qtyInStock, attributes: variant.attributes ?? {} })),
  };
}

function galleryImages(item: Record<string, unknown>, title: string): ImageView[] {
  const images: ImageView[] = [];
  if (Array.isArray(item.items)) {
    for (const entry of item.items) {
      const image = imageOf(entry, title);
      if (image) images.push(image);
    }
  }
  if (images.length === 0) {
    const main = imageOf(item.assetUrl, title);
    if (main) images.push(main);
  }
  if (images[0]) images[0] = { ...images[0], first: true };
  return images;
}

function imageOf(value: unknown, title: string): ImageView | undefined {
  if (typeof value === 'string') return value ? { assetUrl: value, altText: title } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  const image = value as Record<string, unknown>;
  const assetUrl = image.assetUrl ?? image.url;
  if (typeof assetUrl !== 'string' || !assetUrl) return undefined;
  const altText = [image.altText, image.alt, image.title].find((text) => typeof text === 'string' && text) as
    | string
    | undefined;
  const view: ImageView = { assetUrl, altText: altText ?? title };
  const size = typeof image.originalSize === 'string' ? /^(\d+)x(\d+)$/.exec(image.originalSize) : null;
  if (size) {
    view.width = Number(size[1]);
    view.height = Number(size[2]);
    view.srcset = srcset(assetUrl, view.width);
    view.sizes = PRODUCT_IMAGE_SIZES;
  }
  return view;
}

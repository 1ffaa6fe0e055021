import { PageType } from '@tessera/core';
import { absoluteUrl } from './base-url.js';
import {
  type ProductRatings,
  productRatings,
  type BlogPosting,
  breadcrumbs,
  type Event,
  type GraphNode,
  jsonLdScript,
  type Offer,
  organization,
  type Product,
  webSite,
} from './json-ld.js';
import type { HeadSeo } from './item-seo-head.js';
import { iconVersion } from './site-icon.js';
import { languageUrl } from './sitemap.js';

/** Pages search engines should not index: cart, search results, lock and error screens. */
const NOINDEX_PAGE_TYPES: ReadonlySet<number> = new Set([
  PageType.NOT_FOUND,
  PageType.ERROR,
  PageType.SEARCH,
  PageType.LOCK_SCREEN,
  PageType.PROTECTED_CONTENT,
  PageType.MEMBER_AREA_ACCESS_DENIED,
  PageType.SHOW_CART,
  PageType.CHECKOUT,
  PageType.ORDER_CONFIRMED,
]);

export interface HeadInput {
  readonly baseUrl: string;
  readonly site: {
    readonly title: string;
    readonly description: string;
    readonly locale: string;
    readonly logoUrl?: string;
    /** The owner's site icon (`/files/…`); the theme's SVG mark when absent. */
    readonly iconUrl?: string;
    /** Enabled languages, the default first; absent or one: the site is not multilingual. */
    readonly languages?: { readonly defaultLanguage: string; readonly codes: readonly string[] };
  };
  readonly page: {
    readonly pageType: number;
    readonly path: string;
    readonly title?: string;
    readonly description?: string;
    readonly lang?: string;
    /** 'products', 'blog', 'events' or 'page': the kind of the collection the page belongs to. */
    readonly collectionKind?: string;
    readonly collection?: { readonly title?: string; readonly fullUrl?: string };
    /** The item on a product, post or event page, in template shape. */
    readonly item?: Record<string, unknown>;
    readonly currency: string;
    /** The owner's SEO fields (page settings, or an item's `seo`): they win over the page's own title, text and image. */
    readonly seo?: HeadSeo;
    /** A product's approved reviews: `aggregateRating` and `review` in its JSON-LD. */
    readonly reviews?: ProductRatings;
  };
}

export interface MetaTag {
  readonly property?: string;
  readonly name?: string;
  readonly content: string;
}

export interface HeadTags {
  /** The whole `<title>` when the owner gave the page an SEO title. */
  readonly documentTitle?: string;
  /** Plain text for `<meta name="description">`. */
  readonly description: string;
  /** `?v=` of the owner's site icon files; absent: the theme's SVG icon. */
  readonly iconVersion?: string;
  readonly canonical: string;
  readonly alternates: readonly { hreflang: string; href: string }[];
  readonly meta: readonly MetaTag[];
  readonly robots: string;
  /** Escaped JSON for `<script type="application/ld+json">`. */
  readonly jsonLd: string;
}

interface Image {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** Text of owner HTML, for descriptions: tags dropped, common entities read, spaces collapsed. */
export function plainText(html: string, max = 300): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function firstImage(item: Record<string, unknown> | undefined): Image | undefined {
  const images = item?.items;
  const first = Array.isArray(images) ? (images[0] as Record<string, unknown> | undefined) : undefined;
  const url =
    typeof first?.assetUrl === 'string' ? first.assetUrl : typeof item?.assetUrl === 'string' ? item.assetUrl : '';
  if (!url) return undefined;
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(String(first?.originalSize ?? ''));
  return {
    url,
    ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}),
    ...(typeof first?.altText === 'string' && first.altText ? { alt: first.altText } : {}),
  };
}

function iso(value: unknown): string | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** One offer per variant (digital products: one for the product): price, currency, availability, SKU. */
export function productOffers(item: Record<string, unknown>, currency: string, url: string): Offer[] {
  const content = (item.structuredContent ?? {}) as Record<string, unknown>;
  const variants = Array.isArray(content.variants) ? (content.variants as Record<string, unknown>[]) : [];
  const money = (value: unknown): { price: string; currency: string } | undefined => {
    const m = value as { value?: unknown; currency?: unknown } | undefined;
    if (!m || (typeof m.value !== 'string' && typeof m.value !== 'number')) return undefined;
    return { price: String(m.value), currency: typeof m.currency === 'string' ? m.currency : currency };
  };
  if (variants.length === 0) {
    const own = money(content.onSale ? content.salePriceMoney : content.priceMoney);
    return own
      ? [
          {
            '@type': 'Offer',
            price: own.price,
            priceCurrency: own.currency,
            availability: 'https://schema.org/InStock',
            url,
          },
        ]
      : [];
  }
  const offers: Offer[] = [];
  for (const variant of variants) {
    const price = money(variant.onSale ? variant.salePriceMoney : variant.priceMoney);
    if (!price) continue;
    const inStock = variant.unlimited === true || Number(variant.qtyInStock) > 0;
    const attributes = variant.attributes as Record<string, string> | undefined;
    const name = attributes ? Object.values(attributes).join(' / ') : '';
    offers.push({
      '@type': 'Offer',
      price: price.price,
      priceCurrency: price.currency,
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      ...(typeof variant.sku === 'string' && variant.sku ? { sku: variant.sku } : {}),
      ...(name ? { name } : {}),
      url,
    });
  }
  return offers;
}

/**
 * Everything a page's `<head>` says to search engines and link previews: canonical URL, absolute
 * hreflang alternates plus x-default, robots, Open Graph and Twitter card tags, and JSON-LD
 * (Organization, WebSite with SearchAction, plus Product, BlogPosting or Event and a BreadcrumbList).
 * Every URL is absolute on `baseUrl`, the site's configured public address.
 */
export function headTags(input: HeadInput): HeadTags {
  const { baseUrl, site, page } = input;
  const languages = site.languages && site.languages.codes.length > 1 ? site.languages : undefined;
  const langPath = languages && page.lang ? languageUrl(page.path, page.lang, languages.defaultLanguage) : page.path;
  const canonical = absoluteUrl(baseUrl, langPath);
  const alternates = languages
    ? [
        ...languages.codes.map((code) => ({
          hreflang: code,
          href: absoluteUrl(baseUrl, languageUrl(page.path, code, languages.defaultLanguage)),
        })),
        { hreflang: 'x-default', href: absoluteUrl(baseUrl, page.path) },
      ]
    : [];
  const item = page.item;
  const seoTitle = page.seo?.title?.trim() || undefined;
  const description = plainText(page.seo?.description?.trim() || page.description || site.description || '');
  const shareTitle = seoTitle ?? (page.title || site.title);
  const noindex = NOINDEX_PAGE_TYPES.has(page.pageType) || page.seo?.noindex === true;
  const isProduct = page.collectionKind === 'products' && page.pageType === PageType.CONTENT_ITEM && item !== undefined;
  const isPost = page.collectionKind === 'blog' && page.pageType === PageType.CONTENT_ITEM && item !== undefined;
  const isEvent = page.collectionKind === 'events' && page.pageType === PageType.CONTENT_ITEM && item !== undefined;
  const image: Image | undefined =
    page.seo?.image ?? firstImage(item) ?? (site.logoUrl ? { url: site.logoUrl } : undefined);
  const imageUrl = image ? absoluteUrl(baseUrl, image.url) : undefined;

  const meta: MetaTag[] = [
    { property: 'og:site_name', content: site.title },
    { property: 'og:title', content: shareTitle },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: isProduct ? 'product' : isPost ? 'article' : 'website' },
    { property: 'og:locale', content: (page.lang ?? site.locale).replace('-', '_') },
  ];
  if (description) meta.push({ property: 'og:description', content: description });
  if (image && imageUrl) {
    meta.push({ property: 'og:image', content: imageUrl });
    if (image.width && image.height) {
      meta.push({ property: 'og:image:width', content: String(image.width) });
      meta.push({ property: 'og:image:height', content: String(image.height) });
    }
    if (image.alt) meta.push({ property: 'og:image:alt', content: image.alt });
  }
  const offers = isProduct && item ? productOffers(item, page.currency, canonical) : [];
  if (isProduct && offers[0]) {
    meta.push({ property: 'product:price:amount', content: offers[0].price });
    meta.push({ property: 'product:price:currency', content: offers[0].priceCurrency });
    const available = offers.some((offer) => offer.availability === 'https://schema.org/InStock');
    meta.push({ property: 'product:availability', content: available ? 'in stock' : 'out of stock' });
  }
  if (isPost && item) {
    const published = iso(item.publishOn);
    const modified = iso(item.updatedOn);
    if (published) meta.push({ property: 'article:published_time', content: published });
    if (modified) meta.push({ property: 'article:modified_time', content: modified });
  }
  meta.push({ name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' });
  meta.push({ name: 'twitter:title', content: shareTitle });
  if (description) meta.push({ name: 'twitter:description', content: description });
  if (imageUrl) meta.push({ name: 'twitter:image', content: imageUrl });
  if (image?.alt) meta.push({ name: 'twitter:image:alt', content: image.alt });

  const graph: GraphNode[] = [
    organization({ baseUrl, name: site.title, logo: site.logoUrl ? absoluteUrl(baseUrl, site.logoUrl) : undefined }),
    webSite({ baseUrl, name: site.title, language: site.locale, description: site.description || undefined }),
  ];
  const images = imageUrl ? [imageUrl] : undefined;
  if (isProduct && item) {
    const product: Product = {
      '@type': 'Product',
      name: String(item.title ?? page.title ?? ''),
      url: canonical,
      ...(description ? { description } : {}),
      ...(images ? { image: images } : {}),
      ...(offers[0]?.sku ? { sku: offers[0].sku } : {}),
      offers,
      ...productRatings(page.reviews),
    };
    graph.push(product);
  } else if (isPost && item) {
    const author = (item.author as { displayName?: unknown } | undefined)?.displayName;
    const post: BlogPosting = {
      '@type': 'BlogPosting',
      headline: String(item.title ?? page.title ?? ''),
      url: canonical,
      mainEntityOfPage: canonical,
      datePublished: iso(item.publishOn) ?? new Date(0).toISOString(),
      ...(iso(item.updatedOn) ? { dateModified: iso(item.updatedOn) } : {}),
      ...(typeof author === 'string' && author ? { author: { '@type': 'Person', name: author } } : {}),
      ...(description ? { description } : {}),
      ...(images ? { image: images } : {}),
      publisher: { '@id': `${baseUrl}/#organization` },
    };
    graph.push(post);
  } else if (isEvent && item) {
    const location = (item.location ?? {}) as Record<string, unknown>;
    const address = ['addressLine1', 'addressLine2', 'addressCountry']
      .map((key) => location[key])
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join(', ');
    const event: Event = {
      '@type': 'Event',
      name: String(item.title ?? page.title ?? ''),
      url: canonical,
      startDate: iso(item.startDate) ?? iso(item.publishOn) ?? new Date(0).toISOString(),
      ...(iso(item.endDate) ? { endDate: iso(item.endDate) } : {}),
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      ...(typeof location.name === 'string' || address
        ? {
            location: {
              '@type': 'Place',
              ...(typeof location.name === 'string' && location.name ? { name: location.name } : {}),
              ...(address ? { address } : {}),
            },
          }
        : {}),
      ...(description ? { description } : {}),
      ...(images ? { image: images } : {}),
      organizer: { '@id': `${baseUrl}/#organization` },
    };
    graph.push(event);
  }
  if (page.path !== '/' && !noindex) {
    const trail = [{ name: site.title, url: `${baseUrl}/` }];
    const collectionUrl = page.collection?.fullUrl;
    if (page.pageType === PageType.CONTENT_ITEM && collectionUrl && page.collection?.title) {
      trail.push({ name: page.collection.title, url: absoluteUrl(baseUrl, collectionUrl) });
    }
    trail.push({ name: page.title || site.title, url: canonical });
    graph.push(breadcrumbs(trail));
  }

  return {
    ...(seoTitle ? { documentTitle: seoTitle } : {}),
    ...(site.iconUrl ? { iconVersion: iconVersion(site.iconUrl) } : {}),
    description,
    canonical,
    alternates,
    meta,
    robots: noindex ? 'noindex' : '',
    jsonLd: jsonLdScript(graph),
  };
}

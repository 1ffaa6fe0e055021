import type { ProductItem } from '@tessera/core';

/**
 * What page rendering needs from the server's services, as agreed in the shared contract
 * (`domains/content/content-service.ts`, `domains/cart/cart-service.ts`). Results may be plain values
 * or promises. Shapes are read defensively: pages must never fail on a missing field.
 */
export interface PageContentSource {
  getSiteForHost(host: string): Awaitable<SiteRecord | undefined>;
  getNavigation(siteId: string): Awaitable<unknown>;
  getCollectionBySlug(siteId: string, slug: string): Awaitable<CollectionRecord | undefined>;
  listProducts(siteId: string, collectionId: string): Awaitable<ProductItem[]>;
  getProductBySlug(siteId: string, collectionId: string, urlId: string): Awaitable<ProductItem | undefined>;
  getStoreSettings(siteId: string): Awaitable<Record<string, unknown> | undefined>;
  /** The navigation tree with folders (`domains/content/site-content.ts`); optional for simple sources. */
  getNavigationTree?(siteId: string): Awaitable<unknown>;
  /** When whole-page answers must be forgotten (`domains/content/content-service.ts`); none are kept without. */
  readonly freshness?: {
    readonly generation: number;
    answerLifetime(upTo: number): number;
    nextChange(siteId: string): Promise<number>;
  };
}

export interface PageCartSource {
  getCartByToken(siteId: string, token: string): Awaitable<CartRecord | undefined>;
}

type Awaitable<T> = T | Promise<T>;

export interface SiteRecord {
  id: string;
  title?: string;
  siteTitle?: string;
  locale?: string;
  language?: string;
  currency?: string;
  timeZone?: string;
  baseUrl?: string;
  settings?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CollectionRecord {
  id: string;
  slug?: string;
  urlId?: string;
  title?: string;
  type?: number;
  description?: string;
  fullUrl?: string;
  [key: string]: unknown;
}

export interface CartEntryRecord {
  id: string;
  itemId?: string;
  chosenVariant?: { sku?: string; attributes?: Record<string, string> };
  quantity: number;
  title?: string;
  subTotalCents?: number;
  url?: string;
  imageUrl?: string | null;
  [key: string]: unknown;
}

export interface CartRecord {
  id?: string;
  currency?: string;
  entries: CartEntryRecord[];
  subtotalCents?: number;
  totalQuantity?: number;
  [key: string]: unknown;
}

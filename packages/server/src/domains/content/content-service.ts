import { DEFAULT_STORE_SETTINGS, type StoreSettings } from '@tessera/core';
import type { Kysely } from 'kysely';
import type { CollectionRow, Database, ItemRow, SiteRow } from '../../platform/db/schema.js';
import { parseJson, type ProductItemJson } from './product-json.js';
import { productsWithVariants, VISITOR_PRODUCT_STATUSES } from './product-repository.js';
import { sanitizeOwnerHtml } from '../../platform/html/sanitize-owner-html.js';
import { isPublic } from '@tessera/core/site';
import { createSiteContent, type SiteContent } from './site-content.js';
import type { InvalidationBus } from '../../platform/cluster/invalidation-bus.js';
import { parseSiteSettings } from '../settings/index.js';
import { ContentCache, type ContentCacheStats, READS } from './content-cache.js';
import { SiteNotFoundError } from '../../platform/errors/site-not-found.js';

export { SiteNotFoundError } from '../../platform/errors/site-not-found.js';

export type { ImageAsset, ProductItemJson } from './product-json.js';
export type * from '@tessera/core/site';
export type { SiteContent } from './site-content.js';

export interface WebsiteSettings {
  siteDescription?: string;
  useCLDRMoneyFormat?: boolean;
  commentsEnabled?: boolean;
  disqusShortname?: string;
  simpleLikingEnabled?: boolean;
  shareButtonOptions?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Core's store settings plus whatever else the site stores beside them. */
export type SiteStoreSettings = StoreSettings & { [key: string]: unknown };

export type Site = {
  id: string;
  host: string | null;
  /** The address mailed links start with, when an owner set one (`platform/http/public-url.ts`). */
  publicUrl: string | null;
  title: string;
  locale: string;
  currency: string;
  timeZone: string;
  websiteSettings: WebsiteSettings;
  storeSettings: SiteStoreSettings;
  /** The live theme version (theme editor, `domains/site-themes/`); null: the default theme. */
  themeVersion?: string | null;
};

export type Collection = {
  id: string;
  siteId: string;
  slug: string;
  title: string;
  /** SPEC §3 collection type code (13 products, 10 page, …). */
  type: number;
  /** HTML. */
  description: string;
  fullUrl: string;
  navVisible: boolean;
  /** Visitors may see it: published, or scheduled with its date passed (Draft, Needs Review and Private may not). */
  isPublic: boolean;
  settings: Record<string, unknown>;
};

export interface NavigationLink {
  id: string;
  title: string;
  slug: string;
  url: string;
  type: number;
}

/** Pages, items (blog posts, events), terms and the navigation tree come from `SiteContent` (site-content.ts). */
export interface ContentService extends SiteContent {
  /** The site for a host name; the default install answers every host with its one site. */
  getSiteForHost(host: string): Promise<Site>;
  getSite(siteId: string): Promise<Site | undefined>;
  /** Collections shown in the main navigation, in order. */
  getNavigation(siteId: string): Promise<NavigationLink[]>;
  getCollectionBySlug(siteId: string, slug: string): Promise<Collection | undefined>;
  /** Whether the collection at `slug` is members-only (the members gate asks it on every page GET). */
  isMembersOnly(siteId: string, slug: string): Promise<boolean>;
  /**
   * Another area's lookup kept with the site's content: forgotten with it at every write to a
   * content table, on this node and (through the cluster bus) on the others. `load` must read only
   * what such writes change (the answer is frozen and shared). With `reads` (every table `load`
   * reads), only a write to one of those forgets it.
   */
  remember<T>(siteId: string, name: string, load: () => Promise<T>, reads?: ReadonlySet<string>): Promise<T>;
  /** Products of a collection visitors may see (no drafts), in display order, in template JSON shape. */
  listProducts(siteId: string, collectionId: string): Promise<ProductItemJson[]>;
  getProductBySlug(siteId: string, collectionId: string, urlId: string): Promise<ProductItemJson | undefined>;
  getProductById(siteId: string, itemId: string): Promise<ProductItemJson | undefined>;
  getStoreSettings(siteId: string): Promise<SiteStoreSettings>;
  /** Forgets cached site lookups (after an edit): of one site, or of all. */
  invalidate(siteId?: string): void;
  /** When whole-page answers built from these lookups must be forgotten (issue 20, `content-cache.ts`). */
  readonly freshness: ContentFreshness;
  /** Cached lookups answered from the cache and loaded, so far (`/metrics`). */
  cacheStats(): ContentCacheStats;
}

/**
 * `ContentService.remember` as another area takes it: its lookup kept with the site's content until a
 * write to one of `reads`, on this node and (cluster bus) the others.
 */
export type RememberLookup = <T>(
  siteId: string,
  name: string,
  load: () => Promise<T>,
  reads: ReadonlySet<string>,
) => Promise<T>;

/** The content cache's signals for a cache of whole pages (`domains/web/page-answers.ts`). */
export interface ContentFreshness {
  /** Moves on whenever anything a page shows may have changed, on this node or another. */
  readonly generation: number;
  /** How long an answer may be trusted, at most `upTo` ms (shorter while writes may go unheard). */
  answerLifetime(upTo: number): number;
  /** When the site's public content next changes by the clock alone (ms since the epoch). */
  nextChange(siteId: string): Promise<number>;
}

/** A Host header naming no site, while some site answers on a host of its own: 404, never a guess. */
export class UnknownHostError extends SiteNotFoundError {
  constructor() {
    super();
    this.message = 'This server has no site at this address.';
    this.name = 'UnknownHostError';
  }
}

export function siteFromRow(row: SiteRow): Site {
  const settings = parseSiteSettings(row.settings) as { website?: WebsiteSettings; store?: Partial<StoreSettings> };
  return {
    id: row.id,
    host: row.host,
    publicUrl: row.public_url ?? null,
    title: row.title,
    locale: row.locale,
    currency: row.currency,
    timeZone: row.time_zone,
    websiteSettings: { ...settings.website },
    storeSettings: { ...DEFAULT_STORE_SETTINGS, ...settings.store },
    themeVersion: row.theme_version ?? null,
  };
}

function collectionFromRow(row: CollectionRow): Collection {
  return {
    id: row.id,
    siteId: row.site_id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    description: sanitizeOwnerHtml(row.description),
    fullUrl: `/${row.slug}`,
    navVisible: row.nav_visible === 1,
    isPublic: isPublic(row.status, row.publish_at),
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
  };
}

/** Every page repeats these lookups; `content-cache.ts` says when a cached answer is forgotten. */
export function createContentService(db: Kysely<Database>, options: { bus?: InvalidationBus } = {}): ContentService {
  const cache = new ContentCache(db, { bus: options.bus });

  function getSiteForHost(host: string): Promise<Site> {
    const name = host.replace(/:\d+$/, '').toLowerCase();
    const found = cache.host(name, async (): Promise<Site | null> => {
      const named = await db.selectFrom('sites').selectAll().where('host', '=', name).executeTakeFirst();
      if (named) return siteFromRow(named);
      // The first site answers every host only while no site has a host of its own (the demo, a
      // single-site install); then an unknown Host is answered 404 (cached too, so a flood of
      // made-up names costs no queries), and no mail link can ever be built from it.
      const anyHost = await db.selectFrom('sites').select('id').where('host', 'is not', null).executeTakeFirst();
      if (anyHost) return null;
      const row = await db
        .selectFrom('sites')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw new SiteNotFoundError();
      return siteFromRow(row);
    });
    return found.then((site) => {
      if (!site) throw new UnknownHostError();
      return site;
    });
  }

  function getSite(siteId: string): Promise<Site | undefined> {
    return cache.get(
      siteId,
      'site',
      async () => {
        const row = await db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
        return row ? siteFromRow(row) : undefined;
      },
      READS.sites,
    );
  }

  async function navigation(siteId: string): Promise<NavigationLink[]> {
    const rows = await db
      .selectFrom('collections')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('nav_visible', '=', 1)
      .where('parent_id', 'is', null)
      .where('status', '=', 'published')
      .orderBy('position')
      .execute();
    // Top level only: pages inside folders appear in `getNavigationTree`.
    return rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, url: `/${row.slug}`, type: row.type }));
  }

  async function collectionBySlug(siteId: string, slug: string): Promise<Collection | undefined> {
    const row = await db
      .selectFrom('collections')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row ? collectionFromRow(row) : undefined;
  }

  /** The site's items visitors may see now (public status, publish date come). */
  const visibleProducts = (siteId: string) =>
    db
      .selectFrom('items')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('status', 'in', VISITOR_PRODUCT_STATUSES)
      .where('published_at', '<=', new Date().toISOString());

  async function productsJson(siteId: string, rows: ItemRow[]): Promise<ProductItemJson[]> {
    if (rows.length === 0) return [];
    const site = await getSite(siteId);
    const currency = site?.currency ?? 'USD';
    let slugs = await collectionSlugs(siteId);
    // A collection newer than the kept list (made while it was read): read them again.
    if (rows.some((r) => slugs[r.collection_id] === undefined)) slugs = await readCollectionSlugs(siteId);
    return productsWithVariants(db, rows, currency, (row) => slugs[row.collection_id] ?? '');
  }

  /** The site's collection slugs by id; a product's URL needs its collection's (issue 20: kept, not read per product view). */
  async function readCollectionSlugs(siteId: string): Promise<Record<string, string>> {
    const collections = await db
      .selectFrom('collections')
      .select(['id', 'slug'])
      .where('site_id', '=', siteId)
      .execute();
    return Object.fromEntries(collections.map((c) => [c.id, c.slug]));
  }
  const collectionSlugs = (siteId: string) =>
    cache.get(siteId, 'collection-slugs', () => readCollectionSlugs(siteId), READS.collections);

  const siteContent = createSiteContent(db);
  /** Rows that writes change often (stock, posts) are cached only when writes are watched. */
  const rows = <T>(siteId: string, name: string, load: () => Promise<T>) =>
    cache.exact ? cache.timed(siteId, name, load) : load();
  const service: ContentService = {
    ...siteContent,
    // Every page asks for these; writes and passing dates make them change (content-cache.ts).
    getNavigationTree(siteId) {
      return cache.timed(siteId, 'navigation-tree', () => siteContent.getNavigationTree(siteId), READS.collections);
    },
    getPageBySlug(siteId, slug, options) {
      if (options?.includeUnpublished) return siteContent.getPageBySlug(siteId, slug, options);
      return cache.timed(siteId, `page:${slug}`, () => siteContent.getPageBySlug(siteId, slug), READS.collections);
    },
    listItems(siteId, collectionId, options = {}) {
      if (options.now !== undefined || options.status === 'all') {
        return siteContent.listItems(siteId, collectionId, options);
      }
      return rows(siteId, `items:${collectionId}:${JSON.stringify(options)}`, () =>
        siteContent.listItems(siteId, collectionId, options),
      );
    },
    getItemBySlug(siteId, collectionId, urlId, options = {}) {
      if (options.now !== undefined || options.includeUnpublished) {
        return siteContent.getItemBySlug(siteId, collectionId, urlId, options);
      }
      return rows(siteId, `item:${collectionId}:${urlId}`, () =>
        siteContent.getItemBySlug(siteId, collectionId, urlId),
      );
    },
    listPublishDates(siteId, collectionId) {
      return rows(siteId, `dates:${collectionId}`, () => siteContent.listPublishDates(siteId, collectionId));
    },
    listTerms(siteId, collectionId, kind) {
      return rows(siteId, `terms:${collectionId}:${kind}`, () => siteContent.listTerms(siteId, collectionId, kind));
    },
    getSiteForHost,
    getSite,

    getNavigation(siteId) {
      return cache.get(siteId, 'navigation', () => navigation(siteId), READS.collections);
    },

    getCollectionBySlug(siteId, slug) {
      return cache.timed(siteId, `collection:${slug}`, () => collectionBySlug(siteId, slug), READS.collections);
    },

    remember(siteId, name, load, reads) {
      return cache.get(siteId, `other:${name}`, load, reads);
    },

    isMembersOnly(siteId, slug) {
      return cache.get(
        siteId,
        `members-only:${slug}`,
        async () => {
          const row = await db
            .selectFrom('collections')
            .select('members_only')
            .where('site_id', '=', siteId)
            .where('slug', '=', slug)
            .executeTakeFirst();
          return row?.members_only === 1;
        },
        READS.collections,
      );
    },

    invalidate(siteId) {
      cache.invalidate(siteId);
    },

    cacheStats: () => cache.stats,

    freshness: {
      get generation() {
        return cache.generation;
      },
      answerLifetime: (upTo) => cache.answerLifetime(upTo),
      nextChange: (siteId) => cache.nextChange(siteId),
    },

    async listProducts(siteId, collectionId) {
      const rows = await visibleProducts(siteId)
        .where('collection_id', '=', collectionId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return productsJson(siteId, rows);
    },

    async getProductBySlug(siteId, collectionId, urlId) {
      const row = await visibleProducts(siteId)
        .where('collection_id', '=', collectionId)
        .where('url_id', '=', urlId)
        .executeTakeFirst();
      return row ? (await productsJson(siteId, [row]))[0] : undefined;
    },

    async getProductById(siteId, itemId) {
      const row = await visibleProducts(siteId).where('id', '=', itemId).executeTakeFirst();
      return row ? (await productsJson(siteId, [row]))[0] : undefined;
    },

    async getStoreSettings(siteId) {
      const site = await getSite(siteId);
      return site?.storeSettings ?? { ...DEFAULT_STORE_SETTINGS };
    },
  };
  // The visitor's shop lookups, cached like the rest (stock writes included: see content-cache.ts).
  const { listProducts, getProductBySlug } = service;
  service.listProducts = (siteId, collectionId) =>
    rows(siteId, `products:${collectionId}`, () => listProducts(siteId, collectionId));
  service.getProductBySlug = (siteId, collectionId, urlId) =>
    rows(siteId, `product:${collectionId}:${urlId}`, () => getProductBySlug(siteId, collectionId, urlId));
  return service;
}

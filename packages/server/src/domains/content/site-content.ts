import { CollectionType, FolderBehavior, isFolderClickable, RecordType } from '@tessera/core';
import type { ContentStatus } from '@tessera/core/contracts/blog';
import type { Kysely } from 'kysely';
import type { CollectionRow, Database, ItemRow } from '../../platform/db/schema.js';
import { type ImageAsset, parseJson } from './product-json.js';
import { listPublishDates } from './publish-dates.js';
import { sanitizeOwnerHtml, sanitizeTranslations } from './sanitize-owner-html.js';

// The content model of pages, folders, blog posts and events (migration 0005_content).
// See content/README.md for the shapes and the rules (what is public, how folders behave).

// Stored content statuses are the contract's `ContentStatus` (`@tessera/core/contracts/blog`; SPEC §3
// labels in core's `PAGE_STATUS_LABELS`).
export type { ContentStatus };

/** The statuses visitors may see (a scheduled item once its date has come). */
export const VISITOR_STATUSES = Object.freeze(['published', 'scheduled'] as const satisfies readonly ContentStatus[]);

/** What a collection is for; stored in `collections.kind`. */
export const CollectionKind = Object.freeze({
  PAGE: 'page',
  PRODUCTS: 'products',
  BLOG: 'blog',
  EVENTS: 'events',
  GALLERY: 'gallery',
  FOLDER: 'folder',
  SPLASH: 'splash',
} as const);

/** One block: SPEC §3 block type code, an optional variant name, its settings and its content. */
export interface Block {
  id?: string;
  type: number;
  /** e.g. 'grid' | 'slideshow' | 'carousel' | 'stacked' for galleries, 'poster' for images. */
  variant?: string;
  settings: Record<string, unknown>;
  content: Record<string, unknown>;
}

export interface Section {
  id?: string;
  /** e.g. `{ theme: 'light' | 'dark' | 'accent', width: 'narrow' | 'wide' | 'full' }`. */
  settings?: Record<string, unknown>;
  blocks: Block[];
}

export interface Page {
  id: string;
  siteId: string;
  slug: string;
  title: string;
  /** SPEC §3 collection type (10 page, 8 splash page, 13 products, 1 generic for blog/events/folders). */
  type: number;
  kind: string;
  fullUrl: string;
  /** HTML. */
  description: string;
  sections: Section[];
  status: ContentStatus;
  /** True when a password protects the page (lock screen, page type 103). */
  passwordProtected: boolean;
  membersOnly: boolean;
  parentId: string | null;
  folderBehavior: number | null;
  redirectUrl: string | null;
  navVisible: boolean;
  position: number;
  settings: Record<string, unknown>;
  /** Language code → overrides of `title`, `description`, `sections`. */
  translations: Record<string, Partial<Pick<Page, 'title' | 'description' | 'sections'>>>;
}

export interface Author {
  id?: string;
  displayName: string;
  bio?: string;
  avatarUrl?: string;
}

export interface EventLocation {
  name?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  lat?: number;
  lng?: number;
}

/** A blog post, event or other non-product item, in template JSON shape. */
export interface ContentItem {
  id: string;
  siteId: string;
  collectionId: string;
  recordType: number;
  urlId: string;
  fullUrl: string;
  title: string;
  excerpt: string;
  /** HTML body; `sections` is the block form (either may be empty). */
  body: string;
  sections: Section[];
  status: ContentStatus;
  tags: string[];
  categories: string[];
  author: Author;
  /** Epoch milliseconds, as the template formatters expect. */
  publishOn: number;
  addedOn: number;
  updatedOn: number;
  commentsEnabled: boolean;
  likeCount: number;
  /** Events only: epoch milliseconds. */
  startDate?: number;
  endDate?: number;
  location: EventLocation;
  items: ImageAsset[];
  assetUrl: string;
  structuredContent: Record<string, unknown>;
  translations: Record<string, Partial<Pick<ContentItem, 'title' | 'excerpt' | 'body' | 'sections'>>>;
}

export interface ListItemsOptions {
  /** 'published' (default): only what visitors may see; 'all' for owner tools. */
  status?: 'published' | 'all';
  limit?: number;
  offset?: number;
  tag?: string;
  category?: string;
  /** Only items published at or after this instant (ISO UTC), and before `publishedBefore`. */
  publishedFrom?: string;
  publishedBefore?: string;
  /** Events: 'upcoming' (end or start ≥ now, soonest first) or 'past' (most recent first). */
  when?: 'upcoming' | 'past';
  /** Default: publish date, newest first; events with `when` sort by start date. */
  order?: 'newest' | 'oldest' | 'position';
  /** For tests: what "now" is (publish dates after it are not public). */
  now?: Date;
}

export interface ItemList {
  items: ContentItem[];
  /** All matching items, ignoring limit and offset (for pagination). */
  total: number;
}

/** A node of the navigation tree: a page or collection, or a folder with its children. */
export interface NavigationNode {
  id: string;
  title: string;
  slug: string;
  type: number;
  kind: string;
  /** Where a click goes; null for a folder whose behaviour is none (not clickable). */
  url: string | null;
  isFolder: boolean;
  folderBehavior: number | null;
  children: NavigationNode[];
}

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

/** Is a stored status with a publish date public at `now`? Only published (and due scheduled) items are. */
export function isPublic(status: string, publishedAt: string | null | undefined, now = new Date()): boolean {
  if (!(VISITOR_STATUSES as readonly string[]).includes(status)) return false;
  return !publishedAt || publishedAt <= now.toISOString();
}

export function pageFromRow(row: CollectionRow): Page {
  return {
    id: row.id,
    siteId: row.site_id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    kind: row.kind || kindFromType(row.type, row.folder_behavior),
    fullUrl: `/${row.slug}`,
    description: sanitizeOwnerHtml(row.description),
    sections: parseSections(row.sections),
    status: (row.status || 'published') as ContentStatus,
    passwordProtected: Boolean(row.password_hash),
    membersOnly: row.members_only === 1,
    parentId: row.parent_id ?? null,
    folderBehavior: row.folder_behavior ?? null,
    redirectUrl: row.redirect_url ?? null,
    navVisible: row.nav_visible === 1,
    position: row.position,
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
    translations: sanitizeTranslations(parseJson(row.translations, {})),
  };
}

function kindFromType(type: number, folderBehavior: number | null): string {
  if (folderBehavior != null) return CollectionKind.FOLDER;
  if (type === CollectionType.PRODUCTS) return CollectionKind.PRODUCTS;
  if (type === CollectionType.SPLASH_PAGE) return CollectionKind.SPLASH;
  if (type === CollectionType.PAGE) return CollectionKind.PAGE;
  return '';
}

/** Reads stored sections defensively: anything that is not a list of `{ blocks: [...] }` is dropped. */
export function parseSections(text: string | null | undefined): Section[] {
  const value = parseJson<unknown>(text, []);
  if (!Array.isArray(value)) return [];
  const sections: Section[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object' || !Array.isArray((entry as Section).blocks)) continue;
    const section = entry as Section;
    const blocks = section.blocks.filter(
      (b): b is Block => b !== null && typeof b === 'object' && typeof (b as Block).type === 'number',
    );
    sections.push({
      ...section,
      blocks: blocks.map((b) => ({ ...b, settings: objectOr(b.settings), content: objectOr(b.content) })),
    });
  }
  return sections;
}

function objectOr(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function millis(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? undefined : at;
}

export function itemFromRow(
  row: ItemRow,
  collectionSlug: string,
  terms: { tags: string[]; categories: string[] } = { tags: [], categories: [] },
): ContentItem {
  const images = parseJson<ImageAsset[]>(row.images, []);
  return {
    id: row.id,
    siteId: row.site_id,
    collectionId: row.collection_id,
    recordType: row.record_type,
    urlId: row.url_id,
    fullUrl: `/${collectionSlug}/${row.url_id}`,
    title: row.title,
    excerpt: row.excerpt,
    body: sanitizeOwnerHtml(row.body),
    sections: parseSections(row.sections),
    status: (row.status || 'published') as ContentStatus,
    tags: terms.tags,
    categories: terms.categories,
    author: { displayName: '', ...parseJson<Partial<Author>>(row.author, {}) },
    publishOn: millis(row.published_at) ?? 0,
    addedOn: millis(row.created_at) ?? 0,
    updatedOn: millis(row.updated_at) ?? 0,
    commentsEnabled: row.comments_enabled === 1,
    likeCount: row.like_count ?? 0,
    ...(row.record_type === RecordType.EVENT
      ? { startDate: millis(row.start_date), endDate: millis(row.end_date) }
      : {}),
    location: parseJson<EventLocation>(row.location, {}),
    items: images,
    assetUrl: images[0]?.assetUrl ?? '',
    structuredContent: parseJson<Record<string, unknown>>(row.structured_content, {}),
    translations: sanitizeTranslations(parseJson(row.translations, {})),
  };
}

export interface SiteContent {
  /** A page-like collection (page, splash, folder, blog, events, gallery …) by slug; undefined when not public. */
  getPageBySlug(siteId: string, slug: string, options?: { includeUnpublished?: boolean }): Promise<Page | undefined>;
  getPageById(siteId: string, id: string): Promise<Page | undefined>;
  /** The stored argon2 hash of a protected page's password (never put it in template JSON). */
  getPagePasswordHash(siteId: string, pageId: string): Promise<string | null>;
  /** Items of a collection; only public ones unless `status: 'all'`. */
  listItems(siteId: string, collectionId: string, options?: ListItemsOptions): Promise<ItemList>;
  /** One item by its `urlId` in a collection; undefined when missing or not public (unless asked). */
  getItemBySlug(
    siteId: string,
    collectionId: string,
    urlId: string,
    options?: { includeUnpublished?: boolean; now?: Date },
  ): Promise<ContentItem | undefined>;
  /** Publish dates (epoch ms) of a collection's public items, newest first (`publish-dates.ts`). */
  listPublishDates(siteId: string, collectionId: string): Promise<number[]>;
  /** Every distinct tag or category of a collection's public items, with counts, sorted by name. */
  listTerms(siteId: string, collectionId: string, kind: 'tag' | 'category'): Promise<{ name: string; count: number }[]>;
  /** The navigation tree: visible public collections in order, folders holding their children. */
  getNavigationTree(siteId: string): Promise<NavigationNode[]>;
}

export function createSiteContent(db: Kysely<Database>): SiteContent {
  async function termsOf(itemIds: string[]): Promise<Map<string, { tags: string[]; categories: string[] }>> {
    const map = new Map<string, { tags: string[]; categories: string[] }>();
    for (const id of itemIds) map.set(id, { tags: [], categories: [] });
    if (itemIds.length === 0) return map;
    const rows = await db
      .selectFrom('item_terms')
      .selectAll()
      .where('item_id', 'in', itemIds)
      .orderBy('value')
      .execute();
    for (const row of rows) {
      const entry = map.get(row.item_id);
      if (!entry) continue;
      (row.kind === 'category' ? entry.categories : entry.tags).push(row.value);
    }
    return map;
  }

  async function slugOf(collectionId: string): Promise<string> {
    const row = await db.selectFrom('collections').select('slug').where('id', '=', collectionId).executeTakeFirst();
    return row?.slug ?? '';
  }

  async function pageRow(siteId: string, column: 'slug' | 'id', value: string) {
    return db
      .selectFrom('collections')
      .selectAll()
      .where('site_id', '=', siteId)
      .where(column, '=', value)
      .executeTakeFirst();
  }

  return {
    async getPageBySlug(siteId, slug, options = {}) {
      const row = await pageRow(siteId, 'slug', slug);
      if (!row) return undefined;
      if (!options.includeUnpublished && !isPublic(row.status, row.publish_at)) return undefined;
      return pageFromRow(row);
    },

    async getPageById(siteId, id) {
      const row = await pageRow(siteId, 'id', id);
      return row ? pageFromRow(row) : undefined;
    },

    async getPagePasswordHash(siteId, pageId) {
      const row = await db
        .selectFrom('collections')
        .select('password_hash')
        .where('site_id', '=', siteId)
        .where('id', '=', pageId)
        .executeTakeFirst();
      return row?.password_hash ?? null;
    },

    async listItems(siteId, collectionId, options = {}) {
      const now = (options.now ?? new Date()).toISOString();
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIST_LIMIT), 1), MAX_LIST_LIMIT);
      const offset = Math.max(Math.trunc(options.offset ?? 0), 0);
      let query = db.selectFrom('items').where('site_id', '=', siteId).where('collection_id', '=', collectionId);
      if (options.status !== 'all') {
        query = query.where('status', 'in', [...VISITOR_STATUSES]).where('published_at', '<=', now);
      }
      for (const [kind, value] of [
        ['tag', options.tag],
        ['category', options.category],
      ] as const) {
        if (value === undefined || value === '') continue;
        query = query.where('id', 'in', (eb) =>
          eb.selectFrom('item_terms').select('item_id').where('kind', '=', kind).where('value', '=', value),
        );
      }
      if (options.publishedFrom) query = query.where('published_at', '>=', options.publishedFrom);
      if (options.publishedBefore) query = query.where('published_at', '<', options.publishedBefore);
      if (options.when === 'upcoming') {
        query = query.where((eb) =>
          eb.or([eb('end_date', '>=', now), eb.and([eb('end_date', 'is', null), eb('start_date', '>=', now)])]),
        );
      } else if (options.when === 'past') {
        query = query.where((eb) =>
          eb.or([eb('end_date', '<', now), eb.and([eb('end_date', 'is', null), eb('start_date', '<', now)])]),
        );
      }
      const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
      let ordered = query.selectAll();
      if (options.when === 'upcoming') ordered = ordered.orderBy('start_date', 'asc');
      else if (options.when === 'past') ordered = ordered.orderBy('start_date', 'desc');
      else if (options.order === 'position') ordered = ordered.orderBy('position', 'asc');
      else ordered = ordered.orderBy('published_at', options.order === 'oldest' ? 'asc' : 'desc');
      const rows = await ordered.orderBy('id').limit(limit).offset(offset).execute();
      const slug = await slugOf(collectionId);
      const terms = await termsOf(rows.map((r) => r.id));
      return {
        items: rows.map((row) => itemFromRow(row, slug, terms.get(row.id))),
        total: Number(counted?.n ?? 0),
      };
    },

    async getItemBySlug(siteId, collectionId, urlId, options = {}) {
      const row = await db
        .selectFrom('items')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('collection_id', '=', collectionId)
        .where('url_id', '=', urlId)
        .executeTakeFirst();
      if (!row) return undefined;
      if (!options.includeUnpublished && !isPublic(row.status, row.published_at, options.now)) return undefined;
      const terms = await termsOf([row.id]);
      return itemFromRow(row, await slugOf(collectionId), terms.get(row.id));
    },

    listPublishDates: (siteId, collectionId) => listPublishDates(db, siteId, collectionId),

    async listTerms(siteId, collectionId, kind) {
      const now = new Date().toISOString();
      const rows = await db
        .selectFrom('item_terms')
        .innerJoin('items', 'items.id', 'item_terms.item_id')
        .where('items.site_id', '=', siteId)
        .where('items.collection_id', '=', collectionId)
        .where('items.status', 'in', [...VISITOR_STATUSES])
        .where('items.published_at', '<=', now)
        .where('item_terms.kind', '=', kind)
        .select(['item_terms.value as name', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('item_terms.value')
        .orderBy('item_terms.value')
        .execute();
      return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
    },

    async getNavigationTree(siteId) {
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .where('site_id', '=', siteId)
        .where('nav_visible', '=', 1)
        .where('status', '=', 'published')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return navigationTree(rows.map(pageFromRow));
    },
  };
}

/**
 * Builds the tree from flat pages: children sit under their folder in position order. A folder's
 * URL follows SPEC §3/§4: index → its first child's URL, redirect → its redirect URL, none → null.
 */
export function navigationTree(pages: Page[]): NavigationNode[] {
  const nodes = new Map<string, NavigationNode>();
  for (const page of pages) {
    const isFolder = page.folderBehavior != null;
    nodes.set(page.id, {
      id: page.id,
      title: page.title,
      slug: page.slug,
      type: page.type,
      kind: page.kind,
      url: isFolder ? null : page.fullUrl,
      isFolder,
      folderBehavior: page.folderBehavior,
      children: [],
    });
  }
  const roots: NavigationNode[] = [];
  for (const page of pages) {
    const node = nodes.get(page.id)!;
    const parent = page.parentId ? nodes.get(page.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  for (const page of pages) {
    const node = nodes.get(page.id)!;
    if (!node.isFolder) continue;
    if (!isFolderClickable(page.folderBehavior) || page.folderBehavior === FolderBehavior.NONE) node.url = null;
    else if (page.folderBehavior === FolderBehavior.REDIRECT) node.url = page.redirectUrl || null;
    else node.url = node.children.find((c) => c.url)?.url ?? null;
  }
  return roots;
}

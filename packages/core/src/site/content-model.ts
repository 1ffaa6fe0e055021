import type { ContentStatus } from '../contracts/blog.js';
import type { ProductItem } from '../product/types.js';

// The content model of pages, folders, blog posts and events (migration 0005_content): the shapes the
// server's content readers answer, the renderer prints and what visitors may see. See the server's
// domains/content/README.md for the rules.

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

/** A product as templates and islands read it: core's ProductItem plus the page fields. */
export interface ProductItemJson extends ProductItem {
  collectionId: string;
  recordType: number;
  urlId: string;
  fullUrl: string;
  excerpt: string;
  body: string;
  assetUrl: string;
  /** Image assets: `assetUrl`, `originalSize` ('800x1000'), `mediaFocalPoint`, `colorData`, `altText`, … */
  items: ImageAsset[];
  addedOn: number;
  publishOn: number;
  updatedOn: number;
}

export interface ImageAsset {
  id: string;
  assetUrl: string;
  originalSize: string;
  mediaFocalPoint: { x: number; y: number };
  [key: string]: unknown;
}

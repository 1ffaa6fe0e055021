import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import {
  DEFAULT_LIST_LIMIT,
  type ItemList,
  isPublic,
  type ListItemsOptions,
  MAX_LIST_LIMIT,
  type NavigationNode,
  type Page,
  type ContentItem,
  VISITOR_STATUSES,
} from '@tessera/core/site';
import { itemFromRow, pageFromRow } from './content-rows.js';
import { navigationTree } from './navigation-tree.js';
import { listPublishDates } from './publish-dates.js';

// The reader of pages, folders, blog posts and events (migration 0005_content). The shapes it answers
// are core's (`@tessera/core/site`, shared with the renderer), the row mapping in content-rows.ts; see
// content/README.md for the rules.

// Names of the content model that callers of this reader take from here with it.
export { type Block, CollectionKind, type ContentItem, isPublic, type Section } from '@tessera/core/site';

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

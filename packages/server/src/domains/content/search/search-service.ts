import { CollectionType, RecordType, truncate } from '@tessera/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { plainText } from '../blog/plain-text.js';

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_RESULT_LIMIT = 20;
const EXCERPT_LENGTH = 180;

export interface SearchResult {
  id: string;
  title: string;
  url: string;
  /** Plain text around the first match (or the item's excerpt). */
  excerpt: string;
  /** 'product', 'post', 'event', 'item' or 'page'. */
  kind: string;
  collectionTitle: string;
}

/** `%`, `_` and the escape character itself match literally: the pattern is the visitor's text, lower-cased. */
export function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The words a visitor typed, trimmed and capped; empty when there is nothing to look for. */
export function normaliseQuery(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  // Control characters (NUL above all, which PostgreSQL refuses in text) are never search words.
  return raw
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_QUERY_MAX);
}

function kindOf(recordType: number, collectionKind: string): string {
  if (recordType === RecordType.STORE_ITEM) return 'product';
  if (recordType === RecordType.EVENT) return 'event';
  if (collectionKind === 'blog') return 'post';
  return 'item';
}

function excerptAround(text: string, query: string): string {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at <= 40) return truncate(text, EXCERPT_LENGTH);
  const start = text.lastIndexOf(' ', at - 40);
  return `...${truncate(text.slice(start + 1), EXCERPT_LENGTH)}`;
}

/**
 * Public items (products, blog posts, events) of a site whose title or body contains `query`,
 * case-insensitively, title matches first. Portable SQL: `lower(column) LIKE pattern ESCAPE '\'`.
 * Items of collections a visitor cannot open (unpublished, password-protected, members-only) are left out.
 */
export async function searchSite(
  db: Kysely<Database>,
  siteId: string,
  query: string,
  options: { now?: Date; limit?: number } = {},
): Promise<SearchResult[]> {
  if (query === '') return [];
  const now = (options.now ?? new Date()).toISOString();
  const limit = options.limit ?? SEARCH_RESULT_LIMIT;
  const pattern = likePattern(query);
  const matches = (column: 'items.title' | 'items.body' | 'items.excerpt') =>
    sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const rows = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select([
      'items.id',
      'items.title',
      'items.url_id',
      'items.excerpt',
      'items.body',
      'items.record_type',
      'collections.slug',
      'collections.kind',
      'collections.title as collection_title',
      sql<number>`case when ${matches('items.title')} then 0 else 1 end`.as('rank'),
    ])
    .where('items.site_id', '=', siteId)
    .where('items.status', 'in', ['published', 'scheduled'])
    .where('items.published_at', '<=', now)
    .where('collections.status', '=', 'published')
    .where('collections.password_hash', 'is', null)
    .where('collections.members_only', '=', 0)
    .where((eb) => eb.or([matches('items.title'), matches('items.body'), matches('items.excerpt')]))
    .orderBy('rank')
    .orderBy('items.published_at', 'desc')
    .orderBy('items.id')
    .limit(limit)
    .execute();
  const items = rows.map((row) => {
    const isProduct = row.record_type === RecordType.STORE_ITEM;
    const excerpt = plainText(row.excerpt);
    return {
      rank: Number(row.rank),
      result: {
        id: row.id,
        title: row.title,
        url: isProduct ? `/${row.slug}/p/${row.url_id}` : `/${row.slug}/${row.url_id}`,
        excerpt: excerpt !== '' ? truncate(excerpt, EXCERPT_LENGTH) : excerptAround(plainText(row.body), query),
        kind: kindOf(row.record_type, row.kind),
        collectionTitle: row.collection_title,
      },
    };
  });

  // Plain pages (About …) by their title and HTML description.
  const pageMatches = (column: 'title' | 'description') =>
    sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
  const pages = await db
    .selectFrom('collections')
    .select([
      'id',
      'slug',
      'title',
      'description',
      sql<number>`case when ${pageMatches('title')} then 0 else 1 end`.as('rank'),
    ])
    .where('site_id', '=', siteId)
    .where('type', '=', CollectionType.PAGE)
    .where('status', '=', 'published')
    .where('password_hash', 'is', null)
    .where('members_only', '=', 0)
    .where((eb) => eb.or([pageMatches('title'), pageMatches('description')]))
    .orderBy('rank')
    .orderBy('position')
    .limit(limit)
    .execute();
  const pageResults = pages.map((row) => ({
    rank: Number(row.rank),
    result: {
      id: row.id,
      title: row.title,
      url: `/${row.slug}`,
      excerpt: excerptAround(plainText(row.description), query),
      kind: 'page',
      collectionTitle: 'Pages',
    },
  }));
  // Title matches first, then the rest; within each, items before pages (stable sort).
  return [...items, ...pageResults]
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((entry) => entry.result);
}

import type { Kysely } from 'kysely';
import { isPublic } from '../content/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { SitemapEntry } from './sitemap.js';

/** Collection kinds that are pages of their own (folders and links are not). */
const PAGE_KINDS = new Set(['page', 'products', 'blog', 'events', 'gallery', 'splash', '']);
const IMAGE_URL = /^\/files\/[^\s"'<>?#]+\.(?:avif|gif|jpe?g|png|webp)$/i;
const MAX_IMAGES_PER_PAGE = 100;

/**
 * A page, product, post or event the owner asked search engines to skip (`settings.noindex` or
 * `settings.seo.noindex`; the editor's per-page SEO fields will write it).
 */
export function isHiddenFromSearch(settings: Record<string, unknown>): boolean {
  const seo = settings.seo;
  return (
    settings.noindex === true ||
    (seo !== null && typeof seo === 'object' && (seo as Record<string, unknown>).noindex === true)
  );
}

function parse(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Uploaded image addresses anywhere in a JSON value (image and gallery blocks, item images). */
export function imagesIn(value: unknown, found = new Set<string>(), depth = 0): Set<string> {
  if (depth > 20 || found.size >= MAX_IMAGES_PER_PAGE) return found;
  if (typeof value === 'string') {
    if (IMAGE_URL.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) imagesIn(entry, found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const entry of Object.values(value)) imagesIn(entry, found, depth + 1);
  }
  return found;
}

/**
 * Every address of `siteId` a search engine may list: the home page, public pages and collections,
 * their public products, posts and events. Never: drafts, pages under review, private pages,
 * scheduled pages and items whose date has not come, password-protected or members-only pages
 * (and what is inside them), folders and links, and anything marked hidden from search engines.
 */
export async function sitemapEntries(db: Kysely<Database>, siteId: string, now = new Date()): Promise<SitemapEntry[]> {
  const collections = await db
    .selectFrom('collections')
    .select([
      'id',
      'slug',
      'kind',
      'status',
      'publish_at',
      'password_hash',
      'members_only',
      'redirect_url',
      'settings',
      'sections',
      'created_at',
      'draft_updated_at',
    ])
    .where('site_id', '=', siteId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const shown = collections.filter(
    (c) =>
      PAGE_KINDS.has(c.kind) &&
      c.redirect_url === null &&
      c.password_hash === null &&
      Number(c.members_only) !== 1 &&
      isPublic(c.status, c.publish_at, now) &&
      !isHiddenFromSearch(record(parse(c.settings))),
  );
  const byId = new Map(shown.map((c) => [c.id, c]));
  const items =
    shown.length === 0
      ? []
      : await db
          .selectFrom('items')
          .select([
            'id',
            'collection_id',
            'url_id',
            'status',
            'published_at',
            'updated_at',
            'images',
            'structured_content',
          ])
          .where('site_id', '=', siteId)
          .where(
            'collection_id',
            'in',
            shown.map((c) => c.id),
          )
          .orderBy('collection_id')
          .orderBy('position')
          .orderBy('id')
          .execute();

  const newestItem = new Map<string, string>();
  const itemEntries: SitemapEntry[] = [];
  for (const item of items) {
    const collection = byId.get(item.collection_id);
    if (!collection || !['products', 'blog', 'events'].includes(collection.kind)) continue;
    if (!isPublic(item.status, item.published_at, now)) continue;
    if (isHiddenFromSearch(record(parse(item.structured_content)))) continue;
    const path =
      collection.kind === 'products' ? `/${collection.slug}/p/${item.url_id}` : `/${collection.slug}/${item.url_id}`;
    itemEntries.push({ path, lastmod: item.updated_at, images: [...imagesIn(parse(item.images))] });
    const newest = newestItem.get(collection.id);
    if (!newest || item.updated_at > newest) newestItem.set(collection.id, item.updated_at);
  }

  const pageEntries: SitemapEntry[] = [];
  let hasHome = false;
  for (const collection of shown) {
    const isHome = collection.slug === 'home';
    hasHome ||= isHome;
    const dates = [collection.created_at, newestItem.get(collection.id)].filter((d): d is string => Boolean(d));
    pageEntries.push({
      path: isHome ? '/' : `/${collection.slug}`,
      lastmod: dates.sort().at(-1),
      images: [...imagesIn(parse(collection.sections))],
    });
  }
  if (!hasHome) pageEntries.unshift({ path: '/' });
  else pageEntries.sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : 0));
  return [...pageEntries, ...itemEntries];
}

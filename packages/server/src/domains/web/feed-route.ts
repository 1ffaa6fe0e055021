import type { FastifyInstance } from 'fastify';
import type { ContentItem, SiteContent, ContentPageRequest } from '../content/index.js';
import { webBaseUrl } from './base-url.js';
import { FEED_ITEMS, feedContentOf, rssXml } from './feeds.js';

/** `<link rel="alternate">` of a blog or events collection's feed, for its pages' heads. */
export function feedLink(collection: { slug: string; title: string }): { href: string; title: string } {
  return { href: `/${collection.slug}?format=rss`, title: `${collection.title} (RSS)` };
}

/**
 * Answers `/<blog or events>?format=rss`: the collection's newest public posts or events (never
 * drafts, scheduled ones before their date or private ones: `listItems` answers what visitors may
 * see), full or excerpt per the collection's `feedContent` setting.
 */
export async function sendCollectionFeed(
  app: FastifyInstance,
  deps: {
    content: Pick<SiteContent, 'listItems'>;
    renderSections?: (item: { sections: unknown[] }) => string;
  },
  page: ContentPageRequest,
): Promise<void> {
  const { site, collection, reply } = page;
  const found = await app.services.content.getSite(site.id);
  const baseUrl = webBaseUrl(app, found ?? {});
  const content = feedContentOf(collection.settings);
  const list = await deps.content.listItems(site.id, collection.id, { limit: FEED_ITEMS, order: 'newest' });
  const items = list.items.map((item: ContentItem) => ({
    title: item.title,
    path: `/${collection.slug}/${item.urlId}`,
    publishedAt: item.publishOn,
    excerpt: item.excerpt || '',
    html: content === 'full' ? bodyHtml(item, deps.renderSections) : undefined,
    categories: [...item.categories, ...item.tags],
    author: item.author?.displayName,
  }));
  const xml = rssXml(
    baseUrl,
    {
      title: `${collection.title} · ${site.title}`,
      path: `/${collection.slug}`,
      description: stripTags(collection.description ?? '') || site.description,
      language: site.locale,
    },
    items,
    content,
  );
  reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
}

function bodyHtml(item: ContentItem, renderSections?: (item: { sections: unknown[] }) => string): string {
  if (item.body) return item.body;
  if (renderSections && item.sections.length > 0) return renderSections(item);
  return '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The text of a short piece of owner HTML (the collection's description) for the channel. */
function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

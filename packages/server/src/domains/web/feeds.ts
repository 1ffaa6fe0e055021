import { absoluteUrl } from './base-url.js';
import { escapeXml } from './xml.js';

export const CONTENT_NS = 'http://purl.org/rss/1.0/modules/content/';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** Items per feed: the newest ones. */
export const FEED_ITEMS = 20;

export type FeedContent = 'full' | 'excerpt';

/** The owner's choice for a blog or events collection (`settings.feedContent`); excerpt unless full. */
export function feedContentOf(settings: Record<string, unknown> | undefined): FeedContent {
  return settings?.feedContent === 'full' ? 'full' : 'excerpt';
}

export interface FeedItem {
  readonly title: string;
  /** Site-relative (`/blog/caring-for-linen`). */
  readonly path: string;
  /** Epoch milliseconds. */
  readonly publishedAt: number;
  /** Plain text or HTML summary. */
  readonly excerpt: string;
  /** The whole body as HTML; sent as `content:encoded` when the owner chose full content. */
  readonly html?: string;
  readonly categories?: readonly string[];
  readonly author?: string;
}

export interface FeedChannel {
  readonly title: string;
  /** Site-relative address of the collection (`/blog`). */
  readonly path: string;
  readonly description: string;
  /** BCP 47 (`en-US`). */
  readonly language: string;
}

/** Absolute `href`/`src` in HTML for feed readers, which know nothing of the site's address. */
export function absoluteLinks(html: string, baseUrl: string): string {
  return html.replace(/\b(href|src)=(["'])(\/(?!\/)[^"']*)\2/gi, (_m, attr, quote, path) => {
    return `${attr}=${quote}${absoluteUrl(baseUrl, path)}${quote}`;
  });
}

/**
 * An RSS 2.0 document: absolute links everywhere (`baseUrl`, the site's public address), text
 * escaped (HTML too, as RSS readers expect: entity-escaped text), `atom:link rel="self"` to `?format=rss`, and per item the excerpt as
 * `description` plus, for full content, the body as `content:encoded`.
 */
export function rssXml(
  baseUrl: string,
  channel: FeedChannel,
  items: readonly FeedItem[],
  content: FeedContent,
): string {
  const link = absoluteUrl(baseUrl, channel.path);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:content="${CONTENT_NS}" xmlns:atom="${ATOM_NS}">`,
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<description>${escapeXml(channel.description || channel.title)}</description>`,
    `<language>${escapeXml(channel.language)}</language>`,
    `<atom:link href="${escapeXml(`${link}?format=rss`)}" rel="self" type="application/rss+xml"/>`,
  ];
  const newest = items.reduce((max, item) => Math.max(max, item.publishedAt), 0);
  if (newest > 0) out.push(`<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`);
  for (const item of items) {
    const url = absoluteUrl(baseUrl, item.path);
    out.push('<item>');
    out.push(`<title>${escapeXml(item.title)}</title>`);
    out.push(`<link>${escapeXml(url)}</link>`);
    out.push(`<guid isPermaLink="true">${escapeXml(url)}</guid>`);
    if (Number.isFinite(item.publishedAt) && item.publishedAt > 0) {
      out.push(`<pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>`);
    }
    for (const category of item.categories ?? []) out.push(`<category>${escapeXml(category)}</category>`);
    out.push(`<description>${escapeXml(absoluteLinks(item.excerpt, baseUrl))}</description>`);
    if (content === 'full' && item.html) {
      out.push(`<content:encoded>${escapeXml(absoluteLinks(item.html, baseUrl))}</content:encoded>`);
    }
    out.push('</item>');
  }
  out.push('</channel>', '</rss>');
  return `${out.join('\n')}\n`;
}

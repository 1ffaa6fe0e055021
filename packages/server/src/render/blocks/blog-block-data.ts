import {
  archiveGroups,
  archiveSettings,
  cloudTerms,
  ownFeedSlug,
  periodRange,
  postDate,
  postsBySettings,
  type RenderedBlock,
  rssSettings,
  tagCloudSettings,
  truncate,
} from '@tessera/core';
import type { Block, ContentItem } from '@tessera/core/site';

// Data loaders of the blog blocks: partial name → a function that looks up what the block shows
// while a page renders (`block-views.ts` calls the one its partial names). Visitors only ever get
// published, public posts of a public blog: a members-only or password-protected blog lists nothing.

/** What the feed reader (`domains/feeds/`, handed in by app.ts as `app.feedReader`) answers. */
export type FeedRead =
  | { ok: true; feed: { entries: { title: string; link: string; date: number }[] } }
  | { ok: false; message: string };

/** The block's own messages (an outside feed's failure message comes with its `FeedRead`). */
export const RSS_BLOCK_MESSAGES = Object.freeze({
  noBlog: 'This blog has no public feed.',
  empty: 'This feed has no entries yet.',
});

/** A blog a visitor may read. */
export interface PublicBlog {
  id: string;
  /** `/blog`. */
  url: string;
}

/** What the blog blocks read while a page renders. */
export interface BlogBlockSources {
  timeZone: string;
  locale: string;
  /** The blog with this slug, when it is a public blog collection. */
  blog(slug: string): Promise<PublicBlog | undefined>;
  /** Publish dates (epoch ms) of the blog's public posts. */
  publishDates(blogId: string): Promise<number[]>;
  terms(blogId: string, kind: 'tag' | 'category'): Promise<{ name: string; count: number }[]>;
  /** Public posts, newest first. */
  posts(
    blogId: string,
    filter: { limit: number; tag?: string; category?: string; publishedFrom?: string; publishedBefore?: string },
  ): Promise<ContentItem[]>;
  /** An outside feed through the feed reader (cached; never slow). */
  feed(url: string): Promise<FeedRead>;
}

export type BlockDataLoader = (
  block: Block,
  base: Record<string, unknown>,
  sources: BlogBlockSources,
) => Promise<RenderedBlock | undefined>;

/** Posts scanned for a posts-by-author block (authors are not indexed). */
const AUTHOR_SCAN = 100;

function postCards(items: ContentItem[], sources: BlogBlockSources, showExcerpt: boolean, showDate: boolean) {
  return items.map((item) => {
    const excerpt = showExcerpt
      ? truncate(
          item.excerpt
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        )
      : '';
    const date = showDate ? postDate(item.publishOn, sources.locale, sources.timeZone) : { dateText: '', datetime: '' };
    return { title: item.title, url: item.fullUrl, excerpt, ...date };
  });
}

const archive: BlockDataLoader = async (block, base, sources) => {
  const settings = archiveSettings(block.content);
  const blog = settings.collection ? await sources.blog(settings.collection) : undefined;
  const dates = blog ? await sources.publishDates(blog.id) : [];
  const groups = archiveGroups(dates, {
    ...settings,
    timeZone: sources.timeZone,
    locale: sources.locale,
    blogUrl: blog?.url ?? '',
  });
  return {
    partial: 'archive',
    view: {
      ...base,
      title: settings.title,
      showCount: settings.showCount,
      entries: groups,
      empty: groups.length === 0,
    },
  };
};

const tagCloud: BlockDataLoader = async (block, base, sources) => {
  const settings = tagCloudSettings(block.content);
  const blog = settings.collection ? await sources.blog(settings.collection) : undefined;
  const terms = blog ? cloudTerms(await sources.terms(blog.id, settings.kind)) : [];
  return {
    partial: 'tagcloud',
    view: {
      ...base,
      title: settings.title,
      label: settings.title || (settings.kind === 'category' ? 'Categories' : 'Tags'),
      entries: terms.map((term) => ({
        name: term.name,
        count: term.count,
        step: term.step,
        url: `${blog?.url}?${settings.kind}=${encodeURIComponent(term.name)}`,
        label: `${term.name} (${term.count === 1 ? '1 post' : `${term.count} posts`})`,
      })),
      empty: terms.length === 0,
    },
  };
};

const postsBy: BlockDataLoader = async (block, base, sources) => {
  const settings = postsBySettings(block.type, block.content);
  if (!settings) return undefined;
  const blog = settings.collection && settings.value ? await sources.blog(settings.collection) : undefined;
  let items: ContentItem[] = [];
  let moreUrl = '';
  if (blog) {
    const { filter, value, limit } = settings;
    if (filter === 'author') {
      const wanted = value.toLowerCase();
      items = (await sources.posts(blog.id, { limit: AUTHOR_SCAN }))
        .filter((item) => item.author.displayName.trim().toLowerCase() === wanted)
        .slice(0, limit);
    } else if (filter === 'month') {
      const range = periodRange(value, sources.timeZone);
      items = range
        ? await sources.posts(blog.id, { limit, publishedFrom: range.from, publishedBefore: range.before })
        : [];
      moreUrl = `${blog.url}?month=${value}`;
    } else {
      items = await sources.posts(blog.id, { limit, [filter]: value });
      moreUrl = `${blog.url}?${filter}=${encodeURIComponent(value)}`;
    }
  }
  return {
    partial: 'postsby',
    view: {
      ...base,
      title: settings.title,
      items: postCards(items, sources, settings.showExcerpt, settings.showDate),
      empty: items.length === 0,
      collectionUrl: items.length > 0 ? moreUrl : '',
    },
  };
};

const rss: BlockDataLoader = async (block, base, sources) => {
  const settings = rssSettings(block.content);
  const own = ownFeedSlug(settings.url);
  let entries: { title: string; url: string; dateText: string; datetime: string }[] = [];
  let message = '';
  if (own !== undefined) {
    const blog = await sources.blog(own);
    const items = blog ? await sources.posts(blog.id, { limit: settings.limit }) : [];
    entries = postCards(items, sources, false, settings.showDate).map(({ excerpt: _, ...card }) => card);
    if (!blog) message = RSS_BLOCK_MESSAGES.noBlog;
  } else if (settings.url) {
    const read = await sources.feed(settings.url);
    if (read.ok) {
      entries = read.feed.entries
        .filter((entry) => entry.title || entry.link)
        .slice(0, settings.limit)
        .map((entry) => ({
          title: entry.title || entry.link,
          url: entry.link,
          ...(settings.showDate
            ? postDate(entry.date, sources.locale, sources.timeZone)
            : { dateText: '', datetime: '' }),
        }));
    } else message = read.message;
  }
  if (!message && entries.length === 0) message = settings.url ? RSS_BLOCK_MESSAGES.empty : '';
  return {
    partial: 'rss',
    view: { ...base, title: settings.title, items: entries, message, empty: entries.length === 0 },
  };
};

/** Partial name → its data loader (only blocks whose view needs the server's lookups are here). */
export const BLOCK_DATA_LOADERS: Readonly<Record<string, BlockDataLoader>> = Object.freeze({
  archive,
  tagcloud: tagCloud,
  postsby: postsBy,
  rss,
});

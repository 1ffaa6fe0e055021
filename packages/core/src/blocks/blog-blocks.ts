import { BlockType } from '../enums/block-type.js';

// The blog blocks (SPEC §3 block types archive 61, tag cloud 14, posts by author/tag/category/month
// 27–30, RSS 49): what their stored content may hold, read defensively, and the pure parts of their
// views (grouping by month in a time zone, weighting terms). The server looks the posts and feeds
// up (`pages/blocks/blog-block-data.ts`); the editor's forms use the same limits.

export const BLOG_BLOCK_LIMITS = Object.freeze({
  posts: { min: 1, max: 20, default: 5 },
  feedItems: { min: 1, max: 20, default: 5 },
  /** Size steps of the tag cloud (CSS classes `tag-cloud__term--1` … `--5`). */
  cloudSteps: 5,
  /** At most this many terms in a cloud, the most used first. */
  cloudTerms: 60,
  /** A filter value (author name, tag, category) longer than this is cut; tags are at most 50 long. */
  filterLength: 80,
  /** A feed address longer than this is refused. */
  urlLength: 2000,
});

export type PostsFilter = 'author' | 'tag' | 'category' | 'month';

/** Which filter each posts-by block type applies. */
export const POSTS_BY_FILTER: Readonly<Partial<Record<number, PostsFilter>>> = Object.freeze({
  [BlockType.POSTS_BY_AUTHOR]: 'author',
  [BlockType.POSTS_BY_TAG]: 'tag',
  [BlockType.POSTS_BY_CATEGORY]: 'category',
  [BlockType.POSTS_BY_MONTH]: 'month',
});

export interface ArchiveSettings {
  collection: string;
  groupBy: 'month' | 'year';
  showCount: boolean;
  title: string;
}
export interface TagCloudSettings {
  collection: string;
  kind: 'tag' | 'category';
  title: string;
}
export interface PostsBySettings {
  collection: string;
  filter: PostsFilter;
  /** The author's name, the tag, the category, or `YYYY-MM`; '' when unusable. */
  value: string;
  limit: number;
  showExcerpt: boolean;
  showDate: boolean;
  title: string;
}
export interface RssSettings {
  /** An absolute http(s) address, or a site path such as `/blog` (this site's own feed); '' when unusable. */
  url: string;
  limit: number;
  showDate: boolean;
  title: string;
}

const text = (value: unknown, max = 200): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const slug = (value: unknown): string => {
  const raw = text(value, 200).replace(/^\/+|\/+$/g, '');
  return /^[A-Za-z0-9][A-Za-z0-9._~-]*$/.test(raw) ? raw : '';
};
const count = (value: unknown, range: { min: number; max: number; default: number }): number =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(Math.max(Math.trunc(value), range.min), range.max)
    : range.default;

/** `YYYY-MM` with a real month, or ''. */
export function monthKey(value: unknown): string {
  const raw = text(value, 7);
  const match = /^(\d{4})-(\d{2})$/.exec(raw);
  return match && Number(match[2]) >= 1 && Number(match[2]) <= 12 ? raw : '';
}

export function archiveSettings(content: Record<string, unknown>): ArchiveSettings {
  return {
    collection: slug(content.collection),
    groupBy: content.groupBy === 'year' ? 'year' : 'month',
    showCount: content.showCount !== false,
    title: text(content.title),
  };
}

export function tagCloudSettings(content: Record<string, unknown>): TagCloudSettings {
  return {
    collection: slug(content.collection),
    kind: content.kind === 'category' ? 'category' : 'tag',
    title: text(content.title),
  };
}

/** Settings of a posts-by block; undefined when `type` is not one of them. */
export function postsBySettings(type: number, content: Record<string, unknown>): PostsBySettings | undefined {
  const filter = POSTS_BY_FILTER[type];
  if (!filter) return undefined;
  const raw = filter === 'month' ? monthKey(content.value) : text(content.value, BLOG_BLOCK_LIMITS.filterLength);
  return {
    collection: slug(content.collection),
    filter,
    value: raw,
    limit: count(content.limit, BLOG_BLOCK_LIMITS.posts),
    showExcerpt: content.showExcerpt !== false,
    showDate: content.showDate !== false,
    title: text(content.title),
  };
}

/**
 * A feed address as the RSS block accepts it: http(s) without credentials, or a path of this site
 * (`/blog`, `/blog?format=rss`), which is read from the site's own posts. '' for anything else.
 */
export function feedAddress(value: unknown): string {
  const raw = text(value, BLOG_BLOCK_LIMITS.urlLength);
  if (!raw) return '';
  if (raw.startsWith('/')) return /^\/[A-Za-z0-9][A-Za-z0-9._~-]*\/?(\?format=rss)?$/.test(raw) ? raw : '';
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    if (url.username || url.password) return '';
    return url.href;
  } catch {
    return '';
  }
}

export function rssSettings(content: Record<string, unknown>): RssSettings {
  return {
    url: feedAddress(content.url),
    limit: count(content.limit, BLOG_BLOCK_LIMITS.feedItems),
    showDate: content.showDate !== false,
    title: text(content.title),
  };
}

/** The collection slug of a site-path feed address (`/blog?format=rss` → `blog`), or undefined. */
export function ownFeedSlug(address: string): string | undefined {
  return address.startsWith('/') ? address.slice(1).replace(/[/?].*$/, '') : undefined;
}

/** The calendar parts of `at` in `timeZone`. */
export function zonedParts(at: number, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** How far `timeZone` is ahead of UTC at `at`, in milliseconds. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
    .formatToParts(at)
    .reduce<Record<string, number>>((all, part) => Object.assign(all, { [part.type]: Number(part.value) }), {});
  const asUtc = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a local midnight (1st of `month`, or of January when month is 0) starts in `timeZone`. */
function zonedStart(year: number, month: number, timeZone: string): number {
  const guess = Date.UTC(year, Math.max(month, 1) - 1, 1);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/**
 * The UTC range `[from, before)` of a month (`YYYY-MM`) or a year (`YYYY`) in the site's time zone,
 * as ISO strings (how publish dates are stored); undefined for anything else.
 */
export function periodRange(period: string, timeZone: string): { from: string; before: string } | undefined {
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  const year = /^(\d{4})$/.exec(period);
  if (month && monthKey(period)) {
    const y = Number(month[1]);
    const m = Number(month[2]);
    const from = zonedStart(y, m, timeZone);
    const before = m === 12 ? zonedStart(y + 1, 1, timeZone) : zonedStart(y, m + 1, timeZone);
    return { from: new Date(from).toISOString(), before: new Date(before).toISOString() };
  }
  if (year && Number(year[1]) >= 1970) {
    const y = Number(year[1]);
    return {
      from: new Date(zonedStart(y, 1, timeZone)).toISOString(),
      before: new Date(zonedStart(y + 1, 1, timeZone)).toISOString(),
    };
  }
  return undefined;
}

export interface ArchiveGroup {
  label: string;
  /** `YYYY-MM` or `YYYY`. */
  key: string;
  count: number;
  url: string;
}

/**
 * Publish dates grouped by month or year in `timeZone`, newest first, each linking to the blog
 * filtered by that period (`/blog?month=2026-03`, `/blog?year=2026`).
 */
export function archiveGroups(
  dates: readonly number[],
  options: { groupBy: 'month' | 'year'; timeZone: string; locale: string; blogUrl: string },
): ArchiveGroup[] {
  const counts = new Map<string, number>();
  for (const at of dates) {
    const { year, month } = zonedParts(at, options.timeZone);
    const key = options.groupBy === 'year' ? String(year) : `${year}-${String(month).padStart(2, '0')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const monthName = new Intl.DateTimeFormat(options.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key, n]) => {
      const [y, m] = key.split('-').map(Number);
      return {
        key,
        count: n,
        label: options.groupBy === 'year' ? key : monthName.format(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)),
        url: `${options.blogUrl}?${options.groupBy}=${key}`,
      };
    });
}

export interface CloudTerm {
  name: string;
  count: number;
  /** 1 (least used) … BLOG_BLOCK_LIMITS.cloudSteps (most used). */
  step: number;
}

/** Terms weighted into size steps by how many posts use them (log scale), the most used kept, sorted by name. */
export function cloudTerms(terms: readonly { name: string; count: number }[]): CloudTerm[] {
  const steps = BLOG_BLOCK_LIMITS.cloudSteps;
  const kept = [...terms]
    .filter((t) => t.count > 0 && t.name)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, BLOG_BLOCK_LIMITS.cloudTerms);
  const most = Math.max(1, ...kept.map((t) => t.count));
  const least = Math.min(most, ...kept.map((t) => t.count));
  const span = Math.log(most) - Math.log(least);
  return kept
    .map((t) => ({
      name: t.name,
      count: t.count,
      step: span === 0 ? 3 : 1 + Math.round(((Math.log(t.count) - Math.log(least)) / span) * (steps - 1)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A date as the blog blocks print it: `Mar 4, 2026` in the site's zone, and the ISO instant for `<time>`. */
export function postDate(at: number, locale: string, timeZone: string): { dateText: string; datetime: string } {
  if (!Number.isFinite(at) || at <= 0) return { dateText: '', datetime: '' };
  return {
    dateText: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }).format(at),
    datetime: new Date(at).toISOString(),
  };
}

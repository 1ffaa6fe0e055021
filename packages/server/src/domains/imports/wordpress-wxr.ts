import { checkPostTerms, type SectionData, slugFromTitle } from '@tessera/core';
import { childrenNamed, childText, parseXml, textOf, type XmlElement } from '../../platform/xml/xml-read.js';
import { type ContentContext, convertContent, paragraphs, plainText, type WxrAttachment } from './wordpress-blocks.js';
import { type PageDraft, pageOf } from './wordpress-pages.js';

export { paragraphs, plainText };

// Reads a WordPress export (WXR, the XML of Tools → Export) into post drafts for
// `tessera import wordpress` (issue 19). Only reads: what to write is decided in wordpress-import.ts.
// Post bodies become our blocks and cleaned HTML (wordpress-blocks.ts); image and attachment
// addresses stay as they are (nothing is downloaded unless asked: wordpress-media.ts) and are counted.
// A post's featured image is the attachment its `_thumbnail_id` names.

/** More `<item>`s than this (posts, pages, attachments, menu entries…) is refused as a whole. */
export const MAX_WXR_ITEMS = 5000;

export interface CommentDraft {
  wpId: string;
  parentWpId: string | null;
  author: string;
  email: string;
  body: string;
  status: 'approved' | 'pending' | 'spam';
  createdAt: string;
}

export interface PostDraft {
  line: number;
  wpId: string;
  title: string;
  urlId: string;
  body: string;
  /** The same body as sections of our blocks. */
  sections: SectionData[];
  /** The attachment `_thumbnail_id` names (the post's featured image). */
  featuredImage?: { url: string; altText: string };
  excerpt: string;
  status: 'published' | 'draft' | 'scheduled' | 'needs-review' | 'private';
  publishOn: string;
  author: string;
  tags: string[];
  categories: string[];
  commentsEnabled: boolean;
  comments: CommentDraft[];
  /** Pingbacks, trackbacks and trashed comments left out. */
  commentsSkipped: number;
  /** `<img>` addresses in the body (kept as they are). */
  images: number;
  /** The path of the post's address on the old site (`/2024/08/tomato-harvest/`), when it has one of its own. */
  oldPath?: string;
}

export interface SkippedItem {
  line: number;
  reason: string;
}

export interface ParsedWxr {
  siteTitle: string;
  /** The exporting site's address (`wp:base_site_url`): post ids are only unique within it. */
  source: string;
  posts: PostDraft[];
  /** Items of type page (wordpress-pages.ts). */
  pages: PageDraft[];
  skipped: SkippedItem[];
  /** Attachment items (media library entries). */
  attachments: number;
  /** Their files' addresses (`wp:attachment_url`), for `--fetch-media` / `--media` (wordpress-media.ts). */
  attachmentUrls: string[];
}

/** The file is refused as a whole (not XML, not WXR, too many items). */
export class WxrError extends Error {}

export const STATUSES: Record<string, PostDraft['status']> = {
  publish: 'published',
  draft: 'draft',
  future: 'scheduled',
  pending: 'needs-review',
  private: 'private',
};
const COMMENT_STATUSES: Record<string, CommentDraft['status']> = { '1': 'approved', '0': 'pending', spam: 'spam' };

/** A `wp:postmeta` value of an item, by its key. */
export function metaOf(item: XmlElement, key: string): string | undefined {
  for (const meta of childrenNamed(item, 'wp:postmeta'))
    if (childText(meta, 'wp:meta_key').trim() === key) return childText(meta, 'wp:meta_value').trim();
  return undefined;
}

/** The export's attachments by post id (their files' addresses, alt text and post). */
function attachmentsOf(items: readonly XmlElement[]): Map<string, WxrAttachment> {
  const found = new Map<string, WxrAttachment>();
  for (const item of items) {
    if (childText(item, 'wp:post_type').trim() !== 'attachment') continue;
    const id = childText(item, 'wp:post_id').trim();
    const url = childText(item, 'wp:attachment_url').trim();
    if (!/^\d+$/.test(id) || !url || found.has(id)) continue;
    found.set(id, {
      url,
      alt: plainText(metaOf(item, '_wp_attachment_image_alt') ?? '').slice(0, 1000),
      parent: childText(item, 'wp:post_parent').trim(),
    });
  }
  return found;
}

/** A WordPress date: the GMT one ("2024-03-01 09:30:00"), else the RFC 822 `pubDate`, else the local one. */
export function dateOf(gmt: string, rfc822: string, local: string): string | undefined {
  for (const raw of [gmt, rfc822, local]) {
    const value = raw.trim();
    if (!value || value.startsWith('0000-00-00')) continue;
    const at = Date.parse(/^\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value);
    if (!Number.isNaN(at) && at > 0) return new Date(at).toISOString();
  }
  return undefined;
}

export function urlIdOf(postName: string, title: string, wpId: string): string {
  let slug = postName.trim();
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // keep it as written
  }
  slug = slug.toLowerCase();
  if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && slug.length <= 120) return slug;
  const fromTitle = slugFromTitle(slug || title).replace(/^page-?/, '');
  return fromTitle || `post-${wpId}`;
}

function commentsOf(item: XmlElement): { comments: CommentDraft[]; skipped: number } {
  const comments: CommentDraft[] = [];
  let skipped = 0;
  for (const node of childrenNamed(item, 'wp:comment')) {
    const type = childText(node, 'wp:comment_type').trim();
    const status = COMMENT_STATUSES[childText(node, 'wp:comment_approved').trim()];
    const body = plainText(childText(node, 'wp:comment_content'));
    const wpId = childText(node, 'wp:comment_id').trim();
    if ((type && type !== 'comment') || !status || !body || !wpId) {
      skipped++;
      continue;
    }
    const parent = childText(node, 'wp:comment_parent').trim();
    comments.push({
      wpId,
      parentWpId: parent && parent !== '0' ? parent : null,
      author: plainText(childText(node, 'wp:comment_author')).slice(0, 100) || 'Anonymous',
      email: childText(node, 'wp:comment_author_email').trim().slice(0, 254),
      body: body.slice(0, 5000),
      status,
      createdAt:
        dateOf(childText(node, 'wp:comment_date_gmt'), '', childText(node, 'wp:comment_date')) ??
        new Date().toISOString(),
    });
  }
  // A reply whose parent was left out becomes a top-level comment.
  const kept = new Set(comments.map((c) => c.wpId));
  for (const c of comments) if (c.parentWpId && !kept.has(c.parentWpId)) c.parentWpId = null;
  return { comments, skipped };
}

/** One `<item>` of type post as a draft, or the reason it is skipped. */
function postOf(
  item: XmlElement,
  authors: Map<string, string>,
  now: number,
  attachments: ReadonlyMap<string, WxrAttachment>,
): PostDraft | string {
  const wpId = childText(item, 'wp:post_id').trim();
  if (!/^\d+$/.test(wpId)) return 'It has no WordPress post id.';
  const rawStatus = childText(item, 'wp:status').trim();
  const status = STATUSES[rawStatus];
  if (!status) return `Status "${rawStatus.slice(0, 20)}" is not imported (trash, auto-draft, …).`;
  const title = plainText(childText(item, 'title')).replace(/\s+/g, ' ').slice(0, 200) || 'Untitled post';
  const content = childText(item, 'content:encoded');
  if (content.length > 500_000) return 'Its content is longer than 500,000 characters.';
  const terms = { tag: [] as string[], category: [] as string[] };
  for (const node of childrenNamed(item, 'category')) {
    const kind = node.attrs.domain === 'post_tag' ? 'tag' : node.attrs.domain === 'category' ? 'category' : null;
    const name = plainText(textOf(node));
    if (kind && name && !terms[kind].some((t) => t.toLowerCase() === name.toLowerCase())) terms[kind].push(name);
  }
  const tags = checkPostTerms('tag', terms.tag, []);
  if (!tags.ok) return tags.error;
  const categories = checkPostTerms('category', terms.category, []);
  if (!categories.ok) return categories.error;
  const date = dateOf(childText(item, 'wp:post_date_gmt'), childText(item, 'pubDate'), childText(item, 'wp:post_date'));
  if (status === 'scheduled' && (!date || Date.parse(date) <= now))
    return 'A scheduled post without a date in the future.';
  const { html: body, sections } = convertContent(content, { attachments, postId: wpId });
  const thumbnail = attachments.get(metaOf(item, '_thumbnail_id') ?? '');
  const login = childText(item, 'dc:creator').trim();
  const { comments, skipped } = commentsOf(item);
  return {
    line: item.line,
    wpId,
    title,
    urlId: urlIdOf(childText(item, 'wp:post_name'), title, wpId),
    body,
    sections,
    ...(thumbnail ? { featuredImage: { url: thumbnail.url, altText: thumbnail.alt } } : {}),
    excerpt: plainText(childText(item, 'excerpt:encoded')).slice(0, 2000),
    status,
    publishOn: date ?? new Date(now).toISOString(),
    author: (authors.get(login) ?? login).slice(0, 100),
    tags: tags.value,
    categories: categories.value,
    commentsEnabled: childText(item, 'wp:comment_status').trim() === 'open',
    comments,
    commentsSkipped: skipped,
    images: (body.match(/<img\s/gi) ?? []).length,
    oldPath: pathOf(childText(item, 'link')),
  };
}

/**
 * The path of an address (without query or fragment), or undefined for none, the home page or a bad
 * address. Squarespace's exports give paths only (`/journal/first-firing`): they are read as paths.
 */
export function pathOf(link: string): string | undefined {
  try {
    const path = new URL(link.trim(), 'https://wxr.invalid').pathname;
    return path.length > 1 && path.length <= 500 && !/\s/.test(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a WXR file; throws WxrError (or XmlSyntaxError) when the file as a whole is refused. */
export function parseWxr(xml: string, now = Date.now()): ParsedWxr {
  const root = parseXml(xml);
  const channel = root.name === 'rss' ? childrenNamed(root, 'channel')[0] : undefined;
  if (!channel || !childText(channel, 'wp:wxr_version').trim())
    throw new WxrError('This is not a WordPress export (WXR): no <rss><channel> with <wp:wxr_version>.');
  const items = childrenNamed(channel, 'item');
  if (items.length > MAX_WXR_ITEMS)
    throw new WxrError(
      `The export holds ${items.length} items; at most ${MAX_WXR_ITEMS} are read at once. Export it in parts (WordPress can export by date range).`,
    );
  const authors = new Map<string, string>();
  for (const node of childrenNamed(channel, 'wp:author')) {
    const login = childText(node, 'wp:author_login').trim();
    const name = plainText(childText(node, 'wp:author_display_name'));
    if (login) authors.set(login, name || login);
  }
  const attachments = attachmentsOf(items);
  const parsed: ParsedWxr = {
    siteTitle: plainText(childText(channel, 'title')),
    source: (childText(channel, 'wp:base_site_url') || childText(channel, 'link')).trim().replace(/\/+$/, ''),
    posts: [],
    pages: [],
    skipped: [],
    attachments: 0,
    attachmentUrls: [],
  };
  for (const item of items) {
    const type = childText(item, 'wp:post_type').trim();
    if (type === 'attachment') {
      parsed.attachments++;
      const url = childText(item, 'wp:attachment_url').trim();
      if (url) parsed.attachmentUrls.push(url);
      continue;
    }
    const what = plainText(childText(item, 'title')).slice(0, 60) || '(no title)';
    if (type === 'page') {
      const page = pageOf(item, now, { attachments } satisfies ContentContext);
      if (typeof page === 'string') parsed.skipped.push({ line: item.line, reason: `Page "${what}": ${page}` });
      else parsed.pages.push(page);
      continue;
    }
    if (type !== 'post') {
      parsed.skipped.push({ line: item.line, reason: `"${what}" is a ${type || 'untyped'} item, not a post or page.` });
      continue;
    }
    const post = postOf(item, authors, now, attachments);
    if (typeof post === 'string') parsed.skipped.push({ line: item.line, reason: `"${what}": ${post}` });
    else parsed.posts.push(post);
  }
  return parsed;
}

import { commentLabel, imageView, timeAgo, truncate } from '@tessera/core';
import type { CommentView } from '../../comments/index.js';
import type { ContentItem } from '@tessera/core/site';
import { plainText } from './plain-text.js';

export const EXCERPT_LENGTH = 200;

/** How wide a featured image shows: beside a post card's text, and across the post's narrow column. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 100vw, 240px';
export const POST_IMAGE_SIZES = '(max-width: 800px) 100vw, 760px';

export interface TermLink {
  name: string;
  url: string;
  active?: boolean;
  count?: number;
}

/** `/blog?tag=care`: the list filtered by one tag or category. */
export function termUrl(blogUrl: string, kind: 'tag' | 'category', name: string): string {
  return `${blogUrl}?${kind}=${encodeURIComponent(name)}`;
}

/**
 * A blog post in the shape the templates read: the content item plus `publicCommentCount` and
 * `commentState` (what SPEC §4's `comments?` predicate tests), the comment label, the excerpt as
 * truncated plain text, links for its tags and categories, and its featured image (the first of
 * `items`, which the blog post editor stores) as `cardImage` and `featuredImage`: src, srcset,
 * sizes, width, height and the owner's alt text.
 */
export function postView(item: ContentItem, blogUrl: string, publicCommentCount: number): Record<string, unknown> {
  const excerpt = plainText(item.excerpt) || plainText(item.body);
  return {
    ...item,
    publicCommentCount,
    commentState: item.commentsEnabled ? 1 : 0,
    commentLabel: commentLabel(publicCommentCount),
    excerptText: truncate(excerpt, EXCERPT_LENGTH),
    authorName: item.author.displayName,
    publishIso: new Date(item.publishOn).toISOString(),
    tagLinks: item.tags.map((name) => ({ name, url: termUrl(blogUrl, 'tag', name) })),
    categoryLinks: item.categories.map((name) => ({ name, url: termUrl(blogUrl, 'category', name) })),
    cardImage: imageView(item.items[0], 300, CARD_IMAGE_SIZES) ?? null,
    featuredImage: imageView(item.items[0], 750, POST_IMAGE_SIZES) ?? null,
  };
}

/** A comment for the thread: plain text (the template escapes it) and "about 3 hours ago". */
export function commentView(comment: CommentView, now: number): Record<string, unknown> {
  return {
    ...comment,
    addedIso: new Date(comment.addedOn).toISOString(),
    addedAgo: timeAgo(comment.addedOn, now),
    paragraphs: comment.body.split(/\n{2,}/).map((text) => ({ text })),
  };
}

export interface ShareLink {
  service: string;
  label: string;
  url: string;
}

/** Share links as plain addresses (no third-party scripts): the page's absolute URL and title. */
export function shareLinks(absoluteUrl: string, title: string, options: Record<string, unknown>): ShareLink[] {
  const url = encodeURIComponent(absoluteUrl);
  const text = encodeURIComponent(title);
  const all: ShareLink[] = [
    { service: 'facebook', label: 'Facebook', url: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { service: 'twitter', label: 'X (Twitter)', url: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    { service: 'linkedin', label: 'LinkedIn', url: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { service: 'email', label: 'Email', url: `mailto:?subject=${text}&body=${url}` },
  ];
  const chosen = all.filter((link) => options[link.service] === true);
  return chosen.length > 0 ? chosen : all;
}

/** The site's social accounts (`websiteSettings.socialAccounts`) as follow links. */
export function followLinks(accounts: unknown): { service: string; label: string; url: string }[] {
  if (!Array.isArray(accounts)) return [];
  const links: { service: string; label: string; url: string }[] = [];
  for (const account of accounts) {
    const entry = account as Record<string, unknown>;
    const url = typeof entry.profileUrl === 'string' ? entry.profileUrl : '';
    if (!/^https:\/\//.test(url)) continue;
    const service = typeof entry.serviceName === 'string' ? entry.serviceName : 'link';
    const label = typeof entry.title === 'string' && entry.title ? entry.title : service;
    links.push({ service, label, url });
  }
  return links;
}

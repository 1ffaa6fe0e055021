import { sectionImageUrls, sectionPlayableUrls } from './wordpress-blocks.js';
import { isPlayable, type MediaOutcome, originOf, playableAddresses, uploadAddresses } from './wordpress-media.js';
import type { ParsedWxr } from './wordpress-wxr.js';

// Where a WordPress or Squarespace export uses its own files (issue 19, wordpress-media.ts): the
// addresses an import with media copying brings in, and, for a file too large for the site, which
// posts and pages keep its old address.

/**
 * The export's own files: its attachments', the pictures its posts and pages show (HTML, blocks,
 * featured images) and the sound and video files they play or link to, on its own site or on
 * Squarespace's CDN (wordpress-media.ts).
 */
export function mediaAddresses(parsed: ParsedWxr, cdnHosts?: readonly string[]): string[] {
  const items = [...parsed.posts, ...parsed.pages];
  const all = [
    ...parsed.attachmentUrls,
    ...parsed.posts.flatMap((post) => (post.featuredImage ? [post.featuredImage.url] : [])),
    ...items.flatMap((item) => uploadAddresses(item.body, parsed.source, cdnHosts)),
    ...items.flatMap((item) => sectionImageUrls(item.sections)),
    ...items.flatMap((item) => playableAddresses(item.body, parsed.source, cdnHosts)),
    ...items.flatMap((item) => sectionPlayableUrls(item.sections).filter(isPlayable)),
  ];
  return [...new Set(all)].filter((url) => originOf(url, parsed.source, cdnHosts) !== undefined);
}

/** One sentence per file too large for the site's files: which posts and pages keep its old address, and what to do. */
export function tooLargeWarnings(parsed: ParsedWxr, media: MediaOutcome): string[] {
  return media.tooLarge.map(({ url, limitBytes }) => {
    const uses = (item: { body: string; sections: unknown }) =>
      item.body.includes(url) ||
      item.body.includes(url.replaceAll('&', '&amp;')) ||
      JSON.stringify(item.sections).includes(url);
    const titles = [
      ...parsed.posts.filter((post) => uses(post) || post.featuredImage?.url === url).map((post) => `"${post.title}"`),
      ...parsed.pages.filter(uses).map((page) => `page "${page.title}"`),
    ];
    const where =
      titles.length === 0
        ? 'its attachment'
        : titles.slice(0, 3).join(', ') + (titles.length > 3 ? ` and ${titles.length - 3} more` : '');
    const name = decodeURIComponent(
      url
        .replace(/[?#].*$/, '')
        .split('/')
        .pop() || url,
    );
    const megabytes = Math.round(limitBytes / 1024 / 1024);
    return `${name} is larger than the ${megabytes} MB a file of the site may have, so ${where} still use${titles.length === 1 || titles.length === 0 ? 's' : ''} its old address ${url}. To keep it on this site, make it smaller (a video can also go on YouTube or Vimeo), upload it under Files and choose it in its block.`;
  });
}

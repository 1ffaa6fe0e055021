import type { ContentService } from '../content-service.js';
import type { BlogBlockSources, FeedRead } from '../../../render/blocks/blog-block-data.js';

type Content = Pick<ContentService, 'getPageBySlug' | 'listItems' | 'listTerms' | 'listPublishDates'>;

/**
 * The lookups of the blog blocks for one site, on the cached content service: only a published
 * blog that is neither members-only nor password-protected is read, and only its public posts.
 */
export function blogBlockSources(
  site: { id: string },
  content: Content,
  feeds: { read(url: string): Promise<FeedRead> },
): Omit<BlogBlockSources, 'timeZone' | 'locale'> {
  return {
    async blog(slug) {
      const page = await content.getPageBySlug(site.id, slug);
      if (page?.kind !== 'blog' || page.membersOnly || page.passwordProtected) return undefined;
      return { id: page.id, url: `/${page.slug}` };
    },
    publishDates: (blogId) => content.listPublishDates(site.id, blogId),
    terms: (blogId, kind) => content.listTerms(site.id, blogId, kind),
    async posts(blogId, filter) {
      return (await content.listItems(site.id, blogId, { ...filter, status: 'published' })).items;
    },
    feed: (url) => feeds.read(url),
  };
}

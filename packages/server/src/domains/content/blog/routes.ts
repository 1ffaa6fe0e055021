import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCommentService } from '../../comments/index.js';
import type { PageScope, SiteScope } from '../../../render/page-context.js';
import { themeAssetUrl } from '../../../render/theme.js';
import { eventItemPage, eventsListPage } from '../events/index.js';
import { searchPage } from '../search/index.js';
import { blogItemPage, blogListPage } from './index.js';
import { feedLink, sendCollectionFeed } from '../../web/index.js';
import { type ContentPageRequest, type ContentPagesDeps, firstQueryValue, isPlausibleUrlId } from './content-pages.js';

/** What the pages plugin hands over for one request (its own `PageRequest`). */
export interface PluginPage {
  readonly site: SiteScope;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export interface PluginRendering {
  render(
    page: PluginPage,
    template: string,
    scope: PageScope,
    extra: Record<string, unknown>,
    status?: number,
  ): Promise<void>;
  notFound(page: PluginPage): Promise<void>;
  /** The theme folder, for the stylesheet's content hash. */
  themeDir: string;
  renderSections?: ContentPagesDeps['renderSections'];
}

export interface ContentPages {
  /** Serves `/<slug>` when it is a blog or an events collection; false when it is neither. */
  serveCollection(page: PluginPage, slug: string): Promise<boolean>;
  /** Serves `/<slug>/<urlId>` (and `/<events>/<urlId>.ics`); false when the collection is neither kind. */
  serveItem(page: PluginPage, slug: string, urlId: string): Promise<boolean>;
  /** `/search` (page type 102). */
  serveSearch(page: PluginPage): Promise<void>;
}

/**
 * Blog, events and search pages for the pages plugin, which keeps the routes and the layout and
 * calls in here by collection kind (`collections.kind`, migration 0005_content).
 */
export function createContentPages(app: FastifyInstance, rendering: PluginRendering): ContentPages {
  const content = app.services.content;
  const deps: ContentPagesDeps = {
    db: app.db,
    content,
    comments: createCommentService(app.db),
    stylesheet: themeAssetUrl(rendering.themeDir, 'content.css'),
    renderSections: rendering.renderSections,
  };

  async function collectionOf(page: PluginPage, slug: string): Promise<ContentPageRequest | undefined> {
    if (!isPlausibleUrlId(slug)) return undefined;
    const found = await content.getPageBySlug(page.site.id, slug);
    if (!found || (found.kind !== 'blog' && found.kind !== 'events')) return undefined;
    if (found.passwordProtected || found.membersOnly) return undefined;
    return {
      ...page,
      collection: {
        id: found.id,
        slug: found.slug,
        title: found.title,
        description: found.description,
        settings: found.settings,
        kind: found.kind,
      } as ContentPageRequest['collection'],
      // Every page of a blog or events collection names its RSS feed (domains/web/feed-route.ts).
      render: (template, scope, extra, status) =>
        rendering.render(
          page,
          template,
          scope,
          { ...extra, page: { ...((extra.page as object) ?? {}), feed: feedLink(found) } },
          status,
        ),
      notFound: () => rendering.notFound(page),
    };
  }

  return {
    async serveCollection(page, slug) {
      const target = await collectionOf(page, slug);
      if (!target) return false;
      const kind = (target.collection as { kind?: string }).kind;
      if (firstQueryValue((page.request.query as Record<string, unknown>)?.format) === 'rss') {
        await sendCollectionFeed(app, deps, target);
        return true;
      }
      await (kind === 'blog' ? blogListPage(deps, target) : eventsListPage(deps, target));
      return true;
    },

    async serveItem(page, slug, urlId) {
      const target = await collectionOf(page, slug);
      if (!target) return false;
      if (!isPlausibleUrlId(urlId)) {
        await target.notFound();
        return true;
      }
      const kind = (target.collection as { kind?: string }).kind;
      await (kind === 'blog' ? blogItemPage(deps, target, urlId) : eventItemPage(deps, target, urlId));
      return true;
    },

    serveSearch: (page) =>
      searchPage(deps, {
        ...page,
        render: (template, scope, extra) => rendering.render(page, template, scope, extra),
      }),
  };
}

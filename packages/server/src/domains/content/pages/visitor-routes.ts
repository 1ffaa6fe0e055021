import { CollectionType, PageType } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadOwner } from '../../auth/index.js';
import { cartPageView, cartPillView } from '../../cart/index.js';
import { consentScope } from '../../../render/consent-banner.js';
import { isUnstorableText } from '../../../platform/http/error-handler.js';
import { canViewMembersPage, MEMBERS_ONLY_DENIED } from '../../site-users/index.js';
import { createContentPages } from '../blog/routes.js';
import { createSectionPages } from './content-page.js';
import { collectionUrl, collectionView, createShopPages } from './shop-pages.js';
import { loadSiteScope, type PageScope, pageContext, type SiteScope } from '../../../render/page-context.js';
import type { CartRecord, PageCartSource, PageContentSource } from '../../../render/sources.js';
import { readLoaderFromManifest } from '../../../render/storefront-manifest.js';
import { TOKEN_STAND_IN } from '../../../render/theme.js';
import { type SiteThemeSource, themeForRequest } from '../../../render/theme-pages.js';
import { type FontKitSource, linkFontKits } from '../../../render/font-kit-links.js';
import { markCacheablePage, pageHead, createPageAnswers, installPageAnswers } from '../../web/index.js';
import { STOREFRONT_MANIFEST } from '../../../repo-paths.js';

export type { PageCartSource, PageContentSource } from '../../../render/sources.js';

/** Paths other plugins own: an unclaimed GET there gets the app's own not-found answer, not a page. */
const NOT_PAGE_PREFIXES = ['/api/', '/assets/', '/theme/'];

export interface PagesPluginOptions {
  readonly content: PageContentSource;
  readonly carts: PageCartSource;
  /** Storefront build manifest (default `packages/storefront/dist/manifest.json`). */
  readonly manifestPath?: string;
  /**
   * The site's own theme copy (theme editor, `domains/site-themes/`), asked only when the site row
   * names a live version or the request asks for the draft preview; undefined: the default theme.
   */
  readonly siteTheme?: SiteThemeSource;
  /** The site's connected font kits (issue 21, `domains/fonts`): pages link them, the CSP allows their origins. */
  readonly fontKits?: FontKitSource;
}

interface PageRequest {
  readonly site: SiteScope;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/**
 * Visitor pages: renders the theme's templates for every GET that no API route claimed.
 * `/` home, `/cart` the cart (page type 200), `/:collection` a products collection
 * (`?view=list` for the list view), `/:collection/p/:urlId` a product; anything else is the
 * not-found page (page type 100) with status 404.
 */
export default async function pagesPlugin(app: FastifyInstance, options: PagesPluginOptions): Promise<void> {
  const { content, carts } = options;
  const theme = app.services.theme;
  app.services.pageCacheStats = () => theme.memoStats;
  const loader = readLoaderFromManifest(options.manifestPath ?? STOREFRONT_MANIFEST);
  if (loader.problem) app.log.warn(loader.problem);
  const assets = { stylesheet: theme.stylesheetUrl, loaderSrc: loader.src };
  // Whole answers for anonymous visitors (issue 20, domains/web/page-answers.ts), before any lookup.
  const answers = content.freshness && createPageAnswers(content.freshness, TOKEN_STAND_IN);
  if (answers) installPageAnswers(app, answers);

  async function withSite(
    request: FastifyRequest,
    reply: FastifyReply,
    handle: (page: PageRequest) => Promise<void>,
  ): Promise<void> {
    const site = await loadSiteScope(content, request.hostname);
    if (!site) {
      reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
      return;
    }
    try {
      await handle({ site, request, reply });
    } catch (error) {
      // A path PostgreSQL cannot even compare (a NUL character) names no page.
      if (isUnstorableText(error) && !reply.sent) return sendNotFound({ site, request, reply });
      // Page type 101: a calm error page that says nothing about the cause (it goes to the log).
      request.log.error({ err: error, path: request.url }, 'page failed to render');
      if (reply.sent) return;
      try {
        await sendPage(
          { site, request, reply },
          'error',
          { pageType: PageType.ERROR, path: request.url, title: 'Something went wrong' },
          {},
          500,
        );
      } catch {
        reply.code(500).type('text/plain; charset=utf-8').send('Something went wrong. Please try again later.');
      }
    }
  }

  async function readCart(site: SiteScope, request: FastifyRequest): Promise<CartRecord | undefined> {
    const token = cookieOf(request, 'CART');
    if (!token) return undefined;
    return (await carts.getCartByToken(site.id, token)) ?? undefined;
  }

  /** Renders `template` with the shared context plus `extra`, and sends it as HTML. */
  async function sendPage(
    { site, request, reply }: PageRequest,
    template: string,
    scope: PageScope,
    extra: Record<string, unknown>,
    status = 200,
  ): Promise<void> {
    if (scope.membersOnly && !(await canViewMembersPage(request))) {
      const denied = { pageType: MEMBERS_ONLY_DENIED.pageType, path: scope.path, title: 'Members only' };
      const { template: deniedTemplate, status: deniedStatus } = MEMBERS_ONLY_DENIED;
      return sendPage({ site, request, reply }, deniedTemplate, denied, { denied: { next: scope.path } }, deniedStatus);
    }
    // Sites without their own theme copy skip this (no query): see `themeForRequest`.
    const own = await themeForRequest(theme, site, request, options.siteTheme);
    const pageTheme = own.theme;
    const context = pageContext(
      site,
      { ...scope, ownerRoles: (await loadOwner(request))?.roles, ...consentScope(request) },
      pageTheme === theme ? assets : { ...assets, stylesheet: pageTheme.stylesheetUrl },
    );
    const isCart = scope.pageType === PageType.SHOW_CART;
    const cart = (extra.cart as CartRecord | undefined) ?? (isCart ? undefined : await readCart(site, request));
    const page = { ...(context.page as Record<string, unknown>), ...((extra.page as object) ?? {}) };
    linkFontKits(page, reply, await options.fontKits?.(site.id));
    const full = {
      ...context,
      cart: cart ?? null,
      cartPill: cartPillView(cart, site.currency, site.locale),
      ...extra,
      page: { ...page, isCart, showCartPill: !isCart, head: await pageHead(app, site, scope, extra) },
    };
    const rendered = pageTheme.renderPage(template, full, {
      locale: site.locale,
      timeZone: site.timeZone,
      visitorToken: request.crumb,
    });
    if (rendered.errors.length > 0) {
      request.log.warn(
        { template, path: scope.path, errors: rendered.errors },
        'template errors while rendering a page',
      );
    }
    // ETag, Cache-Control and 304 on the way out (domains/web/etag.ts); error and not-found pages stay no-store.
    if (own.preview) reply.header('cache-control', 'no-store');
    else markCacheablePage(reply);
    // Kept for the next visitors: sent as they will get it (`page-answers.ts`).
    if (await answers?.offer(request, reply, site.id, rendered.shared, status)) return;
    reply.code(status).type('text/html; charset=utf-8').send(rendered.html);
  }

  async function sendNotFound(page: PageRequest): Promise<void> {
    await sendPage(
      page,
      'not-found',
      { pageType: PageType.NOT_FOUND, path: page.request.url, title: 'Page not found' },
      {},
      404,
    );
  }

  // Blog, events and search (issue 4 part B): `domains/content/blog/routes.ts`, dispatched by collection kind.
  // Pages made of sections of blocks, folders, lock screens (content-page.ts).
  const sectionPages = createSectionPages({ app, theme, render: sendPage, notFound: sendNotFound });
  const shopPages = createShopPages({ app, theme, render: sendPage, notFound: sendNotFound }, content);
  const contentPages = createContentPages(app, {
    render: sendPage,
    notFound: sendNotFound,
    themeDir: theme.dir,
    renderSections: (item) => sectionPages.renderItemSections(item),
  });

  app.post<{ Params: { collection: string } }>('/:collection', (request, reply) =>
    withSite(request, reply, async (page) => {
      if (!(await sectionPages.unlock(page, request.params.collection))) await sendNotFound(page);
    }),
  );

  app.get('/', (request, reply) =>
    withSite(request, reply, async (page) => {
      // The home page made of sections when the site has one; the shop's own home otherwise.
      if (await sectionPages.serve(page, 'home', undefined, { path: '/' })) return;
      await shopPages.home(page);
    }),
  );

  app.get('/cart', (request, reply) =>
    withSite(request, reply, async (page) => {
      const { site } = page;
      const cart = await readCart(site, request);
      const view = cartPageView(cart, site.currency, site.locale);
      await sendPage(
        page,
        'cart',
        { pageType: PageType.SHOW_CART, path: '/cart', title: 'Shopping cart' },
        { cart: view.cart, page: { cartSubtotal: view.subtotal } },
      );
    }),
  );

  app.get<{ Params: { collection: string }; Querystring: { view?: string } }>('/:collection', (request, reply) =>
    withSite(request, reply, async (page) => {
      const { site } = page;
      if (await contentPages.serveCollection(page, request.params.collection)) return;
      if (await sectionPages.serve(page, request.params.collection)) return;
      const found = await content.getCollectionBySlug(site.id, request.params.collection);
      // Drafts, pages under review and private pages are not for visitors.
      const collection = found?.isPublic ? found : undefined;
      if (collection?.type === CollectionType.PAGE) {
        // A plain page until pages get sections (issue 4): its title and its HTML description.
        return sendPage(
          page,
          'page',
          { pageType: PageType.PAGE, path: collectionUrl(collection), title: collection.title },
          { collection: collectionView(collection) },
        );
      }
      if (!collection || collection.type !== CollectionType.PRODUCTS) return sendNotFound(page);
      await shopPages.productList(page, collection, request.query.view === 'list' ? 'list' : 'grid');
    }),
  );

  app.get<{ Params: { collection: string; urlId: string } }>('/:collection/p/:urlId', (request, reply) =>
    withSite(request, reply, async (page) => {
      const { collection, urlId } = request.params;
      if (!(await shopPages.product(page, collection, urlId))) await sendNotFound(page);
    }),
  );

  app.get('/search', (request, reply) => withSite(request, reply, (page) => contentPages.serveSearch(page)));

  app.get<{ Params: { collection: string; urlId: string } }>('/:collection/:urlId', (request, reply) => {
    const { collection, urlId } = request.params;
    if (NOT_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound();
    if (urlId === '') {
      const [path, query] = splitUrl(request.url);
      return reply.redirect(`${path.replace(/\/+$/, '') || '/'}${query}`, 301);
    }
    return withSite(request, reply, async (page) => {
      if (!(await contentPages.serveItem(page, collection, urlId))) await sendNotFound(page);
    });
  });

  app.get('/*', (request, reply) => {
    if (NOT_PAGE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound();
    // `/shop/` and `/shop/p/linen-shirt/` are the same pages as without the slash.
    const [path, query] = splitUrl(request.url);
    if (path.length > 1 && path.endsWith('/') && !/^\/[/\\]/.test(path)) {
      return reply.redirect(`${path.replace(/\/+$/, '') || '/'}${query}`, 301);
    }
    return withSite(request, reply, sendNotFound);
  });
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/** Reads a cookie through @fastify/cookie when the app registered it, else from the raw header. */
function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const parsed = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies;
  if (parsed && typeof parsed[name] === 'string') return parsed[name];
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return undefined;
}

import {
  CollectionType,
  FolderBehavior,
  formBlockView,
  PageType,
  renderSectionsHtml,
  sectionViewsSync,
} from '@tessera/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentService } from '../content-service.js';
import type { ContentItem, Page, Section } from '@tessera/core/site';
import { createFormStore } from '../../forms/index.js';
import {
  type BlockSources,
  needsLookups,
  sectionViews,
  summaryFromItems,
  summaryFromProducts,
} from '../../../render/blocks/block-views.js';
import { requestedLanguage, type PageScope, type SiteScope } from '../../../render/page-context.js';
import { checkPassword, isUnlocked, LOCK_MESSAGES, LockAttempts, setUnlockCookie } from './page-lock.js';
import { clientKey } from '../../../platform/http/rate-limit.js';
import { blogBlockSources } from './blog-block-sources.js';
import type { Theme } from '../../../render/theme.js';

/** The pages plugin's own request and rendering, as content pages need them. */
export interface ContentPageHost {
  readonly app: FastifyInstance;
  readonly theme: Theme;
  render(
    page: HostPage,
    template: string,
    scope: PageScope,
    extra: Record<string, unknown>,
    status?: number,
  ): Promise<void>;
  notFound(page: HostPage): Promise<void>;
}

export interface HostPage {
  readonly site: SiteScope;
  readonly request: FastifyRequest;
  readonly reply: import('fastify').FastifyReply;
}

type SiteContentService = Pick<
  ContentService,
  | 'getPageBySlug'
  | 'getPagePasswordHash'
  | 'listItems'
  | 'getCollectionBySlug'
  | 'listProducts'
  | 'getProductById'
  | 'listTerms'
  | 'listPublishDates'
>;

interface SectionsHtml {
  readonly html: string;
  readonly stylesheets: readonly { href: string }[];
}

/** Page kinds whose sections this module renders (blog and events have their own pages). */
const SECTION_KINDS = new Set(['page', 'gallery', 'splash', '']);

/**
 * Pages made of sections (home, about, gallery, splash pages …): folders, members-only and
 * password-protected pages, translations by `?lang=`, and each block through its theme partial.
 */
export function createSectionPages(host: ContentPageHost) {
  const { app, theme } = host;
  const content = app.services.content as unknown as SiteContentService;
  const forms = createFormStore(app.db);
  const attempts = new LockAttempts(app.attemptStores('page-unlock'));

  function sources(site: SiteScope, crumb = '', path = ''): BlockSources {
    return {
      crumb,
      path,
      timeZone: site.timeZone,
      locale: site.locale,
      currency: site.currency,
      now: new Date(),
      async summaryItems(slug, limit) {
        const collection = await content.getCollectionBySlug(site.id, slug);
        if (!collection) return { kind: 'items', url: '', items: [] };
        const url = `/${collection.slug}`;
        if (collection.type === CollectionType.PRODUCTS) {
          const products = await content.listProducts(site.id, collection.id);
          return { kind: 'products', url, items: summaryFromProducts(products.slice(0, limit), url) };
        }
        const { items } = await content.listItems(site.id, collection.id, { limit });
        return { kind: 'items', url, items: summaryFromItems(items, Date.now()) };
      },
      async events(slug) {
        const collection = await content.getPageBySlug(site.id, slug);
        if (!collection) return [];
        return (await content.listItems(site.id, collection.id, { limit: 100, order: 'newest' }))
          .items as ContentItem[];
      },
      ...blogBlockSources(site, content, app.feedReader),
      product: (productId) => content.getProductById(site.id, productId),
      async form(formId) {
        const stored = await forms.getForm(site.id, formId);
        return stored ? formBlockView(stored.definition) : undefined;
      },
    };
  }

  function settingsOf(site: SiteScope) {
    return { locale: site.locale, timeZone: site.timeZone };
  }

  /** The sections of `page` in the requested language (falling back to the default's). */
  function localized(
    page: Page,
    lang: string | undefined,
  ): { title: string; description: string; sections: Section[] } {
    const copy = lang ? page.translations[lang] : undefined;
    return {
      title: copy?.title ?? page.title,
      description: copy?.description ?? page.description,
      sections: copy?.sections && copy.sections.length > 0 ? copy.sections : page.sections,
    };
  }

  const formsStylesheet = theme.assetUrl('forms.css');

  async function renderSections(site: SiteScope, sections: Section[]): Promise<string> {
    return (await renderSectionsWithAssets(site, sections)).html;
  }

  /**
   * Sections HTML by the sections list it came from. Only lists from the content cache (frozen,
   * so they cannot change under the same identity) whose blocks look nothing up, by locale and
   * time zone, and only when no partial read the clock: the HTML is then a function of those.
   */
  const renderedSections = new WeakMap<readonly Section[], Map<string, SectionsHtml>>();

  /** The sections' HTML plus the stylesheets their blocks need (forms.css for a form or newsletter block). */
  async function renderSectionsWithAssets(
    site: SiteScope,
    sections: Section[],
    crumb = '',
    path = '',
  ): Promise<SectionsHtml> {
    const settings = settingsOf(site);
    const settingsKey = `${settings.locale}\u0000${settings.timeZone}`;
    const pure = Object.isFrozen(sections) && sections.every((section) => !section.blocks.some(needsLookups));
    const known = pure ? renderedSections.get(sections)?.get(settingsKey) : undefined;
    if (known !== undefined) return known;
    const clockReads = theme.clockReads;
    const views = await sectionViews(sections, sources(site, crumb, path));
    const hasForm = views.some((section) =>
      section.blocks.some((block) => block.partial === 'newsletter' || block.partial === 'form'),
    );
    const rendered: SectionsHtml = Object.freeze({
      html: renderSectionsHtml(theme, views, settings, app.log),
      stylesheets: Object.freeze(hasForm ? [Object.freeze({ href: formsStylesheet })] : []),
    });
    if (pure && theme.clockReads === clockReads) {
      let bySettings = renderedSections.get(sections);
      if (bySettings === undefined) renderedSections.set(sections, (bySettings = new Map()));
      bySettings.set(settingsKey, rendered);
    }
    return rendered;
  }

  /** For item bodies (blog posts, events): blocks that need no lookups, synchronously. */
  function renderItemSections(item: { sections: unknown[] }, site?: SiteScope): string {
    const views = sectionViewsSync(item.sections as Section[]);
    return renderSectionsHtml(theme, views, site ? settingsOf(site) : { locale: 'en-US', timeZone: 'UTC' }, app.log);
  }

  /**
   * Serves a page collection; false when `slug` is not a sections page (the caller tries others).
   * `unlockError` re-renders the lock screen with a message after a wrong password.
   */
  async function serve(
    page: HostPage,
    slug: string,
    unlockError?: string,
    options: { path?: string; status?: number } = {},
  ): Promise<boolean> {
    const { site, request, reply } = page;
    const found = await content.getPageBySlug(site.id, slug);
    if (!found) return false;
    if (found.folderBehavior != null) return serveFolder(page, found);
    if (!SECTION_KINDS.has(found.kind) || found.type === CollectionType.PRODUCTS) return false;
    const lang = requestedLanguage(site, request.query);
    const text = localized(found, lang);
    const path = options.path ?? found.fullUrl;

    if (found.passwordProtected) {
      const hash = await content.getPagePasswordHash(site.id, found.id);
      if (hash && !isUnlocked(request, found.id, hash)) {
        await host.render(
          page,
          'lock-screen',
          { pageType: PageType.LOCK_SCREEN, path, title: text.title, lang, hideChrome: true },
          { lock: { action: path, crumb: request.crumb, error: unlockError ?? '', title: text.title } },
          options.status ?? (unlockError ? 401 : 200),
        );
        return true;
      }
    }
    const isSplash = found.type === CollectionType.SPLASH_PAGE;
    const pageType = isSplash
      ? PageType.SPLASH_PAGE
      : found.passwordProtected
        ? PageType.PROTECTED_CONTENT
        : PageType.PAGE;
    const { html: sectionsHtml, stylesheets } = await renderSectionsWithAssets(
      site,
      text.sections,
      request.crumb,
      request.url,
    );
    await host.render(
      page,
      'content-page',
      {
        pageType,
        path,
        title: text.title,
        lang,
        membersOnly: found.membersOnly,
        hideChrome: isSplash,
        showPopup: true,
      },
      {
        collection: { id: found.id, title: text.title, fullUrl: path, description: text.description },
        page: {
          sectionsHtml,
          extraStylesheets: stylesheets,
          bodyClass: path === '/' ? 'is-home' : `is-${found.kind || 'page'} page-${found.slug}`,
          isSplash,
          lang: lang ?? '',
        },
      },
    );
    return true;
  }

  /** SPEC §3/§4 folder behaviour: index → its first child, redirect → its URL, none → not found. */
  async function serveFolder(page: HostPage, folder: Page): Promise<boolean> {
    if (
      folder.folderBehavior === FolderBehavior.REDIRECT &&
      folder.redirectUrl &&
      /^\/(?!\/)/.test(folder.redirectUrl)
    ) {
      page.reply.redirect(folder.redirectUrl, 302);
      return true;
    }
    if (folder.folderBehavior === FolderBehavior.INDEX) {
      const tree = await (app.services.content as ContentService).getNavigationTree(page.site.id);
      const find = (nodes: typeof tree): (typeof tree)[number] | undefined => {
        for (const node of nodes) {
          if (node.id === folder.id) return node;
          const inner = find(node.children);
          if (inner) return inner;
        }
        return undefined;
      };
      const url = find(tree)?.url;
      if (url) {
        page.reply.redirect(url, 302);
        return true;
      }
    }
    await host.notFound(page);
    return true;
  }

  /** POST `/:slug` with `password` (and the crumb): unlocks a protected page for this browser session. */
  async function unlock(page: HostPage, slug: string): Promise<boolean> {
    const { site, request, reply } = page;
    const found = await content.getPageBySlug(site.id, slug);
    if (!found || !found.passwordProtected) return false;
    const hash = await content.getPagePasswordHash(site.id, found.id);
    if (!hash) return false;
    const key = `${clientKey(request.ip)}|${found.id}`;
    const password = (request.body as Record<string, unknown> | undefined)?.password;
    // A guess is counted before it is checked (`LockAttempts.attempt`); an empty form is no guess.
    const guess = typeof password === 'string' && password !== '';
    if ((await attempts.blocked(key)) || (guess && !(await attempts.attempt(key)))) {
      reply.header('retry-after', '600');
      return serve(page, slug, LOCK_MESSAGES.tooManyAttempts, { status: 429 });
    }
    const result = await checkPassword(hash, password);
    if (result !== 'ok') {
      return serve(page, slug, result === 'missing' ? LOCK_MESSAGES.missingPassword : LOCK_MESSAGES.wrongPassword);
    }
    await attempts.clear(key);
    setUnlockCookie(request, reply, found.id, hash);
    const lang = requestedLanguage(site, request.query);
    reply.redirect(lang ? `${found.fullUrl}?lang=${lang}` : found.fullUrl, 303);
    return true;
  }

  return { serve, unlock, renderSections, renderItemSections };
}

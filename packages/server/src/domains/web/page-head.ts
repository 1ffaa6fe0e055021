import { PageType } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import type { PageScope, SiteScope } from '../../render/page-context.js';
import { siteLanguages } from '@tessera/core/site';
import { webBaseUrl } from './base-url.js';
import { type HeadTags, headTags } from './head-tags.js';
import type { ProductRatings } from './json-ld.js';
import { itemSeoOf } from './item-seo-head.js';
import { type PreloadImage, preloadImageOf } from './preload-image.js';
import { siteIconUrl } from './site-icon.js';

/** The site's public address for pages; `http://localhost` only where an app has no config (unit tests). */
async function baseUrlOf(app: FastifyInstance, siteId: string): Promise<string> {
  const services = (app as { services?: FastifyInstance['services'] }).services;
  const site = services?.content?.getSite ? await services.content.getSite(siteId) : undefined;
  try {
    return webBaseUrl(app, site ?? {});
  } catch {
    return 'http://localhost';
  }
}

/**
 * The head tags (`domains/web/head-tags.ts`) of a page the pages plugin renders, as `page.head` for the
 * theme's `site-head.block`: from the site, the page's scope and the handler's extra context.
 */
export async function pageHead(
  app: FastifyInstance,
  site: SiteScope,
  scope: PageScope,
  extra: Record<string, unknown>,
): Promise<HeadTags & { seoTitle?: string; preloadImage?: PreloadImage }> {
  const languages = siteLanguages(site.websiteSettings, site.locale);
  const codes = languages.enabled
    ? [
        languages.defaultLanguage,
        ...languages.languages.filter((l) => l.enabled && l.code !== languages.defaultLanguage).map((l) => l.code),
      ]
    : [];
  const collection = (extra.collection ?? undefined) as Record<string, unknown> | undefined;
  const logo = site.websiteSettings.logo as { url?: unknown } | null | undefined;
  const item = (extra.item ?? undefined) as Record<string, unknown> | undefined;
  const seo =
    scope.pageType === PageType.CONTENT_ITEM
      ? itemSeoOf(item ?? scope.product, scope.lang)
      : await pageSeo(app, site.id, scope);
  const preloadImage = preloadImageOf(item);
  const tags = headTags({
    baseUrl: await baseUrlOf(app, site.id),
    site: {
      title: site.title,
      description: site.description,
      locale: site.locale,
      ...(typeof logo?.url === 'string' ? { logoUrl: logo.url } : {}),
      ...(siteIconUrl(site.websiteSettings) ? { iconUrl: siteIconUrl(site.websiteSettings) } : {}),
      ...(codes.length > 1 ? { languages: { defaultLanguage: languages.defaultLanguage, codes } } : {}),
    },
    page: {
      pageType: scope.pageType,
      path: scope.path,
      title: scope.title,
      description: scope.description,
      lang: scope.lang,
      collectionKind: typeof collection?.typeName === 'string' ? collection.typeName : undefined,
      collection: collection
        ? { title: String(collection.title ?? ''), fullUrl: String(collection.fullUrl ?? '') }
        : undefined,
      item: scope.product ? { ...(scope.product as unknown as Record<string, unknown>), ...item } : item,
      currency: site.currency,
      ...(seo ? { seo } : {}),
      ...(extra.reviewsJsonLd ? { reviews: extra.reviewsJsonLd as ProductRatings } : {}),
    },
  });
  return preloadImage ? { ...tags, preloadImage } : tags;
}

/** Pages and collection lists whose settings may carry the owner's SEO fields. */
const PAGE_TYPES_WITH_SEO: ReadonlySet<number> = new Set([
  PageType.PAGE,
  PageType.SPLASH_PAGE,
  PageType.MAIN_CONTENT,
  PageType.PROTECTED_CONTENT,
]);

/**
 * The SEO fields of the page at `scope.path` (page settings: `seoTitle`, `seoDescription`,
 * `noindex`). Title and description are written in the default language, so a page shown in
 * another language keeps its own; hiding from search engines holds in every language.
 */
async function pageSeo(
  app: FastifyInstance,
  siteId: string,
  scope: PageScope,
): Promise<{ title?: string; description?: string; noindex?: boolean } | undefined> {
  if (!PAGE_TYPES_WITH_SEO.has(scope.pageType)) return undefined;
  const slug = scope.path === '/' ? 'home' : /^\/([^/?#]+)$/.exec(scope.path)?.[1];
  const services = (app as { services?: FastifyInstance['services'] }).services;
  if (!slug || !services?.content?.getPageBySlug) return undefined;
  const found = await services.content.getPageBySlug(siteId, slug);
  if (!found) return undefined;
  const settings = found.settings ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  return {
    ...(scope.lang ? {} : { title: text(settings.seoTitle), description: text(settings.seoDescription) }),
    noindex: settings.noindex === true,
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { consentScope } from './consent-banner.js';
import { STOREFRONT_MANIFEST } from '../repo-paths.js';
import { type FontKitSource, linkFontKits } from './font-kit-links.js';
import { loadSiteScope, type PageScope, pageContext, type SiteScope } from './page-context.js';
import type { PageContentSource } from './sources.js';
import { readLoaderFromManifest } from './storefront-manifest.js';
import type { Theme } from './theme.js';

/**
 * A site's own theme for one request (issue 21's theme editor): its live version, or the draft for
 * an administrator previewing it; undefined for the default theme. Made in app.ts from
 * `domains/site-themes` and handed to every route that prints a theme page.
 */
export type SiteThemeSource = (
  site: SiteScope,
  request: FastifyRequest,
) => Promise<{ theme: Theme; preview: boolean } | undefined>;

/** A live theme version on the site row, or `?themePreview=draft` (checked against the owner by the source). */
export function wantsSiteTheme(site: SiteScope, request: FastifyRequest): boolean {
  return site.themeVersion !== undefined || (request.query as { themePreview?: unknown }).themePreview === 'draft';
}

/**
 * The theme a request's page renders with: the site's own when it has one, else `fallback`. Sites
 * on the default theme pay nothing (no query).
 */
export async function themeForRequest(
  fallback: Theme,
  site: SiteScope,
  request: FastifyRequest,
  siteTheme: SiteThemeSource | undefined,
): Promise<{ theme: Theme; preview: boolean }> {
  const own = siteTheme && wantsSiteTheme(site, request) ? await siteTheme(site, request) : undefined;
  return own ?? { theme: fallback, preview: false };
}

/** What the theme pages need from the app (`app.services` has it all). */
export interface ThemePageServices {
  readonly content: PageContentSource;
  readonly siteTheme?: SiteThemeSource;
  /** The signed-in owner's roles, so the tracker skips owners (SPEC §6). */
  readonly ownerRoles: (request: FastifyRequest) => Promise<readonly number[] | undefined>;
  /** The site's connected font kits (issue 21): every theme page links them, its CSP allows them. */
  readonly fontKits?: FontKitSource;
  /** The default theme, compiled once for every route that prints a theme page (`app.services.theme`). */
  readonly theme: Theme;
}

/**
 * Renders the pages outside the pages plugin (account, sign-in, owner sign-in, checkout, order,
 * donate, restock) with the site's theme and the same page context, header, footer and loader
 * script as every other page; no cart pill, never cached.
 */
export class ThemePages {
  private readonly loaderSrc: string | undefined;

  constructor(private readonly services: ThemePageServices) {
    this.loaderSrc = readLoaderFromManifest(STOREFRONT_MANIFEST).src;
  }

  site(request: FastifyRequest): Promise<SiteScope | undefined> {
    return loadSiteScope(this.services.content, request.hostname);
  }

  /** Finds the request's site (404 without one) and sends `template` for it. */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    template: string,
    scope: PageScope,
    extra: Record<string, unknown> = {},
    status = 200,
  ): Promise<FastifyReply> {
    const site = await this.site(request);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
    return this.sendFor(request, reply, site, template, scope, extra, status);
  }

  /** Sends `template` for a site the caller has already found. */
  async sendFor(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteScope,
    template: string,
    scope: PageScope,
    extra: Record<string, unknown> = {},
    status = 200,
  ): Promise<FastifyReply> {
    const { theme } = await themeForRequest(this.services.theme, site, request, this.services.siteTheme);
    // The owner's roles go into the page context so the tracker skips owners (SPEC §6).
    const context = pageContext(
      site,
      { ...scope, ownerRoles: await this.services.ownerRoles(request), ...consentScope(request) },
      { stylesheet: theme.stylesheetUrl, loaderSrc: this.loaderSrc },
    );
    const page = { ...(context.page as Record<string, unknown>), ...((extra.page as object) ?? {}) };
    linkFontKits(page, reply, await this.services.fontKits?.(site.id));
    const rendered = theme.renderPage(
      template,
      { ...context, cart: null, ...extra, crumb: request.crumb, page: { ...page, showCartPill: false } },
      { locale: site.locale, timeZone: site.timeZone, remember: false },
    );
    if (rendered.errors.length > 0) request.log.warn({ template, errors: rendered.errors }, 'template errors');
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(rendered.html);
  }
}

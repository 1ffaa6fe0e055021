import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadOwner } from '../auth/owner-session.js';
import { consentScope } from '../consent/banner-context.js';
import type { ContentService } from '../content/content-service.js';
import { loadSiteScope, type PageScope, pageContext, type SiteScope } from '../../render/page-context.js';
import { readLoaderFromManifest } from '../../render/storefront-manifest.js';
import { Theme } from '../../render/theme.js';
import { DEFAULT_THEME_DIR, STOREFRONT_MANIFEST } from '../../repo-paths.js';

/**
 * Renders the account, sign-in and owner sign-in pages with the default theme's layout, the way
 * the pages plugin renders its own (same page context, header, footer and loader script).
 */
export class ThemePages {
  private readonly theme: Theme;
  private readonly assets: { stylesheet: string; loaderSrc: string | undefined };

  constructor(private readonly content: ContentService) {
    this.theme = new Theme(DEFAULT_THEME_DIR);
    const loader = readLoaderFromManifest(STOREFRONT_MANIFEST);
    this.assets = { stylesheet: this.theme.stylesheetUrl, loaderSrc: loader.src };
  }

  site(request: FastifyRequest): Promise<SiteScope | undefined> {
    return loadSiteScope(this.content, request.hostname);
  }

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
    // The owner's roles go into the page context so the tracker skips owners (SPEC §6).
    const context = pageContext(
      site,
      { ...scope, ownerRoles: (await loadOwner(request))?.roles, ...consentScope(request) },
      this.assets,
    );
    const page = { ...(context.page as Record<string, unknown>), ...((extra.page as object) ?? {}) };
    const rendered = this.theme.renderPage(
      template,
      { ...context, cart: null, ...extra, crumb: request.crumb, page: { ...page, showCartPill: false } },
      { locale: site.locale, timeZone: site.timeZone },
    );
    if (rendered.errors.length > 0) request.log.warn({ template, errors: rendered.errors }, 'template errors');
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(rendered.html);
  }
}

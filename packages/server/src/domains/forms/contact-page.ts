import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { formBlockView, PageType } from '@tessera/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consentScope } from '../../render/consent-banner.js';
import { type CartService, cartPillView } from '../cart/index.js';
import type { ContentService } from '../content/index.js';
import { CART_COOKIE } from '../../platform/http/cookies.js';
import { loadSiteScope, pageContext } from '../../render/page-context.js';
import type { CartRecord } from '../../render/sources.js';
import { readLoaderFromManifest } from '../../render/storefront-manifest.js';
import { type SiteThemeSource, themeForRequest } from '../../render/theme-pages.js';
import { type FontKitSource, linkFontKits } from '../../render/font-kit-links.js';
import { DEFAULT_THEME_DIR, STOREFRONT_MANIFEST } from '../../repo-paths.js';
import { DEMO_CONTACT_FORM_ID, DEMO_NEWSLETTER_FORM_ID } from './demo-forms.js';
import type { FormStore } from './form-store.js';

function stylesheetUrl(file: string): string {
  try {
    const hash = createHash('sha256')
      .update(readFileSync(`${DEFAULT_THEME_DIR}/assets/${file}`))
      .digest('hex')
      .slice(0, 10);
    return `/theme/${file}?v=${hash}`;
  } catch {
    return `/theme/${file}`;
  }
}

export interface ContactPageOptions {
  content: ContentService;
  carts: CartService;
  store: FormStore;
  /** The site's own theme (theme editor), like every other page. */
  siteTheme?: SiteThemeSource;
  /** The site's font kits (issue 21), linked like on every other page. */
  fontKits?: FontKitSource;
}

/**
 * GET /contact: the demo contact form and the newsletter sign-up, rendered with the theme's
 * layout the way the pages plugin renders its pages (same context, cart pill and loader).
 */
export function registerContactPage(app: FastifyInstance, options: ContactPageOptions): void {
  const theme = app.services.theme;
  const loader = readLoaderFromManifest(STOREFRONT_MANIFEST);
  const assets = { stylesheet: theme.stylesheetUrl, loaderSrc: loader.src };
  const formsStylesheet = stylesheetUrl('forms.css');

  const readCart = async (siteId: string, request: FastifyRequest) => {
    const token = request.cookies[CART_COOKIE];
    return (token ? await options.carts.getCartByToken(siteId, token) : undefined) as CartRecord | undefined;
  };

  app.get('/contact', async (request, reply) => {
    const site = await loadSiteScope(options.content, request.hostname);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No site is configured for this host.');
    const [contact, newsletter, cart] = await Promise.all([
      options.store.getForm(site.id, DEMO_CONTACT_FORM_ID),
      options.store.getForm(site.id, DEMO_NEWSLETTER_FORM_ID),
      readCart(site.id, request),
    ]);
    const { theme: pageTheme } = await themeForRequest(theme, site, request, options.siteTheme);
    const context = pageContext(
      site,
      { pageType: PageType.PAGE, path: '/contact', title: 'Contact', ...consentScope(request) },
      pageTheme === theme ? assets : { ...assets, stylesheet: pageTheme.stylesheetUrl },
    );
    const page = context.page as Record<string, unknown>;
    linkFontKits(page, reply, await options.fontKits?.(site.id));
    const rendered = pageTheme.renderPage(
      'contact',
      {
        ...context,
        cart: cart ?? null,
        cartPill: cartPillView(cart, site.currency, site.locale),
        contactBlock: contact ? { form: formBlockView(contact.definition) } : null,
        newsletterBlock: newsletter ? { form: formBlockView(newsletter.definition) } : null,
        page: { ...page, formsStylesheet, isCart: false, showCartPill: true, bodyClass: 'is-contact' },
      },
      { locale: site.locale, timeZone: site.timeZone },
    );
    if (rendered.errors.length > 0) request.log.warn({ errors: rendered.errors }, 'template errors on /contact');
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(rendered.html);
  });
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import adminPlugin from './owner-routes.js';
import exportsPlugin from './domains/exports/owner-routes.js';
import importsPlugin from './domains/imports/owner-routes.js';
import ownerAuthPlugin from './domains/auth/plugin.js';
import { loadOwner } from './domains/auth/index.js';
import commentsPlugin from './domains/comments/plugin.js';
import commercePlugin from './domains/cart/plugin.js';
import consentPlugin from './domains/consent/plugin.js';
import { type CartService, createCartService } from './domains/cart/cart-service.js';
import type { ServerConfig } from './platform/config.js';
import { type ContentService, createContentService } from './domains/content/content-service.js';
import type { Database } from './platform/db/schema.js';
import filesPlugin from './domains/files/plugin.js';
import formsPlugin from './domains/forms/plugin.js';
import { installAfterAnswer } from './platform/http/after-answer.js';
import { installCrumb } from './platform/http/crumb.js';
import { answerFrameworkError, installErrorHandling } from './platform/http/error-handler.js';
import { installJsonBodies } from './platform/http/json-body.js';
import { installRateLimit } from './platform/http/rate-limit.js';
import { installRouteCatalogue } from './route-catalogue.js';
import { openApiInput } from './openapi-contracts.js';
import { installOpenApiRoute } from './platform/http/openapi-route.js';
import { installAnswerCheck } from './platform/http/answer-check.js';
import { installSecurityHeaders } from './platform/http/security-headers.js';
import { fastifyTrustProxy } from './platform/http/trust-proxy.js';
import { createInvalidationBus } from './platform/cluster/create-bus.js';
import { installOperations } from './platform/operations/index.js';
import { requestIdOptions } from './platform/operations/request-id.js';
import {
  copyMissingFiles,
  createFileStorage,
  DiskStorage,
  S3Storage,
  siteFileStorage,
} from './platform/storage/index.js';
import checkoutPlugin from './domains/checkout/plugin.js';
import paymentConnectionsPlugin from './domains/payments/connections/index.js';
import paymentsPlugin from './domains/payments/plugin.js';
import donationsPlugin from './domains/donations/plugin.js';
import webhooksPlugin from './domains/webhooks/plugin.js';
import {
  formSubmittedWebhook,
  newsletterSubscribedWebhook,
  orderEventData,
  recordWebhookEvent,
  restockSignedUpWebhook,
} from './domains/webhooks/index.js';
import fontsPlugin from './domains/fonts/plugin.js';
import { fontKitsOf, pageFontKits } from './domains/fonts/index.js';
import { fontUsesIn, readDesign } from './domains/design/design-model.js';
import { ownFontId } from './domains/design/own-fonts.js';
import mailingServicesPlugin from './domains/mailing-services/plugin.js';
import { type NewsletterSignup, queueMailingSignup } from './domains/mailing-services/index.js';
import { createFeedReader } from './domains/feeds/index.js';
import memberAreasPlugin from './domains/memberships/plugin.js';
import reviewsPlugin from './domains/reviews/plugin.js';
import jobsPlugin from './jobs.js';
import editorPlugin from './domains/editor/plugin.js';
import pagesPlugin from './domains/content/pages/visitor-routes.js';
import siteThemesPlugin, { createSiteThemes, withLiveOverrides } from './domains/site-themes/plugin.js';
import { PAGE_MEMO_CHARS, Theme } from './render/theme.js';
import { type SiteThemeSource, ThemePages } from './render/theme-pages.js';
import type { FontKitSource } from './render/font-kit-links.js';
import { DEFAULT_THEME_DIR, REPO_ROOT } from './repo-paths.js';
import restockPlugin from './domains/restock/plugin.js';
import trackingPlugin from './domains/tracking/plugin.js';
import webPlugin, { installWebDelivery } from './domains/web/plugin.js';
import siteSettingsPlugin from './domains/settings/plugin.js';
import {
  createSiteSettingsStore,
  parseSiteSettings,
  updateSiteSettings,
} from './domains/settings/settings-repository.js';
import siteUsersPlugin from './domains/site-users/plugin.js';
import { memberAreaSiteUsers } from './domains/site-users/member-area-port.js';

export interface AppServices {
  content: ContentService;
  carts: CartService;
  /** A site's own theme (theme editor) for a request, for every route that prints a theme page. */
  siteTheme: SiteThemeSource;
  /** The signed-in owner's roles for a request (render/ must not import the auth domain). */
  ownerRoles: (request: FastifyRequest) => Promise<readonly number[] | undefined>;
  /**
   * The default theme, its templates compiled once and its render memo shared: every route that prints
   * a theme page renders with it (or with the site's own copy, `siteTheme`).
   */
  theme: Theme;
  /** Prints the theme pages outside the pages plugin (sign-in, account, checkout, set-up…). */
  pages: ThemePages;
  /** A site's font kits for its pages (issue 21): stylesheets to link and the CSP allowing them. */
  fontKits: FontKitSource;
}

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: ServerConfig;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: ServerConfig;
    services: AppServices;
  }
}

export const STOREFRONT_ASSETS_DIR = join(REPO_ROOT, 'packages/storefront/dist/assets');
export const THEME_ASSETS_DIR = join(DEFAULT_THEME_DIR, 'assets');

/**
 * The whole server as a Fastify instance (not listening): shared hooks (cookies, crumb, errors),
 * static files, then one encapsulated plugin per area, `pages` last so it answers every GET no API
 * route claimed. The caller owns `db` and destroys it after `app.close()`.
 */
/** What a site's font kits are read from: only a write there forgets them (`content.remember`). */
const FONT_KIT_TABLES: ReadonlySet<string> = new Set(['site_font_kits']);

export async function buildApp({ db, config }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    frameworkErrors: answerFrameworkError,
    ...requestIdOptions(),
  });
  // Other nodes' writes empty this node's content cache (issue 18, platform/cluster/).
  const bus = await createInvalidationBus(db, { redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', async () => bus.close());
  // The theme editor (issue 21): a site's own copy of theme files, for every theme page and the editor canvas.
  const siteThemes = createSiteThemes(
    db,
    (overrides, memoChars) => new Theme(DEFAULT_THEME_DIR, { overrides, memoChars }),
  );
  const content = createContentService(db, { bus });
  const siteTheme: SiteThemeSource = (site, request) => siteThemes.cache.forPage(site, request);
  const ownerRoles = async (request: FastifyRequest) => (await loadOwner(request))?.roles;
  // A site's font kits on every theme page and in its editor (issue 21). Cached with the site's
  // content (`site_font_kits` is a content table): no query per page view, nor after a stock change.
  const fontKits: FontKitSource = (siteId) =>
    content.remember(siteId, 'font-kits', async () => pageFontKits(await fontKitsOf(db, siteId)), FONT_KIT_TABLES);
  const theme = new Theme(DEFAULT_THEME_DIR, { memoChars: PAGE_MEMO_CHARS });
  const services: AppServices = {
    content,
    carts: createCartService(db),
    siteTheme,
    ownerRoles,
    theme,
    pages: new ThemePages({ content, siteTheme, ownerRoles, fontKits, theme }),
    fontKits,
  };
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('services', services);
  // The RSS block's outside feeds (issue 23): fetched through the SSRF guard, cached, never slow.
  app.decorate('feedReader', createFeedReader({ log: (message, url) => app.log.warn({ url }, message) }));

  installErrorHandling(app);
  // Work behind an answer whose timing must not tell what it found (password-reset requests).
  installAfterAnswer(app);
  installSecurityHeaders(app);
  installRouteCatalogue(app);
  // Tests only: answers held against their routes' published schemas (before compression's onSend).
  if (config.checkAnswers) installAnswerCheck(app);
  // /healthz, /readyz, /metrics and the X-Request-Id header (issue 18).
  installOperations(app, { bus });
  installJsonBodies(app);
  await app.register(cookie);
  await app.register(formbody);
  installCrumb(app);
  // Page validators and compression (issue 22): after the crumb's hook, which may set its cookie.
  installWebDelivery(app, { themeAssetsDir: THEME_ASSETS_DIR });
  const cartWriteLimit = await installRateLimit(app, config);

  await app.register(ownerAuthPlugin);
  app.get('/api/health', async () => ({ ok: true }));
  // GET /api/openapi.json (issue 16): built at its first request, from the route catalogue.
  installOpenApiRoute(app, () => openApiInput(app));

  mkdirSync(config.filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: STOREFRONT_ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
  });
  await app.register(fastifyStatic, {
    root: THEME_ASSETS_DIR,
    prefix: '/theme/',
    decorateReply: false,
    maxAge: '1h',
    preCompressed: true,
  });
  // Uploads and image variants: the files folder, or an S3-compatible bucket (issue 18).
  const fileStorage = createFileStorage({ filesDir: config.filesDir, s3: config.s3 });
  app.decorate('fileStorage', fileStorage);
  app.decorate('siteFiles', (siteId: string) => siteFileStorage(app.db, fileStorage, siteId));
  // Seed and starter pictures are drawn into the files folder; a bucket gets those it lacks.
  app.decorate('copyDrawnFiles', () => copyMissingFiles(new DiskStorage(config.filesDir), fileStorage));
  if (fileStorage instanceof S3Storage) {
    app.addHook('onClose', async () => fileStorage.client.destroy());
    await app
      .copyDrawnFiles()
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not copy the seed pictures into the S3 bucket'));
  }
  await app.register(filesPlugin, {
    // `/files/*` serves the files of the site the request's host names (none for an unknown host).
    filesOf: async (request) => {
      const site = await services.content.getSiteForHost(request.hostname).catch(() => undefined);
      return site && { siteId: site.id, storage: await app.siteFiles(site.id) };
    },
  });

  await app.register(commercePlugin, { ...services, writeGuard: cartWriteLimit });
  await app.register(siteSettingsPlugin);
  // A new newsletter subscriber: the `newsletter.subscribed` webhook and the mailing-services outbox (issue 21).
  const afterSubscribed = async (trx: Kysely<Database>, signup: NewsletterSignup) => {
    await newsletterSubscribedWebhook(trx, signup);
    await queueMailingSignup(trx, signup);
  };
  await app.register(formsPlugin, { content: services.content, afterAccepted: formSubmittedWebhook, afterSubscribed });
  await app.register(siteUsersPlugin);
  // Paid member areas (issue 23): before checkout, so its hook sees the order page.
  await app.register(memberAreasPlugin, { siteUsers: memberAreaSiteUsers(services.pages) });
  await app.register(trackingPlugin, { content: services.content });
  await app.register(consentPlugin);
  await app.register(commentsPlugin, { content: services.content });
  await app.register(checkoutPlugin, { content: services.content });
  await app.register(paymentConnectionsPlugin, {});
  // Hosted payments (issue 17): Stripe and PayPal sessions, webhooks, return pages.
  await app.register(paymentsPlugin, {
    content: services.content,
    // A refund the provider reports (made in its dashboard) is an `order.refunded` event like the owner's.
    orderRefunded: (trx, { siteId, order, amountCents, full, now }) =>
      recordWebhookEvent(trx, {
        siteId,
        type: 'order.refunded',
        data: { ...orderEventData(order), refund: { amountCents, full } },
        now,
      }),
  });
  // Donations (issue 23): orders with one donation line, paid through the hosted flow.
  await app.register(donationsPlugin);
  // Product reviews (issue 23): before the pages, which show them on product pages.
  await app.register(reviewsPlugin, {
    siteUsers: memberAreaSiteUsers(services.pages),
    settings: { parse: parseSiteSettings, update: updateSiteSettings },
  });
  // Outgoing webhooks (issue 21): owner routes; the `webhooks` job posts the outbox.
  await app.register(webhooksPlugin);
  // Mailing services (issue 21): newsletter sign-ups sent on to Mailchimp or a webhook target.
  await app.register(mailingServicesPlugin);
  // Fonts of your own (issue 21): uploaded font files, served self-hosted from /_fonts/.
  await app.register(fontsPlugin, {
    usedBy: async (siteId, family) => {
      const { settings } = await createSiteSettingsStore(app.db, services.content).read(siteId);
      return fontUsesIn(readDesign((settings.website as { design?: unknown } | undefined)?.design), ownFontId(family));
    },
  });
  // Housekeeping on a timer (issue 15): unpaid orders' stock holds, data retention.
  await app.register(jobsPlugin);
  await app.register(restockPlugin, {
    content: services.content,
    hooks: { afterSignedUp: restockSignedUpWebhook, afterSubscribed },
  });
  await app.register(editorPlugin, {
    filesDir: config.filesDir,
    liveTheme: (siteId, source) => withLiveOverrides(app.db, siteId, source),
    fontKits,
  });
  await app.register(adminPlugin);
  await app.register(exportsPlugin);
  await app.register(importsPlugin);
  // robots.txt and the sitemap (issue 22), before the pages' catch-all routes.
  await app.register(webPlugin, { content: services.content });
  await app.register(siteThemesPlugin, { themes: siteThemes });
  await app.register(pagesPlugin, {
    content: services.content,
    carts: services.carts,
    siteTheme: services.siteTheme,
    fontKits,
  });
  return app;
}

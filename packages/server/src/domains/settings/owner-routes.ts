import {
  COOKIE_BANNER_POSITIONS,
  COOKIE_POLICIES,
  CURRENCIES,
  type CookieBannerSettings,
  cookieBannerOf,
  cookieBannerProblems,
  SHARE_SERVICES,
  SITE_ADMIN_MESSAGES,
  trimCookieBanner,
  WEIGHT_UNITS,
  weightUnitOf,
} from '@tessera/core';
import {
  type StoreSettings,
  settingsOptions,
  storeSettings,
  type WebsiteSettings,
  websiteSettings,
} from '@tessera/core/contracts/settings';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { paymentSettingsJson, STOCK_HOLD_MINUTES, stockHoldMinutesOf } from '../checkout/index.js';
import { type PaymentProviders, TEST_MODE_MESSAGES } from '../payments/index.js';
import { originalSizeOf } from '../files/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { PUBLIC_URL_RULE, parsePublicUrl } from '../../platform/http/public-url.js';
import { parseRedirects, REDIRECTS_MAX_CHARS, cleanRobotsExtra, ROBOTS_EXTRA_MAX, siteIconUrl } from '../web/index.js';
import { mailingListsPlugin } from '../forms/index.js';
import { createSiteSettingsStore, objectOr, ownerOf, type StoredSettings } from './site-settings-store.js';

/** SPEC §8 editor messages (shared with the editor through @tessera/core). */
export const SETTINGS_MESSAGES = SITE_ADMIN_MESSAGES;

const TIME_ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

const fileUrl = z
  .string()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9._~/-]+$/, 'Use the URL of an uploaded file (/files/…).');

const websiteBody = z
  .object({
    siteTitle: z.string().trim().min(1).max(100),
    logo: z
      .object({
        url: fileUrl,
        altText: z.string().max(200).default(''),
        // The picture's pixel size, read from the file on save (what a client sends is replaced).
        width: z.number().optional(),
        height: z.number().optional(),
      })
      .strict()
      .nullable(),
    timeZone: z.string().max(64),
    currency: z.enum(CURRENCIES as unknown as [string, ...string[]]),
    locale: z
      .string()
      .max(35)
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Use a locale such as en-US.'),
    commentsEnabled: z.boolean(),
    /** New comments wait for a moderator (`pending`) instead of showing at once. */
    commentsRequireApproval: z.boolean(),
    disqusShortname: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9-]*$/, 'Use letters, digits and dashes in the Disqus shortname.'),
    simpleLikingEnabled: z.boolean(),
    shareButtonOptions: z.partialRecord(z.enum(SHARE_SERVICES), z.boolean()),
    cookiePolicy: z.enum(COOKIE_POLICIES),
    trackingEnabled: z.boolean(),
    /** The site icon: an uploaded image the server makes favicons and app icons from (`domains/web/site-icon.ts`). */
    siteIcon: z.object({ url: fileUrl }).strict().nullable(),
    /** URL redirects, one per line (`domains/web/redirects.ts`); loops and bad lines are refused by line number. */
    redirects: z
      .string()
      .max(REDIRECTS_MAX_CHARS, `Keep the redirects under ${REDIRECTS_MAX_CHARS} characters.`)
      .superRefine((text, context) => {
        const parsed = parseRedirects(text);
        if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.errors.join(' ') });
      }),
    /** Lines added to /robots.txt after the defaults (`domains/web/robots.ts`). */
    robotsTxtExtra: z
      .string()
      .max(ROBOTS_EXTRA_MAX, `Keep the robots.txt addition under ${ROBOTS_EXTRA_MAX} characters.`)
      .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/, 'Use plain text in the robots.txt addition.'),
    mailingListId: z.string().max(64).nullable(),
    /** Where mailed links point (`https://shop.example.com`); null or "" to clear (platform/http/public-url.ts). */
    publicUrl: z.string().max(300).nullable(),
    /** The cookie banner; fields left out keep their saved value (core `cookie-banner.ts` checks the words). */
    cookieBanner: z
      .object({
        enabled: z.boolean(),
        text: z.string().max(5000),
        privacyLabel: z.string().max(500),
        privacyUrl: z.string().max(5000),
        acceptLabel: z.string().max(500),
        declineLabel: z.string().max(500),
        position: z.enum(COOKIE_BANNER_POSITIONS),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

const storeBody = z
  .object({
    multipleQuantityAllowedForServices: z.boolean(),
    restockHiddenByDefault: z.boolean(),
    restockMailingListOptIn: z.boolean(),
    restockNotificationsSuccessText: z.string().trim().max(300),
    /** Send restock notifications as soon as a sold-out variant gets stock (else the editor offers it). */
    restockAutoSend: z.boolean(),
    scarcityEnabled: z.boolean(),
    scarcityShownByDefault: z.boolean(),
    scarcityThreshold: z.number().int().min(1).max(1000),
    scarcityText: z.string().trim().min(1).max(200),
    expressCheckout: z.boolean(),
    /** Issue 15 (`domains/checkout/payment-settings.ts`): pay later, test mode, more than one coupon per order. */
    payLaterEnabled: z.boolean(),
    testMode: z.boolean(),
    allowCouponStacking: z.boolean(),
    /** Minutes a payment-pending order holds its stock before it is cancelled (`domains/checkout/stock-holds.ts`). */
    stockHoldMinutes: z
      .number({ error: 'Enter a whole number of minutes.' })
      .int('Enter a whole number of minutes.')
      .min(STOCK_HOLD_MINUTES.min, `Hold stock for at least ${STOCK_HOLD_MINUTES.min} minutes.`)
      .max(STOCK_HOLD_MINUTES.max, `Hold stock for at most ${STOCK_HOLD_MINUTES.max} minutes (30 days).`),
    /** The unit of weights a file gives without one (a Squarespace product CSV's), `domains/imports/product-csv.ts`. */
    weightUnit: z.enum(WEIGHT_UNITS, { error: `Choose the weight unit: ${WEIGHT_UNITS.join(', ')}.` }),
  })
  .partial()
  .strict();

type Row = { title: string; locale: string; currency: string; time_zone: string; public_url?: string | null };

function websiteJson(row: Row, settings: StoredSettings): WebsiteSettings {
  const website = objectOr(settings.website);
  const share = objectOr(website.shareButtonOptions);
  const icon = siteIconUrl(website);
  return {
    siteTitle: row.title,
    logo: (website.logo as WebsiteSettings['logo'] | undefined) ?? null,
    timeZone: row.time_zone,
    currency: row.currency,
    locale: row.locale,
    commentsEnabled: website.commentsEnabled === true,
    commentsRequireApproval: website.commentsRequireApproval === true,
    disqusShortname: typeof website.disqusShortname === 'string' ? website.disqusShortname : '',
    simpleLikingEnabled: website.simpleLikingEnabled === true,
    shareButtonOptions: Object.fromEntries(SHARE_SERVICES.map((service) => [service, share[service] === true])),
    cookiePolicy: website.cookiePolicy === 'restrictive' ? 'restrictive' : 'standard',
    trackingEnabled: website.trackingEnabled !== false,
    robotsTxtExtra: cleanRobotsExtra(website.robotsTxtExtra),
    redirects: typeof website.redirects === 'string' ? website.redirects : '',
    siteIcon: icon ? { url: icon } : null,
    mailingListId: typeof website.mailingListId === 'string' ? website.mailingListId : null,
    cookieBanner: cookieBannerOf(website.cookieBanner),
    publicUrl: row.public_url ?? null,
  };
}

function storeJson(settings: StoredSettings, payments?: PaymentProviders, liveHosted = false): StoreSettings {
  const store = objectOr(settings.store);
  return {
    ...paymentSettingsJson(store, payments, liveHosted),
    multipleQuantityAllowedForServices: store.multipleQuantityAllowedForServices !== false,
    restockHiddenByDefault: store.restockHiddenByDefault === true,
    restockMailingListOptIn: store.restockMailingListOptIn === true,
    restockNotificationsSuccessText:
      typeof store.restockNotificationsSuccessText === 'string' ? store.restockNotificationsSuccessText : '',
    restockAutoSend: store.restockAutoSend === true,
    scarcityEnabled: store.scarcityEnabled !== false,
    scarcityShownByDefault: store.scarcityShownByDefault === true,
    scarcityThreshold: typeof store.scarcityThreshold === 'number' ? store.scarcityThreshold : null,
    scarcityText: typeof store.scarcityText === 'string' ? store.scarcityText : null,
    expressCheckout: store.expressCheckout === true,
    stockHoldMinutes: stockHoldMinutesOf(store),
    weightUnit: weightUnitOf(store.weightUnit),
  };
}

/** A public URL from Settings: undefined (unchanged), null (cleared) or a clean origin; else a 400. */
function checkedPublicUrl(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === '') return null;
  const url = parsePublicUrl(value);
  if (!url) throw new AppError('invalid-body', `publicUrl: ${PUBLIC_URL_RULE}`);
  return url;
}

/** The saved banner with `change` laid over it, trimmed; a 400 naming each field that breaks a rule. */
function checkedCookieBanner(saved: unknown, change: Partial<CookieBannerSettings>) {
  const banner = trimCookieBanner({ ...cookieBannerOf(saved), ...change });
  const problems = Object.entries(cookieBannerProblems(banner));
  if (problems.length > 0) {
    throw new AppError('invalid-body', problems.map(([field, text]) => `cookieBanner.${field}: ${text}`).join(' '));
  }
  return banner;
}

/**
 * Site settings (group `admin`) and store settings (group `store`). Title, locale, currency and
 * time zone are columns of `sites`; the rest lives in the settings JSON (`website`, `store`), which
 * pages read through the content service (its cache is cleared on every save).
 */
export default async function settingsPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const store = createSiteSettingsStore(db, app.services.content);
  const admin = { preHandler: requireOwner('admin') };
  const storeGuard = { preHandler: requireOwner('store') };

  app.get(
    '/api/config/settings',
    { ...admin, config: { contract: { response: { 200: websiteSettings } } } },
    async (request) => {
      const { row, settings } = await store.read(ownerOf(request).websiteId);
      return websiteJson(row, settings);
    },
  );

  app.get(
    '/api/config/settings/options',
    { ...admin, config: { contract: { response: { 200: settingsOptions } } } },
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const lists = await db
        .selectFrom('mailing_lists')
        .select(['id', 'name'])
        .where('site_id', '=', siteId)
        .orderBy('name')
        .execute();
      // Pages the cookie banner's privacy link may point to (folders have no page of their own).
      const pages = await db
        .selectFrom('collections')
        .select(['title', 'slug', 'kind', 'folder_behavior'])
        .where('site_id', '=', siteId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return {
        currencies: CURRENCIES,
        timeZones: [...TIME_ZONES].sort(),
        cookiePolicies: COOKIE_POLICIES,
        cookieBannerPositions: COOKIE_BANNER_POSITIONS,
        shareServices: SHARE_SERVICES,
        mailingLists: lists,
        pages: pages
          .filter((page) => page.folder_behavior == null && page.kind !== 'folder')
          .map((page) => ({ title: page.title, url: `/${page.slug}` })),
      };
    },
  );

  app.put(
    '/api/config/settings',
    { ...admin, config: { contract: { body: websiteBody, response: { 200: websiteSettings } } } },
    async (request) => {
      const body = parseInput(websiteBody, request.body);
      const siteId = ownerOf(request).websiteId;
      if (body.timeZone !== undefined && !TIME_ZONES.has(body.timeZone)) {
        throw new AppError('invalid-time-zone', SETTINGS_MESSAGES.timeZone(body.timeZone));
      }
      let locale = body.locale;
      if (locale !== undefined) {
        try {
          locale = Intl.getCanonicalLocales(locale.replace('_', '-'))[0];
        } catch {
          throw new AppError('invalid-body', 'locale: Use a locale such as en-US.');
        }
      }
      if (body.mailingListId !== undefined) {
        const lists = await db.selectFrom('mailing_lists').select('id').where('site_id', '=', siteId).execute();
        if (lists.length === 0) throw new AppError('no-mailing-lists', SETTINGS_MESSAGES.noLists);
        if (!body.mailingListId || !lists.some((l) => l.id === body.mailingListId)) {
          throw new AppError('mailing-list-required', SETTINGS_MESSAGES.listRequired);
        }
      }
      const publicUrl = checkedPublicUrl(body.publicUrl);
      const { siteTitle, timeZone, currency, locale: _locale, cookieBanner, publicUrl: _url, ...website } = body;
      // The header prints the logo with its width and height, so the page does not shift when it loads.
      if (website.logo) {
        const [width, height] = (await originalSizeOf(await app.siteFiles(siteId), website.logo.url))
          .split('x')
          .map(Number);
        website.logo = {
          url: website.logo.url,
          altText: website.logo.altText,
          ...(width && height ? { width, height } : {}),
        };
      }
      const saved = await store.update(
        siteId,
        (settings, row) => {
          const current = objectOr(settings.website);
          settings.website = { ...current, ...website };
          if (cookieBanner) settings.website.cookieBanner = checkedCookieBanner(current.cookieBanner, cookieBanner);
          return {
            settings,
            row: {
              title: siteTitle ?? row.title,
              locale: locale ?? row.locale,
              currency: currency ?? row.currency,
              time_zone: timeZone ?? row.time_zone,
              public_url: publicUrl === undefined ? row.public_url : publicUrl,
            },
          };
        },
        (outcome) => outcome.row,
      );
      return websiteJson(saved.row, saved.settings);
    },
  );

  // Creating, renaming and deleting the lists the settings panel picks from (group `forms`).
  await app.register(mailingListsPlugin);

  // A hosted provider connected with live keys ends test mode (`payments/methods/test-mode.ts`).
  const liveHostedFor = async (siteId: string) =>
    ((await app.services.hostedPayments?.offered(siteId)) ?? []).some((p) => p.live);

  app.get(
    '/api/config/settings/store',
    { ...storeGuard, config: { contract: { response: { 200: storeSettings } } } },
    async (request) => {
      const siteId = ownerOf(request).websiteId;
      const { settings } = await store.read(siteId);
      return storeJson(settings, app.services.checkout?.payments, await liveHostedFor(siteId));
    },
  );

  app.put(
    '/api/config/settings/store',
    { ...storeGuard, config: { contract: { body: storeBody, response: { 200: storeSettings } } } },
    async (request) => {
      const body = parseInput(storeBody, request.body);
      const payments = app.services.checkout?.payments;
      if (body.testMode === true && payments?.liveProviderConfigured) {
        throw new AppError('invalid-body', `testMode: ${TEST_MODE_MESSAGES.liveProvider}`);
      }
      const siteId = ownerOf(request).websiteId;
      const saved = await store.update(siteId, (settings) => {
        settings.store = { ...objectOr(settings.store), ...body };
        return settings;
      });
      return storeJson(saved, payments, await liveHostedFor(siteId));
    },
  );
}

import { z } from 'zod';
import { COOKIE_BANNER_POSITIONS } from '../consent/cookie-banner.js';
import { COOKIE_POLICIES, SHARE_SERVICES } from '../editor/site-admin.js';
import { WEIGHT_UNITS } from '../product/weight.js';

// The site's and the store's settings as the editor's settings panels read them
// (`/api/config/settings*`: admin group; `/api/config/settings/store`: store group). The bodies stay
// in the server (their checks use the server's redirect and robots rules); a save answers the
// settings as saved, the same shape as a read.

/** An uploaded picture's address (`/files/…`). */
const fileUrl = z.string();

/** The cookie banner's words and place, each filled in with its default (core's `cookieBannerOf`). */
export const cookieBannerSettings = z
  .object({
    enabled: z.boolean(),
    text: z.string(),
    privacyLabel: z.string(),
    /** A page of this site (`/privacy`) or an http(s) address; empty for no link. */
    privacyUrl: z.string(),
    acceptLabel: z.string(),
    declineLabel: z.string(),
    position: z.enum(COOKIE_BANNER_POSITIONS),
  })
  .strict();

/** `GET` and `PUT /api/config/settings`. */
export const websiteSettings = z
  .object({
    siteTitle: z.string(),
    /** The header's logo with its pixel size, read from the file when it was saved. */
    logo: z
      .object({ url: fileUrl, altText: z.string(), width: z.number().optional(), height: z.number().optional() })
      .strict()
      .nullable(),
    timeZone: z.string(),
    currency: z.string(),
    locale: z.string(),
    commentsEnabled: z.boolean(),
    commentsRequireApproval: z.boolean(),
    disqusShortname: z.string(),
    simpleLikingEnabled: z.boolean(),
    /** Every share service (core's SHARE_SERVICES), on or off. */
    shareButtonOptions: z.record(z.string(), z.boolean()),
    cookiePolicy: z.enum(COOKIE_POLICIES),
    trackingEnabled: z.boolean(),
    /** Lines added to /robots.txt after the defaults. */
    robotsTxtExtra: z.string(),
    /** URL redirects, one `/old -> /new 301` per line. */
    redirects: z.string(),
    /** The uploaded image the favicon, apple-touch icon and app icons are made from. */
    siteIcon: z.object({ url: fileUrl }).strict().nullable(),
    mailingListId: z.string().nullable(),
    cookieBanner: cookieBannerSettings,
    /** Where every mailed link points (`https://shop.example.com`); null: `PUBLIC_URL` or the server's own address. */
    publicUrl: z.string().nullable(),
  })
  .strict();

/** `GET /api/config/settings/options`: the choices the settings panel offers. */
export const settingsOptions = z
  .object({
    currencies: z.array(z.string()),
    timeZones: z.array(z.string()),
    cookiePolicies: z.array(z.enum(COOKIE_POLICIES)),
    cookieBannerPositions: z.array(z.enum(COOKIE_BANNER_POSITIONS)),
    shareServices: z.array(z.enum(SHARE_SERVICES)),
    mailingLists: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
    /** Pages the cookie banner's privacy link may point to. */
    pages: z.array(z.object({ title: z.string(), url: z.string() }).strict()),
  })
  .strict();

/** `GET` and `PUT /api/config/settings/store`. */
export const storeSettings = z
  .object({
    /** "Pay later" orders (payment pending until the owner marks them paid). Off by default. */
    payLaterEnabled: z.boolean(),
    /** Test mode: test cards pay. On by default until a live payment provider is configured. */
    testMode: z.boolean(),
    /** More than one coupon on an order. Off by default. */
    allowCouponStacking: z.boolean(),
    /** Read only: a live payment provider is configured, so test mode is off whatever `testMode` says. */
    liveProviderConfigured: z.boolean(),
    /** Read only: the store is in test mode now (the banner). */
    testModeActive: z.boolean(),
    multipleQuantityAllowedForServices: z.boolean(),
    restockHiddenByDefault: z.boolean(),
    restockMailingListOptIn: z.boolean(),
    restockNotificationsSuccessText: z.string(),
    restockAutoSend: z.boolean(),
    scarcityEnabled: z.boolean(),
    scarcityShownByDefault: z.boolean(),
    scarcityThreshold: z.number().int().nullable(),
    scarcityText: z.string().nullable(),
    expressCheckout: z.boolean(),
    /** Minutes a payment-pending order holds its stock before it is cancelled (default 30). */
    stockHoldMinutes: z.number().int(),
    /** The unit weights without one of their own are read in (a Squarespace product CSV's); products keep grams. */
    weightUnit: z.enum(WEIGHT_UNITS),
  })
  .strict();

/** A footer link: a site path (`/about`) or an http(s) address. */
export const footerLink = z.object({ title: z.string(), url: z.string() }).strict();

/** `GET` and `PUT /api/site-header-footer`: the header announcement and the footer text and links. */
export const headerFooter = z
  .object({
    header: z.object({ announcement: z.string() }).strict(),
    footer: z.object({ text: z.string(), links: z.array(footerLink) }).strict(),
  })
  .strict();

/** One language the site offers (`fr-CA`), and whether visitors may choose it. */
export const siteLanguage = z.object({ code: z.string(), name: z.string(), enabled: z.boolean() }).strict();

/**
 * `GET /api/multilingual/settings` and `PUT /api/multilingual/languages`: the site's languages (at
 * least one); the default one has no `?lang=`. Multilingual means switched on with two or more.
 */
export const multilingualSettings = z
  .object({ enabled: z.boolean(), defaultLanguage: z.string(), languages: z.array(siteLanguage) })
  .strict();

/** `GET /api/multilingual/status`: the languages with how many collections have a translation in each. */
export const multilingualStatus = z
  .object({
    enabled: z.boolean(),
    defaultLanguage: z.string(),
    languages: z.array(siteLanguage.extend({ translatedPages: z.int().nonnegative() }).strict()),
  })
  .strict();

export type CookieBannerSettingsAnswer = z.infer<typeof cookieBannerSettings>;
export type WebsiteSettings = z.infer<typeof websiteSettings>;
export type SettingsOptions = z.infer<typeof settingsOptions>;
export type StoreSettings = z.infer<typeof storeSettings>;
export type FooterLink = z.infer<typeof footerLink>;
export type HeaderFooter = z.infer<typeof headerFooter>;
export type SiteLanguage = z.infer<typeof siteLanguage>;
export type MultilingualSettings = z.infer<typeof multilingualSettings>;
export type MultilingualStatus = z.infer<typeof multilingualStatus>;

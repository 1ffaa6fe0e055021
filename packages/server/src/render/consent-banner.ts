import { type ConsentChoice, cookieBannerOf, readConsent, shouldShowCookieBanner } from '@tessera/core';
import type { FastifyRequest } from 'fastify';

/** What a page needs to know about the visitor's cookie choice (part of `PageScope`). */
export interface ConsentScope {
  /** The choice in the visitor's consent cookie; undefined while they have not chosen. */
  readonly consent?: ConsentChoice;
  /** The visitor's crumb, for the banner's no-JavaScript form. */
  readonly crumb?: string;
}

/** The consent part of a page's scope, read from the request's cookies. */
export function consentScope(request: FastifyRequest): ConsentScope {
  return { consent: readConsent(request.headers.cookie), crumb: request.crumb };
}

/**
 * The `cookieBanner` the layout prints (themes/default/partials/cookie-banner.block), or null
 * when the site does not ask or the visitor has chosen: the decision is made here, on the
 * server, so a returning visitor never sees the banner flash.
 */
export function cookieBannerContext(
  websiteSettings: Record<string, unknown>,
  page: ConsentScope & { readonly path: string },
): Record<string, unknown> | null {
  const banner = cookieBannerOf(websiteSettings.cookieBanner);
  if (!shouldShowCookieBanner(banner.enabled, page.consent)) return null;
  return {
    text: banner.text,
    privacyLabel: banner.privacyUrl ? banner.privacyLabel : '',
    privacyUrl: banner.privacyUrl,
    acceptLabel: banner.acceptLabel,
    declineLabel: banner.declineLabel,
    position: banner.position,
    crumb: page.crumb ?? '',
    returnTo: page.path,
  };
}

/** Whether the site asks visitors through the banner (the tracker waits for an accept then). */
export function cookieBannerEnabled(websiteSettings: Record<string, unknown>): boolean {
  return cookieBannerOf(websiteSettings.cookieBanner).enabled;
}

// A visitor's cookie choice and what the tracker may do with it. The choice lives in one
// first-party cookie that the server's consent route writes (POST /api/cookie-consent) and that
// both the server (to leave the banner out) and the browser tracker read.

/** The consent cookie: `accepted` or `declined`, SameSite=Lax, one year, readable by scripts. */
export const CONSENT_COOKIE = 'tessera_consent';
export const CONSENT_CHOICES = Object.freeze(['accepted', 'declined'] as const);
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
/** How long a choice is remembered: one year, in seconds. */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The choice a value of the consent cookie stands for; anything else is no choice yet. */
export function consentChoiceOf(value: unknown): ConsentChoice | undefined {
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

/** The choice recorded in a `Cookie` header or `document.cookie` string ("a=1; tessera_consent=accepted"). */
export function readConsent(cookies: string | undefined): ConsentChoice | undefined {
  if (!cookies) return undefined;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_COOKIE) return consentChoiceOf(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * What the tracker may do on a page:
 * - `full`: record visits and keep its cookies and storage;
 * - `cookieless`: record visits without the census cookies (the restrictive policy of SPEC §3);
 * - `off`: send nothing and write nothing.
 */
export type TrackingMode = 'full' | 'cookieless' | 'off';

export interface ConsentScope {
  /** The site's cookie policy (`standard` unless exactly `restrictive`). */
  cookiePolicy?: string;
  /** Whether the site shows the cookie banner, i.e. asks visitors to choose. */
  bannerEnabled: boolean;
  consent: ConsentChoice | undefined;
}

/**
 * The consent rules. A decline always wins: nothing is sent, whatever the policy. An accept
 * allows the tracker's cookies even under the restrictive policy. Without a choice, a standard
 * site tracks as before; a restrictive site that asks through its banner tracks nothing until the
 * visitor accepts, and one that does not ask records visits without cookies (SPEC §3).
 */
export function trackingMode({ cookiePolicy, bannerEnabled, consent }: ConsentScope): TrackingMode {
  if (consent === 'declined') return 'off';
  if (consent === 'accepted') return 'full';
  if (cookiePolicy !== 'restrictive') return 'full';
  return bannerEnabled ? 'off' : 'cookieless';
}

/** The banner shows while the site asks and the visitor has not chosen. */
export function shouldShowCookieBanner(bannerEnabled: boolean, consent: ConsentChoice | undefined): boolean {
  return bannerEnabled && consent === undefined;
}

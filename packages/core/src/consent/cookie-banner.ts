// The cookie banner's settings (website settings `cookieBanner`): their defaults, limits and the
// content rules the owner API and the settings panel both apply, field by field.

export const COOKIE_BANNER_POSITIONS = Object.freeze(['bottom-bar', 'bottom-left', 'bottom-right'] as const);
export type CookieBannerPosition = (typeof COOKIE_BANNER_POSITIONS)[number];

export interface CookieBannerSettings {
  enabled: boolean;
  /** Plain text; the privacy link follows it. */
  text: string;
  /** Words of the privacy link; shown only with a `privacyUrl`. */
  privacyLabel: string;
  /** A page of this site (`/privacy`) or an http(s) address; empty for no link. */
  privacyUrl: string;
  acceptLabel: string;
  declineLabel: string;
  position: CookieBannerPosition;
}

export type CookieBannerField = Exclude<keyof CookieBannerSettings, 'enabled'>;

export const COOKIE_BANNER_LIMITS = Object.freeze({
  text: 500,
  privacyLabel: 60,
  privacyUrl: 2000,
  buttonLabel: 30,
});

export const COOKIE_BANNER_DEFAULTS: Readonly<CookieBannerSettings> = Object.freeze({
  enabled: false,
  text: 'We use cookies to count visits and improve this site. You can accept or decline them.',
  privacyLabel: 'Privacy policy',
  privacyUrl: '',
  acceptLabel: 'Accept',
  declineLabel: 'Decline',
  position: 'bottom-bar',
});

/** A site path (`/privacy`, not `//host`) or an http(s) address. */
export function isPrivacyUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\/[^/\\]+/i.test(value);
}

/**
 * The stored settings laid over the defaults; values of the wrong type fall back to the default,
 * so a page never prints something the API would have refused.
 */
export function cookieBannerOf(stored: unknown): CookieBannerSettings {
  const raw = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const text = (key: CookieBannerField) => (typeof raw[key] === 'string' ? (raw[key] as string) : undefined);
  const position = COOKIE_BANNER_POSITIONS.find((p) => p === raw.position) ?? COOKIE_BANNER_DEFAULTS.position;
  const privacyUrl = text('privacyUrl') ?? '';
  return {
    enabled: raw.enabled === true,
    text: text('text') ?? COOKIE_BANNER_DEFAULTS.text,
    privacyLabel: text('privacyLabel') ?? COOKIE_BANNER_DEFAULTS.privacyLabel,
    privacyUrl: isPrivacyUrl(privacyUrl) ? privacyUrl : '',
    acceptLabel: text('acceptLabel') || COOKIE_BANNER_DEFAULTS.acceptLabel,
    declineLabel: text('declineLabel') || COOKIE_BANNER_DEFAULTS.declineLabel,
    position,
  };
}

/**
 * Messages for the fields that break a rule, keyed by field; empty when the settings are fine.
 * Text is checked after trimming. The banner text and both button labels are required (a banner
 * needs words and two named buttons); a privacy address needs link words.
 */
export function cookieBannerProblems(banner: CookieBannerSettings): Partial<Record<CookieBannerField, string>> {
  const problems: Partial<Record<CookieBannerField, string>> = {};
  const L = COOKIE_BANNER_LIMITS;
  const text = banner.text.trim();
  if (!text) problems.text = 'Write the text the banner shows.';
  else if (text.length > L.text) problems.text = `Keep the banner text to ${L.text} characters or fewer.`;
  const url = banner.privacyUrl.trim();
  if (url.length > L.privacyUrl) problems.privacyUrl = `Keep the address to ${L.privacyUrl} characters or fewer.`;
  else if (url && !isPrivacyUrl(url))
    problems.privacyUrl = 'Choose one of your pages, or give a site path (/privacy) or an http(s) address.';
  const label = banner.privacyLabel.trim();
  if (url && !label) problems.privacyLabel = 'Write the words of the privacy link.';
  else if (label.length > L.privacyLabel)
    problems.privacyLabel = `Keep the link words to ${L.privacyLabel} characters or fewer.`;
  for (const [key, name] of [
    ['acceptLabel', 'Accept'],
    ['declineLabel', 'Decline'],
  ] as const) {
    const value = banner[key].trim();
    if (!value) problems[key] = `Write the label of the ${name} button.`;
    else if (value.length > L.buttonLabel)
      problems[key] = `Keep the ${name} button label to ${L.buttonLabel} characters or fewer.`;
  }
  return problems;
}

/** The settings with their text trimmed, as they are stored. */
export function trimCookieBanner(banner: CookieBannerSettings): CookieBannerSettings {
  return {
    ...banner,
    text: banner.text.trim(),
    privacyLabel: banner.privacyLabel.trim(),
    privacyUrl: banner.privacyUrl.trim(),
    acceptLabel: banner.acceptLabel.trim(),
    declineLabel: banner.declineLabel.trim(),
  };
}

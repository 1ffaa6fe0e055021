/** Cookie names the server and the runtime agree on (see the shared contracts). */
export const COOKIE = {
  crumb: 'crumb',
  hasCart: 'has-cart',
  cart: 'CART',
  siteUser: 'SiteUserInfo',
} as const;

/** Parses a `document.cookie` string into a name → value map (values URI-decoded when possible). */
export function parseCookies(cookieString: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(eq + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // keep the raw value when it is not valid percent-encoding
    }
    cookies.set(name, value);
  }
  return cookies;
}

/** The CSRF crumb to echo in the `X-CSRF-Token` header, if the server has set one. */
export function readCrumb(cookieString: string): string | undefined {
  return parseCookies(cookieString).get(COOKIE.crumb) || undefined;
}

/** `SiteUserInfo` mirrors `{ authenticated, siteUserId }` as JSON. */
export function isSiteUserAuthenticated(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const info = JSON.parse(value) as { authenticated?: unknown } | null;
    return info?.authenticated === true || info?.authenticated === 'true';
  } catch {
    return false;
  }
}

/**
 * SPEC §4 "cart load at start": only when the visitor is an authenticated site user,
 * a `has-cart` cookie equals 'true', or a `CART` cookie is visible.
 */
export function shouldLoadCartAtStart(cookieString: string): boolean {
  const cookies = parseCookies(cookieString);
  if (cookies.get(COOKIE.hasCart) === 'true') return true;
  if (cookies.has(COOKIE.cart)) return true;
  return isSiteUserAuthenticated(cookies.get(COOKIE.siteUser));
}

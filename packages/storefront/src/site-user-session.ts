import { readCrumb } from './cookies.js';

/** Where the browser keeps the XSRF token the sign-in answered (per tab, gone when it closes). */
export const XSRF_STORAGE_KEY = 'tessera-site-user-xsrf';
export const SESSION_URL = '/api/site-users/account/session';

export type SignOutResult = { ok: true } | { ok: false; status: number; crumbFail: boolean };

export interface SignOutOptions {
  /** Ask the server for a copy of the cart in this browser after signing out (SPEC §7 `cloneCart`). */
  cloneCart?: boolean;
  /** The token from the sign-in answer; sent as `X-XSRF-Token`. */
  xsrfToken?: string;
  fetchImpl?: typeof fetch;
  /** Reads `document.cookie` (again for the retry, since the crumb may have changed). */
  readCookies?: () => string;
}

async function isCrumbFailure(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    return ((await response.json()) as { crumbFail?: unknown }).crumbFail === true;
  } catch {
    return false;
  }
}

/**
 * Signs the site user out: `DELETE /api/site-users/account/session?cloneCart=…` with the crumb and
 * XSRF headers. SPEC §4: when the server reports a crumb failure the call is retried once, reading
 * the crumb cookie afresh. Never throws; a network failure answers status 0.
 */
export async function signOutSiteUser(options: SignOutOptions = {}): Promise<SignOutResult> {
  const doFetch = options.fetchImpl ?? fetch;
  const cookies = options.readCookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const url = `${SESSION_URL}?cloneCart=${options.cloneCart === true}`;
  const send = () => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const crumb = readCrumb(cookies());
    if (crumb) headers['X-CSRF-Token'] = crumb;
    if (options.xsrfToken) headers['X-XSRF-Token'] = options.xsrfToken;
    return doFetch(url, { method: 'DELETE', headers, credentials: 'same-origin' });
  };
  try {
    let response = await send();
    let crumbFail = await isCrumbFailure(response);
    if (crumbFail) {
      response = await send();
      crumbFail = await isCrumbFailure(response);
    }
    if (response.ok) return { ok: true };
    return { ok: false, status: response.status, crumbFail };
  } catch {
    return { ok: false, status: 0, crumbFail: false };
  }
}

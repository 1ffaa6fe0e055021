import type { IslandEnv } from '../../island-env.js';
import { type SignOutOptions, signOutSiteUser } from '../../site-user-session.js';

/** Where a signed-out visitor lands, as after the plain form post. */
export const SIGNED_OUT_URL = '/account/login?signedOut=1';
export const SIGN_OUT_FAILED_MESSAGE =
  'We could not sign you out. Please check your internet connection and try again.';

/**
 * The account page's sign-out form, enhanced: it signs out through `signOutSiteUser` (the session
 * API, which retries once on a crumb failure, SPEC §4) with the form's XSRF token and cart choice,
 * then goes to the sign-in page. Without JavaScript the same form posts to `/account/logout`.
 */
export async function mountSignOutIsland(
  root: HTMLElement,
  env: IslandEnv,
  signOut: (options: SignOutOptions) => ReturnType<typeof signOutSiteUser> = signOutSiteUser,
): Promise<boolean> {
  const form = root as HTMLFormElement;
  if (form.tagName !== 'FORM') return false;
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const errorBox = form.querySelector<HTMLElement>('.account-signout__error');
  let busy = false;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    if (button) button.disabled = true;
    if (errorBox) errorBox.hidden = true;
    const fields = new FormData(form);
    const result = await signOut({
      cloneCart: fields.get('cloneCart') === 'true',
      xsrfToken: String(fields.get('xsrfToken') ?? ''),
    });
    if (result.ok) {
      env.win.location.assign(SIGNED_OUT_URL);
      return;
    }
    busy = false;
    if (button) button.disabled = false;
    if (errorBox) {
      errorBox.textContent = SIGN_OUT_FAILED_MESSAGE;
      errorBox.hidden = false;
    }
  });
  form.dataset.islandState = 'live';
  return true;
}

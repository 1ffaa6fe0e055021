// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { IslandEnv } from '../../island-env.js';
import { mountSignOutIsland, SIGN_OUT_FAILED_MESSAGE, SIGNED_OUT_URL } from './sign-out-island.js';

const FORM = `
<form class="account-signout" data-island="account-signout" method="post" action="/account/logout">
  <input type="hidden" name="crumb" value="c">
  <input type="hidden" name="xsrfToken" value="xsrf-from-page">
  <label><input type="checkbox" name="cloneCart" value="true"> Keep a copy of my cart on this device</label>
  <p class="account-signout__error" role="alert" hidden></p>
  <button type="submit">Sign out</button>
</form>`;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function mount(signOut: Parameters<typeof mountSignOutIsland>[2]) {
  document.body.innerHTML = FORM;
  const form = document.querySelector<HTMLFormElement>('form')!;
  const assign = vi.fn();
  const env = { context: {}, win: { location: { assign } }, getCart: () => undefined } as unknown as IslandEnv;
  expect(await mountSignOutIsland(form, env, signOut)).toBe(true);
  return { form, assign };
}

describe('account sign-out island', () => {
  it('signs out through the session API with the page token and cart choice, then leaves', async () => {
    const signOut = vi.fn().mockResolvedValue({ ok: true });
    const { form, assign } = await mount(signOut);
    form.querySelector<HTMLInputElement>('input[name=cloneCart]')!.checked = true;
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    await flush();
    expect(submit.defaultPrevented).toBe(true);
    expect(signOut).toHaveBeenCalledWith({ cloneCart: true, xsrfToken: 'xsrf-from-page' });
    expect(assign).toHaveBeenCalledWith(SIGNED_OUT_URL);
  });

  it('says so and stays when signing out fails, and lets the visitor try again', async () => {
    const signOut = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, status: 0, crumbFail: false })
      .mockResolvedValueOnce({ ok: true });
    const { form, assign } = await mount(signOut);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await flush();
    const error = form.querySelector<HTMLElement>('.account-signout__error')!;
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe(SIGN_OUT_FAILED_MESSAGE);
    expect(assign).not.toHaveBeenCalled();
    expect(signOut).toHaveBeenCalledWith({ cloneCart: false, xsrfToken: 'xsrf-from-page' });
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await flush();
    expect(error.hidden).toBe(true);
    expect(assign).toHaveBeenCalledWith(SIGNED_OUT_URL);
  });
});

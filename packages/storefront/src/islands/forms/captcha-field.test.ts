// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IslandEnv } from '../../island-env.js';
import { mountCaptchaField } from './captcha-field.js';
import { sha256Hex } from './sha256.js';

const SALT = 'abc?expires=9999999999&';
const CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: sha256Hex(`${SALT}7`),
  maxnumber: 50,
  salt: SALT,
  signature: 'f'.repeat(64),
};

function page(): { form: HTMLFormElement; root: HTMLElement } {
  document.body.innerHTML = `<form method="post" action="/config/login">
    <div class="tessera-captcha" data-island="captcha-field" data-captcha-field="captchaToken">
      <input type="hidden" name="captchaToken" value="">
    </div>
    <button type="submit">Sign in</button>
  </form>`;
  return { form: document.querySelector('form')!, root: document.querySelector<HTMLElement>('[data-island]')! };
}

const env = { win: window } as unknown as IslandEnv;

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('captcha field (owner sign-in page)', () => {
  it('stops the form until the box is ticked, then sends the solved answer in the hidden field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(CHALLENGE), { headers: { 'content-type': 'application/json' } })),
    );
    const { form, root } = page();
    expect(await mountCaptchaField(root, env)).toBe(true);
    const submit = () => {
      const event = new Event('submit', { cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    expect(root.querySelector('.tessera-captcha__error')?.textContent).toBe('Tick the check box first.');

    root.querySelector<HTMLInputElement>('.tessera-captcha__check')!.click();
    await vi.waitFor(() => expect(root.dataset.captchaState).toBe('verified'));
    expect(submit()).toBe(false);
    const token = root.querySelector<HTMLInputElement>('input[name="captchaToken"]')!.value;
    expect(JSON.parse(atob(token))).toMatchObject({ number: 7, salt: SALT });
  });

  it('does nothing outside a form', async () => {
    document.body.innerHTML = '<div data-island="captcha-field"><input type="hidden" name="captchaToken"></div>';
    expect(await mountCaptchaField(document.querySelector<HTMLElement>('[data-island]')!, env)).toBe(false);
  });
});

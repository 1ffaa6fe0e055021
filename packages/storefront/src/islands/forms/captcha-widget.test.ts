// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptchaChallenge } from './captcha-solver.js';
import { COMPACT_CAPTCHA_WIDTH, createCaptchaWidget } from './captcha-widget.js';
import { sha256Hex } from './sha256.js';

const MARKUP = `<div class="tessera-captcha">
  <p class="tessera-captcha__error" hidden></p>
  <div class="tessera-captcha__box"><input class="tessera-captcha__check" type="checkbox" id="c">
  <label for="c">I'm not a robot</label><span class="tessera-captcha__status"></span></div>
</div>`;

function challenge(number: number): CaptchaChallenge {
  const salt = 'abc?expires=9999999999&';
  return {
    algorithm: 'SHA-256',
    challenge: sha256Hex(salt + number),
    maxnumber: 5000,
    salt,
    signature: 'f'.repeat(64),
  };
}

function container(width: number): HTMLElement {
  document.body.innerHTML = MARKUP;
  const element = document.querySelector<HTMLElement>('.tessera-captcha')!;
  element.getBoundingClientRect = () => ({ width }) as DOMRect;
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('captcha widget', () => {
  it('is compact in a container narrower than 320 px', () => {
    expect(COMPACT_CAPTCHA_WIDTH).toBe(320);
    const narrow = container(300);
    createCaptchaWidget(narrow, { fetchChallenge: async () => null, win: window });
    expect(narrow.classList.contains('is-compact')).toBe(true);
    const wide = container(400);
    createCaptchaWidget(wide, { fetchChallenge: async () => null, win: window });
    expect(wide.classList.contains('is-compact')).toBe(false);
  });

  it('solves the challenge in the page when ticked, then resets to unsolved', async () => {
    const element = container(400);
    const widget = createCaptchaWidget(element, { fetchChallenge: async () => challenge(1234), win: window });
    expect(widget.token()).toBeNull();
    const check = element.querySelector<HTMLInputElement>('.tessera-captcha__check')!;
    check.checked = true;
    check.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(widget.state).toBe('verified'));
    expect(element.querySelector('.tessera-captcha__status')?.textContent).toBe('Verified');
    expect(JSON.parse(atob(widget.token()!))).toMatchObject({ number: 1234, algorithm: 'SHA-256' });
    expect(check.disabled).toBe(true);
    widget.reset();
    expect(widget.token()).toBeNull();
    expect(check.checked).toBe(false);
    expect(check.disabled).toBe(false);
  });

  it('reports a challenge it cannot solve', async () => {
    const element = container(400);
    const widget = createCaptchaWidget(element, { fetchChallenge: async () => challenge(999_999), win: window });
    const check = element.querySelector<HTMLInputElement>('.tessera-captcha__check')!;
    check.checked = true;
    check.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(widget.state).toBe('failed'));
    expect(widget.token()).toBeNull();
  });
});

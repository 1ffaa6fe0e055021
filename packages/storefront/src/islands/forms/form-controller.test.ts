// @vitest-environment happy-dom
import { FORM_MESSAGES } from '@tessera/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionAnswer } from '@tessera/core/contracts/forms';
import type { ApiResult } from '../../api.js';
import type { CaptchaWidget } from './captcha-widget.js';
import {
  createFormController,
  FORM_SUCCESS_EVENT,
  type FormApi,
  NEWSLETTER_SUBSCRIBE_EVENT,
} from './form-controller.js';
import { findFormParts } from './form-dom.js';

// A trimmed copy of the markup themes/default/partials/blocks/form.block renders.
const MARKUP = `<div class="tessera-form-block" data-island="form" data-form-id="f1" data-form-kind="KIND">
  <form class="tessera-form" novalidate>
    <p class="tessera-form__banner tessera-form__banner--top" hidden>Your form has encountered a problem. Please scroll down to review</p>
    <div class="tessera-field" data-field-id="email" data-field-type="email" data-required="true">
      <p class="tessera-field__error" hidden></p><label class="tessera-field__title">Email</label>
      <input class="tessera-field__input" name="email" type="email">
    </div>
    <div class="tessera-field" data-field-id="note" data-field-type="textarea" data-max-length="5">
      <p class="tessera-field__error" hidden></p><label class="tessera-field__title">Note</label>
      <textarea class="tessera-field__input" name="note"></textarea><p class="tessera-field__counter">0/5</p>
    </div>
    <fieldset class="tessera-field" data-field-id="name" data-field-type="name">
      <p class="tessera-field__error" hidden></p><legend class="tessera-field__title">Name</legend>
      <input data-part="First" value="Rosa"><input data-part="Last" value="">
    </fieldset>
    <input type="hidden" data-field-id="src" data-field-type="hidden" name="utm_source" value="page">
    <div class="tessera-form__trap"><input name="tessera-hp" value=""></div>
    <p class="tessera-form__message" hidden></p>
    <button class="tessera-form__submit" type="submit">Send</button>
    <p class="tessera-form__banner tessera-form__banner--bottom" hidden>Your form has encountered a problem. Please scroll up to review</p>
  </form>
  <div class="tessera-form__success" tabindex="-1" hidden><p>Thanks!</p></div>
</div>`;

function ok<T>(data: T): ApiResult<T> {
  return { ok: true, status: 200, data };
}

function fakeCaptcha(token: string | null): CaptchaWidget & { resets: number; error?: string } {
  return {
    state: token ? 'verified' : 'idle',
    resets: 0,
    token: () => token,
    reset() {
      this.resets += 1;
    },
    showError(message) {
      this.error = message;
    },
    destroy() {},
  };
}

function setUp(kind = 'contact', api: Partial<FormApi> = {}, captcha?: CaptchaWidget) {
  document.body.innerHTML = MARKUP.replace('KIND', kind);
  const root = document.querySelector<HTMLElement>('[data-island="form"]')!;
  const parts = findFormParts(root)!;
  const fullApi: FormApi = {
    submissionKey: vi.fn(async () => ok({ key: 'k1' })),
    save: vi.fn(async () => ok({ success: true as const, submissionId: 's1' })),
    ...api,
  };
  const controller = createFormController({ root, parts, win: window, api: fullApi, captcha });
  const email = root.querySelector<HTMLInputElement>('input[name="email"]')!;
  return { root, parts, controller, api: fullApi, email };
}

const errorOf = (root: HTMLElement, id: string) =>
  root.querySelector<HTMLElement>(`[data-field-id="${id}"] .tessera-field__error`)!;

describe('form controller', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows each error above its field title and both banners, without calling the server', async () => {
    const { root, parts, controller, api } = setUp();
    await controller.submit();
    expect(errorOf(root, 'email').hidden).toBe(false);
    expect(errorOf(root, 'email').textContent).toBe('Required');
    expect(errorOf(root, 'email').nextElementSibling?.classList.contains('tessera-field__title')).toBe(true);
    expect(parts.bannerTop?.hidden).toBe(false);
    expect(parts.bannerBottom?.hidden).toBe(false);
    expect(api.save).not.toHaveBeenCalled();
  });

  it('locks with Submitting…, ignores a second submit, then shows the message and fires the events', async () => {
    let release: (value: ApiResult<SubmissionAnswer>) => void = () => {};
    const save = vi.fn(
      (_payload: Record<string, unknown>) => new Promise<ApiResult<SubmissionAnswer>>((r) => (release = r)),
    );
    const { root, parts, controller, email } = setUp('newsletter', { save });
    const events: string[] = [];
    window.addEventListener(FORM_SUCCESS_EVENT, () => events.push('success'));
    window.addEventListener(NEWSLETTER_SUBSCRIBE_EVENT, () => events.push('newsletter'));
    email.value = 'rosa@example.com';
    const first = controller.submit();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(parts.submit?.textContent).toBe(FORM_MESSAGES.submitting);
    await controller.submit();
    expect(save).toHaveBeenCalledTimes(1);
    release(ok({ success: true as const, submissionId: 's1' }));
    await first;
    expect(controller.phase).toBe('success');
    expect(parts.form.hidden).toBe(true);
    expect(root.querySelector<HTMLElement>('.tessera-form__success')?.hidden).toBe(false);
    expect(events).toEqual(['success', 'newsletter']);
    const payload = save.mock.calls[0]![0];
    expect(payload).toMatchObject({ key: 'k1', formId: 'f1', 'tessera-hp': '' });
    expect(JSON.parse(payload.form as string)).toEqual({
      email: 'rosa@example.com',
      note: '',
      name: ['Rosa', ''],
      src: 'page',
    });
  });

  it('asks for the captcha before sending', async () => {
    const captcha = fakeCaptcha(null);
    const { controller, api, email } = setUp('contact', {}, captcha);
    email.value = 'rosa@example.com';
    await controller.submit();
    expect(captcha.error).toBe('Complete CAPTCHA before submitting.');
    expect(api.save).not.toHaveBeenCalled();
  });

  it('on failure unlocks, resets the captcha and shows the server errors by field', async () => {
    const captcha = fakeCaptcha('solved');
    const save = vi.fn(async () => ({
      ok: false as const,
      status: 400,
      network: false,
      body: { error: 'invalid-fields', message: 'x', errors: { email: 'Taken' } } as never,
    }));
    const { root, controller, email, parts } = setUp('contact', { save }, captcha);
    email.value = 'rosa@example.com';
    await controller.submit();
    expect(controller.phase).toBe('idle');
    expect(parts.submit?.textContent).toBe('Send');
    expect(captcha.resets).toBe(1);
    expect(errorOf(root, 'email').textContent).toBe('Taken');
  });

  it('shows the status message of a 429 and the key failure message', async () => {
    const save = vi.fn(async () => ({ ok: false as const, status: 429, network: false, body: undefined }));
    const first = setUp('contact', { save });
    first.email.value = 'rosa@example.com';
    await first.controller.submit();
    expect(first.parts.message?.textContent).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    const second = setUp('contact', {
      submissionKey: async () => ({ ok: false, status: 500, network: false, body: undefined }),
    });
    second.email.value = 'rosa@example.com';
    await second.controller.submit();
    expect(second.parts.message?.textContent).toBe('Could not get a form submission key, please try again later.');
  });

  it('goes to the success URL when the form has one, after the success event', async () => {
    document.body.innerHTML = MARKUP.replace('KIND', 'contact').replace(
      'data-form-kind="contact"',
      'data-form-kind="contact" data-success-redirect="/thanks"',
    );
    const root = document.querySelector<HTMLElement>('[data-island="form"]')!;
    const assign = vi.fn();
    const events: string[] = [];
    const win = {
      location: { search: '', pathname: '/contact', assign },
      document,
      dispatchEvent: (event: Event) => {
        events.push(event.type);
        return true;
      },
    } as unknown as Window;
    const controller = createFormController({
      root,
      parts: findFormParts(root)!,
      win,
      api: { submissionKey: async () => ok({ key: 'k' }), save: async () => ok({ success: true, submissionId: 's' }) },
    });
    root.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'rosa@example.com';
    await controller.submit();
    expect(events).toEqual([FORM_SUCCESS_EVENT]);
    expect(assign).toHaveBeenCalledWith('/thanks');
  });

  it('says so when the network fails, and lets the visitor try again', async () => {
    const save = vi.fn(async () => ({ ok: false as const, status: 0, network: true, body: undefined }));
    const { controller, email, parts } = setUp('contact', { save });
    email.value = 'rosa@example.com';
    await controller.submit();
    expect(parts.message?.textContent).toBe('Error processing form submission. Please reload and try again.');
    await controller.submit();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('counts characters live and flags the limit', () => {
    const { root } = setUp();
    const area = root.querySelector('textarea')!;
    area.value = 'abcdef';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    expect(root.querySelector('.tessera-field__counter')?.textContent).toBe('6/5');
    expect(errorOf(root, 'note').textContent).toBe('You have exceeded the character limit.');
    area.value = 'abc';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    expect(errorOf(root, 'note').hidden).toBe(true);
  });
});

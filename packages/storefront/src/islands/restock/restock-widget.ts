import { RESTOCK_MESSAGES, restockEmailError, restockSuccessText } from '@tessera/core';
import type { RestockSignUpBody } from '@tessera/core/contracts/restock';
import { type ApiResult, requestJson } from '../../api.js';
import type { CaptchaChallenge } from '../forms/captcha-solver.js';
import { appendCaptchaControls, type CaptchaWidget, createCaptchaWidget } from '../forms/captcha-widget.js';

/** The storefront sign-up call (server `RESTOCK_SIGNUP_PATH`). */
export const RESTOCK_SIGNUP_URL = '/api/commerce/restock-notifications';

/** The sign-up's body (`@tessera/core/contracts/restock`). */
export type RestockPayload = RestockSignUpBody;

export interface RestockWidgetOptions {
  win: Window;
  storeSettings?: Record<string, unknown>;
  post?(payload: RestockPayload): Promise<ApiResult<unknown>>;
  fetchChallenge?(): Promise<CaptchaChallenge | null>;
}

export interface RestockWidget {
  submit(): Promise<void>;
  destroy(): void;
}

const SERVER_FALLBACK = 'Something went wrong. Please try again.';
let captchaIds = 0;

/** Gives an empty `.captcha-container` the self-hosted captcha's controls (the forms' markup). */
function captchaMarkup(container: HTMLElement): void {
  if (container.querySelector('.tessera-captcha__check')) return;
  container.classList.add('tessera-captcha');
  appendCaptchaControls(container, `tessera-restock-captcha-${++captchaIds}`);
}

/**
 * One restock sign-up widget (`.product-restock-notification`, SPEC §4/§5): checks the email,
 * asks for the captcha when the widget has one, posts the sign-up, then replaces its content with
 * the success text (keeping the call to action) or shows the server's message.
 */
export function createRestockWidget(root: HTMLElement, options: RestockWidgetOptions): RestockWidget {
  const doc = root.ownerDocument;
  const form = root.querySelector<HTMLFormElement>('.product-restock-form');
  const email = root.querySelector<HTMLInputElement>('input[name="email"]');
  const join = root.querySelector<HTMLInputElement>('input[name="isJoinMailingList"]');
  const captchaContainer = root.querySelector<HTMLElement>('.captcha-container');
  const post = options.post ?? ((payload: RestockPayload) => requestJson<unknown>('POST', RESTOCK_SIGNUP_URL, payload));
  const fetchChallenge =
    options.fetchChallenge ??
    (async () => {
      const answer = await requestJson<CaptchaChallenge>('GET', '/api/form/captcha-challenge');
      return answer.ok ? answer.data : null;
    });

  let captcha: CaptchaWidget | undefined;
  if (captchaContainer) {
    captchaMarkup(captchaContainer);
    captcha = createCaptchaWidget(captchaContainer, { fetchChallenge, win: options.win });
  }

  if (email) {
    email.setAttribute('aria-label', email.getAttribute('placeholder') || 'Email address');
    email.setAttribute('autocomplete', 'email');
    email.maxLength = 256;
  }
  const message = doc.createElement('p');
  message.className = 'product-restock-error';
  message.setAttribute('role', 'alert');
  message.hidden = true;
  form?.after(message);

  const showError = (text: string | undefined) => {
    message.textContent = text ?? '';
    message.hidden = !text;
    root.classList.toggle('has-error', Boolean(text));
    if (email) email.setAttribute('aria-invalid', String(Boolean(text)));
  };

  let busy = false;
  let done = false;

  const succeed = () => {
    done = true;
    captcha?.destroy();
    captcha = undefined;
    const cta = root.querySelector('.product-restock-cta');
    for (const child of [...root.children]) if (child !== cta) child.remove();
    const success = doc.createElement('p');
    success.className = 'product-restock-success';
    success.setAttribute('role', 'status');
    success.textContent = restockSuccessText(options.storeSettings ?? {});
    root.append(success);
    root.dataset.restockState = 'signed-up';
  };

  const submit = async () => {
    if (busy || done) return;
    showError(undefined);
    captcha?.showError(undefined);
    const value = email?.value ?? '';
    const problem = restockEmailError(value);
    if (problem) {
      showError(problem);
      email?.focus();
      return;
    }
    const token = captcha ? captcha.token() : null;
    if (captcha && !token) {
      showError(RESTOCK_MESSAGES.captchaRequired);
      return;
    }
    busy = true;
    root.dataset.restockState = 'submitting';
    const payload: RestockPayload = {
      isJoinMailingList: join?.checked === true,
      productId: root.dataset.productId ?? '',
      siteVisitorEmail: value.trim(),
      variantId: root.dataset.variantId ?? '',
    };
    if (token) payload.captchaToken = token;
    const result = await post(payload);
    busy = false;
    if (result.ok) {
      succeed();
      return;
    }
    root.dataset.restockState = 'failed';
    showError(result.body?.message || SERVER_FALLBACK);
    captcha?.reset();
  };

  const onSubmit = (event: Event) => {
    event.preventDefault();
    void submit();
  };
  form?.addEventListener('submit', onSubmit);
  root.dataset.restockState = 'idle';

  return {
    submit,
    destroy() {
      form?.removeEventListener('submit', onSubmit);
      captcha?.destroy();
    },
  };
}

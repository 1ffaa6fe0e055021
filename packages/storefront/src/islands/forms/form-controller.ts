import { characterCount, FORM_MESSAGES, formFailure, formSubmissionPayload, validateSubmission } from '@tessera/core';
import type { SubmissionAnswer, SubmissionKeyAnswer } from '@tessera/core/contracts/forms';
import type { ApiResult } from '../../api.js';
import type { CaptchaWidget } from './captcha-widget.js';
import {
  type FieldHandle,
  type FormParts,
  readFields,
  readValues,
  showBanners,
  showFieldError,
  showFormMessage,
} from './form-dom.js';

export const FORM_SUCCESS_EVENT = 'tessera:form-success';
export const NEWSLETTER_SUBSCRIBE_EVENT = 'tessera:newsletter-subscribe';

export type FormPhase = 'idle' | 'locked' | 'success';

export interface FormApi {
  submissionKey(): Promise<ApiResult<SubmissionKeyAnswer>>;
  save(payload: Record<string, unknown>): Promise<ApiResult<SubmissionAnswer>>;
}

export interface FormControllerOptions {
  root: HTMLElement;
  parts: FormParts;
  win: Window;
  api: FormApi;
  captcha?: CaptchaWidget;
  onPhase?(phase: FormPhase): void;
}

export interface FormController {
  readonly phase: FormPhase;
  submit(): Promise<void>;
  dispose(): void;
}

/**
 * SPEC §4 "Custom form submission": idle → locked ('Submitting…'; a second submit is ignored) →
 * success (global form-success event, newsletter-subscribe event for newsletter forms, then
 * redirect or the submission message) or failure (unlock, reset the captcha, show errors).
 * Values are checked in the page with core's `validateSubmission` first, the same rule the
 * server runs; the server's own `errors` (400) are shown the same way.
 */
export function createFormController(options: FormControllerOptions): FormController {
  const { root, parts, win, api, captcha } = options;
  const formId = root.dataset.formId ?? '';
  const kind = root.dataset.formKind ?? 'contact';
  const fields = readFields(parts.form);
  const byId = new Map(fields.map((field) => [field.definition.id, field]));
  const submitLabel = parts.submit?.textContent ?? '';
  let phase: FormPhase = 'idle';
  let pendingKey: Promise<string | null> | undefined;

  const setPhase = (next: FormPhase) => {
    phase = next;
    root.dataset.formPhase = next;
    const button = parts.submit;
    if (button) {
      if (next === 'locked' && !button.style.minWidth) button.style.minWidth = `${button.offsetWidth}px`;
      if (next !== 'locked') button.style.minWidth = '';
      button.textContent = next === 'locked' ? FORM_MESSAGES.submitting : submitLabel;
      button.setAttribute('aria-disabled', String(next === 'locked'));
    }
    parts.form.setAttribute('aria-busy', String(next === 'locked'));
    options.onPhase?.(next);
  };

  /** A key per submission, fetched at the first interaction so the server can tell a person's pace from a bot's. */
  const fetchKey = (): Promise<string | null> =>
    api.submissionKey().then(
      (result) => (result.ok && typeof result.data?.key === 'string' ? result.data.key : null),
      () => null,
    );
  const prefetchKey = () => {
    pendingKey ??= fetchKey();
  };

  const clearErrors = () => {
    for (const field of fields) showFieldError(field.element, undefined);
    captcha?.showError(undefined);
    showBanners(parts, false);
    showFormMessage(parts, undefined);
  };

  const showErrors = (errors: Record<string, string>) => {
    let first: FieldHandle | undefined;
    for (const [id, message] of Object.entries(errors)) {
      const field = byId.get(id);
      if (!field) continue;
      showFieldError(field.element, message);
      first ??= field;
    }
    showBanners(parts, true);
    first?.element.querySelector<HTMLElement>('input, select, textarea')?.focus();
  };

  const fail = (show: () => void) => {
    show();
    captcha?.reset();
    pendingKey = undefined;
    setPhase('idle');
  };

  const succeed = (submissionId: string | undefined) => {
    setPhase('success');
    const detail = { formId, kind, submissionId };
    win.dispatchEvent(new CustomEvent(FORM_SUCCESS_EVENT, { detail }));
    if (kind === 'newsletter') win.dispatchEvent(new CustomEvent(NEWSLETTER_SUBSCRIBE_EVENT, { detail }));
    const redirect = root.dataset.successRedirect;
    if (redirect) {
      win.location.assign(redirect);
      return;
    }
    parts.form.hidden = true;
    if (parts.success) {
      parts.success.hidden = false;
      parts.success.focus();
    }
  };

  const submit = async () => {
    if (phase !== 'idle') return;
    clearErrors();
    const values = readValues(fields, new URLSearchParams(win.location.search));
    const checked = validateSubmission(
      fields.map((f) => f.definition),
      values,
    );
    if (!checked.ok) {
      if (checked.kind === 'fields') showErrors(checked.errors);
      else showFormMessage(parts, FORM_MESSAGES.unparsableFields);
      return;
    }
    const captchaKey = captcha ? captcha.token() : null;
    if (captcha && !captchaKey) {
      captcha.showError(FORM_MESSAGES.captchaRequired);
      showBanners(parts, true);
      return;
    }

    setPhase('locked');
    const key = await (pendingKey ?? fetchKey());
    pendingKey = undefined;
    if (!key) {
      fail(() => showFormMessage(parts, FORM_MESSAGES.noSubmissionKey));
      return;
    }
    const payload = {
      ...formSubmissionPayload(key, values, captchaKey),
      formId,
      pagePath: win.location.pathname,
      pageTitle: win.document.title,
      ...(parts.honeypot ? { [parts.honeypot.name]: parts.honeypot.value } : {}),
    };
    const result = await api.save(payload);
    if (result.ok) {
      succeed(result.data?.submissionId);
      return;
    }
    if (result.network) {
      fail(() => showFormMessage(parts, FORM_MESSAGES.processingError));
      return;
    }
    const body = result.body as { errors?: unknown; message?: string } | undefined;
    const failure = formFailure({ status: result.status, errors: body?.errors, errorText: body?.message });
    fail(() => {
      if (failure.kind === 'fields') showErrors(failure.errors);
      else {
        showFormMessage(parts, failure.message);
        showBanners(parts, true);
      }
    });
  };

  const onSubmit = (event: Event) => {
    event.preventDefault();
    void submit();
  };
  const onFocus = () => prefetchKey();
  const onInput = (event: Event) => {
    const target = event.target as HTMLTextAreaElement;
    if (target.tagName !== 'TEXTAREA') return;
    const field = target.closest<HTMLElement>('[data-field-id]');
    const max = Number(field?.dataset.maxLength);
    if (!field || !Number.isFinite(max) || max <= 0) return;
    const view = characterCount(target.value, max);
    const counter = field.querySelector<HTMLElement>('.tessera-field__counter');
    if (counter) {
      counter.textContent = view.text;
      counter.classList.toggle('is-over', view.over);
    }
    const slot = field.querySelector<HTMLElement>('.tessera-field__error');
    if (view.over) showFieldError(field, FORM_MESSAGES.tooLong);
    else if (slot?.textContent === FORM_MESSAGES.tooLong) showFieldError(field, undefined);
  };

  parts.form.addEventListener('submit', onSubmit);
  parts.form.addEventListener('focusin', onFocus);
  parts.form.addEventListener('input', onInput);
  setPhase('idle');

  return {
    get phase() {
      return phase;
    },
    submit,
    dispose() {
      parts.form.removeEventListener('submit', onSubmit);
      parts.form.removeEventListener('focusin', onFocus);
      parts.form.removeEventListener('input', onInput);
      captcha?.destroy();
    },
  };
}

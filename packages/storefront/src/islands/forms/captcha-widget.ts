import { type CaptchaChallenge, solveCaptcha } from './captcha-solver.js';

/** Below this container width the captcha uses its compact layout (SPEC §4). */
export const COMPACT_CAPTCHA_WIDTH = 320;

export type CaptchaState = 'idle' | 'solving' | 'verified' | 'failed';

export interface CaptchaWidget {
  readonly state: CaptchaState;
  /** The solved payload for `captchaKey`, once verified. */
  token(): string | null;
  /** Back to unsolved (after a failed submission): a used answer is never sent twice. */
  reset(): void;
  showError(message: string | undefined): void;
  destroy(): void;
}

export interface CaptchaWidgetOptions {
  fetchChallenge(): Promise<CaptchaChallenge | null>;
  win: Window;
  onStateChange?(state: CaptchaState): void;
}

const STATUS: Record<CaptchaState, string> = {
  idle: '',
  solving: 'Verifying…',
  verified: 'Verified',
  failed: 'Verification failed. Please try again.',
};

/**
 * The self-hosted captcha of a form: ticking the box fetches a challenge from this site and
 * solves it in the page (no request to any other origin); states rendered → validated to a
 * token → reset or destroyed (SPEC §4). Compact when its container is narrower than 320 px.
 */
export function createCaptchaWidget(container: HTMLElement, options: CaptchaWidgetOptions): CaptchaWidget {
  const check = container.querySelector<HTMLInputElement>('.tessera-captcha__check');
  const status = container.querySelector<HTMLElement>('.tessera-captcha__status');
  const error = container.querySelector<HTMLElement>('.tessera-captcha__error');
  let state: CaptchaState = 'idle';
  let token: string | null = null;
  let abort: AbortController | undefined;

  const setState = (next: CaptchaState) => {
    state = next;
    container.dataset.captchaState = next;
    if (status) status.textContent = STATUS[next];
    if (check) {
      check.checked = next === 'verified' || next === 'solving';
      check.disabled = next === 'solving' || next === 'verified';
      check.setAttribute('aria-busy', String(next === 'solving'));
    }
    options.onStateChange?.(next);
  };

  const showError = (message: string | undefined) => {
    container.classList.toggle('has-error', Boolean(message));
    if (!error) return;
    error.textContent = message ?? '';
    error.hidden = !message;
  };

  const solve = async () => {
    if (state === 'solving' || state === 'verified') return;
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    setState('solving');
    showError(undefined);
    try {
      const challenge = await options.fetchChallenge();
      const solved = challenge ? await solveCaptcha(challenge, { signal: controller.signal }) : null;
      if (controller.signal.aborted) return;
      token = solved;
      setState(solved ? 'verified' : 'failed');
    } catch {
      if (!controller.signal.aborted) setState('failed');
    }
  };

  const onChange = () => {
    if (check?.checked) void solve();
  };
  check?.addEventListener('change', onChange);

  const applyWidth = (width: number) => container.classList.toggle('is-compact', width < COMPACT_CAPTCHA_WIDTH);
  applyWidth(container.getBoundingClientRect().width);
  const ResizeObserverImpl = (options.win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
  const observer = ResizeObserverImpl
    ? new ResizeObserverImpl((entries) => {
        for (const entry of entries) applyWidth(entry.contentRect.width);
      })
    : undefined;
  observer?.observe(container);
  setState('idle');

  return {
    get state() {
      return state;
    },
    token: () => (state === 'verified' ? token : null),
    reset() {
      abort?.abort();
      token = null;
      setState('idle');
    },
    showError,
    destroy() {
      abort?.abort();
      observer?.disconnect();
      check?.removeEventListener('change', onChange);
      token = null;
    },
  };
}

/**
 * Appends the self-hosted captcha's controls (the forms' markup: an alert, then the check box, its
 * label and a live status) to `container`, the check box with the id `id`.
 */
export function appendCaptchaControls(container: HTMLElement, id: string): void {
  const doc = container.ownerDocument;
  const error = doc.createElement('p');
  error.className = 'tessera-field__error tessera-captcha__error';
  error.setAttribute('role', 'alert');
  error.hidden = true;
  const box = doc.createElement('div');
  box.className = 'tessera-captcha__box';
  const check = doc.createElement('input');
  check.type = 'checkbox';
  check.className = 'tessera-captcha__check';
  check.id = id;
  const label = doc.createElement('label');
  label.className = 'tessera-captcha__label';
  label.htmlFor = id;
  label.textContent = "I'm not a robot";
  const status = doc.createElement('span');
  status.className = 'tessera-captcha__status';
  status.setAttribute('aria-live', 'polite');
  box.append(check, label, status);
  container.append(error, box);
}

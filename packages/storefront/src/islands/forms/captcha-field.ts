import { requestJson } from '../../api.js';
import type { IslandEnv } from '../../island-env.js';
import type { CaptchaChallenge } from './captcha-solver.js';
import { createCaptchaWidget } from './captcha-widget.js';

const NEEDED = 'Tick the check box first.';
let ids = 0;

/** The self-hosted captcha's controls inside `container` (the forms' markup). */
function markup(container: HTMLElement): void {
  const doc = container.ownerDocument;
  const id = `tessera-captcha-field-${++ids}`;
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

/**
 * A captcha inside a plain HTML form (`[data-island="captcha-field"]`, the owner sign-in page once
 * an account asks for one): ticking the box solves a challenge of this site, the answer goes into
 * the hidden input named by `data-captcha-field`, and the form is not sent before it is solved.
 */
export async function mountCaptchaField(root: HTMLElement, env: IslandEnv): Promise<boolean> {
  const form = root.closest('form');
  const input = root.querySelector<HTMLInputElement>(`input[name="${root.dataset.captchaField ?? 'captchaToken'}"]`);
  if (!form || !input) return false;
  markup(root);
  const widget = createCaptchaWidget(root, {
    win: env.win,
    async fetchChallenge() {
      const answer = await requestJson<CaptchaChallenge>('GET', '/api/form/captcha-challenge');
      return answer.ok ? answer.data : null;
    },
  });
  form.addEventListener('submit', (event) => {
    const token = widget.token();
    if (!token) {
      event.preventDefault();
      widget.showError(NEEDED);
      return;
    }
    input.value = token;
  });
  return true;
}

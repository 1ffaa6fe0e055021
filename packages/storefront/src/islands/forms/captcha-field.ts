import { requestJson } from '../../api.js';
import type { IslandEnv } from '../../island-env.js';
import type { CaptchaChallenge } from './captcha-solver.js';
import { appendCaptchaControls, createCaptchaWidget } from './captcha-widget.js';

const NEEDED = 'Tick the check box first.';
let ids = 0;

/** The self-hosted captcha's controls inside `container` (the forms' markup). */
function markup(container: HTMLElement): void {
  appendCaptchaControls(container, `tessera-captcha-field-${++ids}`);
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

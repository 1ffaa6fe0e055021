import { passwordStrength } from '@tessera/core';

/**
 * Live strength feedback under a new-password field (`[data-island="password-strength"]`, the
 * first-run setup page): the input named by `data-password-input` in the same form is graded with
 * core's `passwordStrength` as it is typed, the rule the server checks on submit. Without
 * JavaScript the page shows the rule and the server's message.
 */
export function mountPasswordStrength(root: HTMLElement): Promise<boolean> {
  const form = root.closest('form');
  const input = form?.querySelector<HTMLInputElement>(`input[name="${root.dataset.passwordInput ?? 'password'}"]`);
  if (!input) return Promise.resolve(false);
  const rule = root.textContent ?? '';
  root.setAttribute('aria-live', 'polite');
  input.addEventListener('input', () => {
    if (!input.value) {
      root.textContent = rule;
      delete root.dataset.strength;
      return;
    }
    const result = passwordStrength(input.value);
    root.dataset.strength = result.strength;
    root.textContent = result.message;
  });
  return Promise.resolve(true);
}

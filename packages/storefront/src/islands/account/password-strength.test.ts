// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mountPasswordStrength } from './password-strength.js';

describe('password strength island', () => {
  it('grades the password as it is typed and restores the rule when emptied', async () => {
    document.body.innerHTML =
      '<form><input name="password"><p data-island="password-strength" data-password-input="password">Rule.</p></form>';
    const root = document.querySelector<HTMLElement>('[data-island]')!;
    const input = document.querySelector<HTMLInputElement>('input')!;
    expect(await mountPasswordStrength(root)).toBe(true);
    const type = (value: string) => {
      input.value = value;
      input.dispatchEvent(new Event('input'));
    };
    type('short');
    expect(root.textContent).toBe('Use at least 10 characters.');
    expect(root.dataset.strength).toBe('too-short');
    type('Moss-and-Stone-2026');
    expect(root.dataset.strength).toBe('strong');
    type('');
    expect(root.textContent).toBe('Rule.');
  });
});

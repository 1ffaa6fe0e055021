import { describe, expect, it } from 'vitest';
import { RESTOCK_MESSAGES, restockSuccessText } from './messages.js';

describe('restock messages', () => {
  it('are verbatim', () => {
    expect(RESTOCK_MESSAGES).toEqual({
      signedUp: 'Signed up!',
      emailBlank: 'Email cannot be blank',
      emailInvalid: 'Email is invalid',
      captchaRequired: 'Complete CAPTCHA before submitting.',
    });
  });

  it("use the store's success text when set", () => {
    expect(restockSuccessText({ restockNotificationsSuccessText: 'Thanks!' })).toBe('Thanks!');
    expect(restockSuccessText({ restockNotificationsSuccessText: ' ' })).toBe('Signed up!');
    expect(restockSuccessText({})).toBe('Signed up!');
  });
});

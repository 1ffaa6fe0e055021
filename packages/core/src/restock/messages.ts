import { EMAIL_MESSAGES } from '../text/email.js';

/** Restock sign-up strings of SPEC §4/§5. */
export const RESTOCK_MESSAGES = Object.freeze({
  signedUp: 'Signed up!',
  emailBlank: EMAIL_MESSAGES.restockBlank,
  emailInvalid: EMAIL_MESSAGES.restockInvalid,
  captchaRequired: 'Complete CAPTCHA before submitting.',
});

/** The message that replaces the widget after a sign-up: the store's text when set, else 'Signed up!'. */
export function restockSuccessText(settings: { restockNotificationsSuccessText?: string | null }): string {
  const text = settings.restockNotificationsSuccessText?.trim();
  return text ? text : RESTOCK_MESSAGES.signedUp;
}

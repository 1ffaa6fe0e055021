import type { PaymentProvider, PaymentProviders } from './provider.js';

/** The id of the built-in test-card provider (`test-card.ts`). */
export const TEST_CARD_PROVIDER_ID = 'test-card';

/**
 * The one rule for test mode: the store is in test mode when its owner setting says so (on by
 * default) and no live payment provider is configured, neither a built-in one nor a hosted one the
 * site connected (`liveHosted`: Stripe or PayPal with live keys). Only then does the test-card
 * provider, which takes any Luhn-valid number as paid, take payments: for orders and for the
 * renewals of subscriptions first paid with a test card alike.
 */
export function testModeActive(testModeSetting: boolean, payments: PaymentProviders, liveHosted = false): boolean {
  return testModeSetting && !payments.liveProviderConfigured && !liveHosted;
}

/** Whether `provider` may take a payment for a store whose test mode setting is `testModeSetting`. */
export function providerAllowed(
  provider: PaymentProvider,
  testModeSetting: boolean,
  payments: PaymentProviders,
  liveHosted = false,
): boolean {
  if (provider.id !== TEST_CARD_PROVIDER_ID) return true;
  return testModeActive(testModeSetting, payments, liveHosted);
}

export const TEST_MODE_MESSAGES = {
  cardsOff:
    'Card payments are not available: this store is not in test mode and has no live payment provider. Please contact the store.',
  liveProvider: 'Test mode cannot be turned on while a live payment provider is configured.',
} as const;

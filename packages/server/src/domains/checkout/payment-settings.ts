import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { parseSiteSettings } from '../settings/index.js';
import {
  type PaymentProvider,
  type PaymentProviders,
  providerAllowed,
  TEST_MODE_MESSAGES,
  testModeActive,
} from '../payments/index.js';

/**
 * The store settings that decide how an order may be paid and discounted (issue 15). They live in
 * the site's settings JSON under `store` and are edited through `PUT /api/config/settings/store`.
 */
export interface PaymentSettings {
  /** "Pay later": orders are received with payment pending until the owner marks them paid. Off by default. */
  payLaterEnabled: boolean;
  /** Test mode: the test-card provider takes payments. On by default until a live provider exists. */
  testMode: boolean;
  /** More than one coupon on an order. Off by default. */
  allowCouponStacking: boolean;
}

export const PAYMENT_SETTING_MESSAGES = {
  payLaterOff: 'Pay later is not offered by this store. Please pay by card.',
  oneCoupon: 'Only one coupon can be used per order.',
} as const;

/** The settings from the `store` object of the settings JSON, with their defaults. */
export function paymentSettingsOf(store: Record<string, unknown> | undefined): PaymentSettings {
  return {
    payLaterEnabled: store?.payLaterEnabled === true,
    testMode: store?.testMode !== false,
    allowCouponStacking: store?.allowCouponStacking === true,
  };
}

/**
 * The settings as `GET /api/config/settings/store` answers them, with whether a live provider is
 * configured (built in, or a hosted one the site connected: `liveHosted`) and so whether the store
 * is really in test mode (the banner on checkout and in the editor).
 */
export function paymentSettingsJson(
  store: Record<string, unknown> | undefined,
  payments?: PaymentProviders,
  liveHosted = false,
) {
  const settings = paymentSettingsOf(store);
  return {
    ...settings,
    liveProviderConfigured: (payments?.liveProviderConfigured ?? false) || liveHosted,
    testModeActive: payments
      ? testModeActive(settings.testMode, payments, liveHosted)
      : settings.testMode && !liveHosted,
  };
}

export async function readPaymentSettings(db: Kysely<Database>, siteId: string): Promise<PaymentSettings> {
  const row = await db.selectFrom('sites').select('settings').where('id', '=', siteId).executeTakeFirst();
  const store = parseSiteSettings(row?.settings).store;
  return paymentSettingsOf(store);
}

export interface PaymentRefusal {
  code: 'pay-later-disabled' | 'test-mode-off';
  message: string;
  status: 400;
}

/**
 * Why `provider` may not take a payment for the site now, or undefined when it may: pay later
 * needs the owner's setting, and test cards need test mode (`payments/test-mode.ts`).
 */
export async function paymentRefusal(
  db: Kysely<Database>,
  siteId: string,
  payments: PaymentProviders,
  provider: PaymentProvider,
  options: {
    /** The settings when the caller read the site row already (checkout, issue 20). */
    known?: PaymentSettings;
    /** Whether the site has a hosted provider (Stripe, PayPal) connected with live keys: test mode is then over. */
    liveHosted?: boolean;
  } = {},
): Promise<PaymentRefusal | undefined> {
  const settings = options.known ?? (await readPaymentSettings(db, siteId));
  if (provider.id === 'manual' && !settings.payLaterEnabled) {
    return { code: 'pay-later-disabled', message: PAYMENT_SETTING_MESSAGES.payLaterOff, status: 400 };
  }
  if (!providerAllowed(provider, settings.testMode, payments, options.liveHosted)) {
    return { code: 'test-mode-off', message: TEST_MODE_MESSAGES.cardsOff, status: 400 };
  }
  return undefined;
}

/**
 * Coupons without stacking: the first code stays in `coupons`, every other one is taken out and
 * refused with a message (the quote lists it among the invalid coupons; placing the order refuses it).
 */
export async function limitCouponStacking<T>(
  db: Kysely<Database>,
  siteId: string,
  coupons: T[],
  codeOf: (coupon: T) => string,
  invalid: { code: string; message: string }[],
  known?: PaymentSettings,
): Promise<void> {
  if (coupons.length <= 1 || (known ?? (await readPaymentSettings(db, siteId))).allowCouponStacking) return;
  for (const extra of coupons.splice(1))
    invalid.push({ code: codeOf(extra), message: PAYMENT_SETTING_MESSAGES.oneCoupon });
}

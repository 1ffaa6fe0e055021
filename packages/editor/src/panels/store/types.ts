// The checkout settings' shapes (`/api/config/checkout*`) are `@tessera/core/contracts/checkout-settings`'s,
// the gift cards' (`/api/config/gift-cards*`) `@tessera/core/contracts/gift-cards`'s.

/** `GET /api/config/settings/store` */
export interface StoreSettings {
  multipleQuantityAllowedForServices: boolean;
  restockHiddenByDefault: boolean;
  restockMailingListOptIn: boolean;
  restockNotificationsSuccessText: string;
  restockAutoSend: boolean;
  scarcityEnabled: boolean;
  scarcityShownByDefault: boolean;
  scarcityThreshold: number | null;
  scarcityText: string | null;
  expressCheckout: boolean;
  /** "Pay later" orders (payment pending until the owner marks them paid). Off by default. */
  payLaterEnabled: boolean;
  /** Test mode: test cards pay. On by default until a live payment provider is configured. */
  testMode: boolean;
  /** More than one coupon on an order. Off by default. */
  allowCouponStacking: boolean;
  /** Minutes a payment-pending order holds its stock before it is cancelled (default 30). */
  stockHoldMinutes: number;
  /** Read only: a live payment provider is configured, so test mode is off whatever `testMode` says. */
  liveProviderConfigured: boolean;
  /** Read only: the store is in test mode now (the banner). */
  testModeActive: boolean;
}

// The payments domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export {
  HOSTED_HOLD_MINUTES,
  hostedHoldUntil,
  hostedSessionInsert,
  pendingHostedCharge,
  recordHostedSession,
} from './flow/place.js';
export {
  type GiftCardChange,
  giftCardNote,
  recordGiftCardTakes,
  returnGiftCardTakes,
  revokeGiftCards,
  type RevokedGiftCard,
} from './flow/refund-gift-cards.js';
export { REFUND_RECOVERY_AFTER_MS, RefundInProgressError } from './flow/refund-in-progress.js';
export type {
  HostedEvent,
  HostedPaymentProvider,
  HostedProviderId,
  ProviderRefund,
  ProviderSubscriptionPayment,
} from './hosted.js';
export { builtInPaymentProviders } from './methods/index.js';
export type { PaymentMethodInput, PaymentProvider, PaymentProviders } from './methods/provider.js';
export { TEST_MODE_MESSAGES, providerAllowed, testModeActive } from './methods/test-mode.js';
export type { HostedOrderKind } from './plugin.js';
export type { HostedRegistry } from './registry.js';

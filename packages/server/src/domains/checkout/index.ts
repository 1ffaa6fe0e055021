// The checkout domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export type { OrderSummary } from './checkout-service.js';
export type { OrderMail } from './checkout-types.js';
export { ensureCheckoutDefaults } from './defaults.js';
export { parseWithFields } from './field-errors.js';
export { completeHostedPayment } from './hosted-settlement.js';
export { moveToPaid } from './order-payment.js';
export { CheckoutPages } from './pages.js';
export { paymentRefusal, paymentSettingsJson } from './payment-settings.js';
export { orderIdParams } from './schemas.js';
export {
  STOCK_HOLD_MINUTES,
  expiredOrderMail,
  releaseHeldOrder,
  stockHeldUntil,
  stockHoldMinutesOf,
  type ExpiredHold,
} from './stock-holds.js';
export { returnStockFor, takeStockFor } from './stock.js';

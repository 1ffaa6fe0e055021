// The subscriptions room (issue 16): what other domains use of subscriptions. Renewals run as jobs
// (`schedule.ts`, `hosted-renewal.ts`, `renewal-pay.ts`).

export { settleRenewalPayment, subscriptionRenewalState } from './hosted-renewal.js';
export { registerRenewalPayRoute, renewalAwaitingMailer } from './renewal-pay.js';
export { addBillingPeriod, createRenewalScheduler, type RenewalScheduler } from './schedule.js';
export { startSubscription } from './subscription-start.js';

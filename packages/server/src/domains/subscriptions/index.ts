// The subscriptions room (issue 16): what other domains use of subscriptions. Renewals run as jobs
// (`schedule.ts`, `hosted-renewal.ts`, `renewal-pay.ts`).
export { startSubscription } from './subscription-start.js';

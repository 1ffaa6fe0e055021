// The webhooks domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { deliverDueWebhooks } from './deliver.js';
export {
  formSubmittedWebhook,
  newsletterSubscribedWebhook,
  orderEventData,
  recordWebhookEvent,
  restockSignedUpWebhook,
  type enabledWebhookEndpoints,
  webhookEventInsert,
} from './events.js';
export { postJson } from './sender.js';
export { newSigningSecret, signatureHeader } from './signing.js';

import type { FastifyInstance } from 'fastify';
import { registerWebhookRoutes } from './routes.js';

export { ADDRESS_MESSAGES } from '../../platform/net/address-guard.js';
export { DISABLE_AFTER_FAILURES, deliverDueWebhooks, RETRY_DELAYS_MS } from './deliver.js';
export {
  enabledWebhookEndpoints,
  formSubmittedWebhook,
  newsletterSubscribedWebhook,
  restockSignedUpWebhook,
  orderEventData,
  recordWebhookEvent,
  TEST_EVENT,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from './events.js';
export { postJson, type SendOutcome } from './sender.js';
export { newSigningSecret, signatureHeader, verifySignature } from './signing.js';

/** Outgoing webhooks (issue 21, `docs/webhooks.md`): the owner routes under `/api/config/webhooks`. */
export default async function webhooksPlugin(app: FastifyInstance): Promise<void> {
  registerWebhookRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { registerMailingServiceRoutes } from './routes.js';

export { deliverDueMailings, MAILING_RETRY_DELAYS_MS } from './deliver.js';
export { MAILCHIMP_BASE_ENV, subscriberHash } from './mailchimp.js';
export { type NewsletterSignup, queueMailingSignup } from './outbox.js';

/**
 * Mailing services (issue 21, `docs/mailing-services.md`): newsletter sign-ups sent on to Mailchimp
 * or a signed webhook target. Owner routes under `/api/config/mailing-services`; the
 * `mailing-services` job sends the outbox.
 */
export default async function mailingServicesPlugin(app: FastifyInstance): Promise<void> {
  registerMailingServiceRoutes(app);
}

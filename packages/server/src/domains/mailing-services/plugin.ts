import type { FastifyInstance } from 'fastify';
import { registerMailingServiceRoutes } from './routes.js';

/**
 * Mailing services (issue 21, `docs/mailing-services.md`): newsletter sign-ups sent on to Mailchimp
 * or a signed webhook target. Owner routes under `/api/config/mailing-services`; the
 * `mailing-services` job sends the outbox.
 */
export default async function mailingServicesPlugin(app: FastifyInstance): Promise<void> {
  registerMailingServiceRoutes(app);
}

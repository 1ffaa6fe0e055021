import type { FastifyInstance } from 'fastify';
import { registerWebhookRoutes } from './routes.js';

/** Outgoing webhooks (issue 21, `docs/webhooks.md`): the owner routes under `/api/config/webhooks`. */
export default async function webhooksPlugin(app: FastifyInstance): Promise<void> {
  registerWebhookRoutes(app);
}

import type { FastifyInstance } from 'fastify';
import { connectionFactories } from './factories.js';
import type { ConnectionFactories } from './provider-specs.js';
import { registerConnectionRoutes } from './routes.js';

export { loadConnection, loadConnections, type LoadedConnection } from './repository.js';

export interface PaymentConnectionsPluginOptions {
  /** The adapters' factories; the real ones unless a test hands in others. */
  factories?: ConnectionFactories;
}

/** The Store panel's payment provider connections (issue 17): owner routes under `/api/config/payments`. */
export default async function paymentConnectionsPlugin(
  app: FastifyInstance,
  options: PaymentConnectionsPluginOptions,
): Promise<void> {
  registerConnectionRoutes(app, { factories: options.factories ?? connectionFactories });
}

import type { FastifyInstance } from 'fastify';
import type { InvalidationBus } from '../cluster/invalidation-bus.js';
import { installHealthRoutes } from './health.js';
import { installMetrics } from './metrics.js';
import { installRequestIdHeader } from './request-id.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cross-node cache invalidation bus (platform/cluster/). */
    invalidationBus: InvalidationBus;
  }
}

/**
 * What a host runs the server with (issue 18): `/healthz`, `/readyz`, `/metrics` and the request
 * id header. Installed on the root instance, before the areas' plugins, so the request hooks see
 * every route.
 */
export function installOperations(app: FastifyInstance, options: { bus: InvalidationBus }): void {
  app.decorate('invalidationBus', options.bus);
  installRequestIdHeader(app);
  installHealthRoutes(app);
  installMetrics(app, { token: app.config.metricsToken, bus: options.bus });
}

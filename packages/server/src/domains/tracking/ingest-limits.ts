import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { limitPerAddress } from '../../platform/http/rate-limit.js';

/** Each tracking route allows this many times the cart-write budget (480 a minute by default). */
export const TRACKING_BUDGET_FACTOR = 4;

/**
 * Per-address limits of the tracking routes: each route counts on its own (`track-<name>`), with
 * `TRACKING_BUDGET_FACTOR` times the cart-write budget (`rateLimit.max` per window): above what a
 * few browsers behind one address send while reading pages (a page view is one hit and a few
 * events), and low enough that one address cannot flood the tables.
 */
export function trackingLimits(app: FastifyInstance): (name: string) => { onRequest: onRequestHookHandler } {
  return (name) => ({
    onRequest: limitPerAddress(app, {
      name: `track-${name}`,
      max: app.config.rateLimit.max * TRACKING_BUDGET_FACTOR,
      timeWindowMs: app.config.rateLimit.timeWindowMs,
    }),
  });
}

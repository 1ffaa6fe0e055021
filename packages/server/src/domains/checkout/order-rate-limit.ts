import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countPerAddress } from '../../platform/http/rate-limit.js';

/** Order attempts per client address in each window (`CHECKOUT_ORDERS_PER_IP`, per minute). */
export interface OrderRateLimit {
  perIp: number;
  timeWindowMs: number;
}

export const DEFAULT_ORDER_RATE_LIMIT: OrderRateLimit = Object.freeze({ perIp: 20, timeWindowMs: 60_000 });

export type OrderLimitDecision = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

/** Says how long to wait, in words a shopper reads on the checkout page. */
export function orderRateLimitMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds <= 1 ? 'a second' : retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : 'a minute';
  return `Too many orders were placed from your connection in a short time. Please wait ${wait} and try again.`;
}

/**
 * Counts order attempts per client address in the store the cart limit uses (memory, or Redis
 * with `REDIS_URL`), under a key of its own so cart writes and orders have separate budgets.
 * Every attempt counts, good or bad, so card numbers cannot be tried at speed.
 */
export function createOrderRateLimiter(
  app: FastifyInstance,
  limit: OrderRateLimit,
): (request: FastifyRequest) => Promise<OrderLimitDecision> {
  const check = countPerAddress(app, { name: 'checkout-orders', max: limit.perIp, timeWindowMs: limit.timeWindowMs });
  return async (request) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return { ok: true };
    const retryAfterSeconds = Math.max(1, result.ttlInSeconds);
    return { ok: false, retryAfterSeconds, message: orderRateLimitMessage(retryAfterSeconds) };
  };
}

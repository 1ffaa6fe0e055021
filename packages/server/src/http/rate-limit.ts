import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { CART_MESSAGES } from '@tessera/core';
import type { ServerConfig } from '../config.js';

/**
 * Registers @fastify/rate-limit (in memory, or in Redis when `REDIS_URL` is set so several server
 * processes share counters) and answers the hook that limits cart writes. Over the limit: 429
 * `{ error: 'rate-limited', message: 'Please try again in a few seconds.' }` with `Retry-After`.
 */
export async function installRateLimit(app: FastifyInstance, config: ServerConfig): Promise<onRequestHookHandler> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false });
    // While Redis is away the limiter lets requests through (skipOnError) and says so in the log.
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store (Redis) unavailable'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.rateLimit.namespace ?? 'tessera-rl:' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'rate-limited',
      message: CART_MESSAGES.tooManyRequests,
    }),
  });
  return app.rateLimit({
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.timeWindowMs,
  }) as unknown as onRequestHookHandler;
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { CART_MESSAGES } from '@tessera/core';
import type { ServerConfig } from '../config.js';
import { namedLimitStore } from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Names of the limits registered so far: each is one counter, so a name is used once. */
    rateLimitNames: Set<string>;
  }
}

/** One per-client limit: its own counter, called `name` (Redis key `<namespace><name>:<client>`). */
export interface NamedLimit {
  /** Lower-case words joined by `-`, e.g. `like`, `cart-write`; unique in the app. */
  name: string;
  max: number;
  timeWindowMs: number;
  /** The client key; the client address by default. */
  key?: (request: FastifyRequest) => string;
}

/**
 * A hook (onRequest or preHandler) that limits a client to `max` requests per window on the
 * routes that use it. Over the limit: 429 `{ error: 'rate-limited', message }` with `Retry-After`.
 */
export function limitPerAddress(app: FastifyInstance, limit: NamedLimit): onRequestHookHandler {
  claimName(app, limit.name);
  const options = limiterOptions(limit) as Parameters<FastifyInstance['rateLimit']>[0];
  return app.rateLimit(options) as unknown as onRequestHookHandler;
}

function claimName(app: FastifyInstance, name: string): void {
  if (app.rateLimitNames.has(name)) {
    throw new Error(`The rate limit "${name}" is registered twice; give each limit its own name.`);
  }
  app.rateLimitNames.add(name);
}

/** The plugin's limiter options; `name` reaches our store's `child()` (see rate-limit-store.ts). */
function limiterOptions(limit: NamedLimit) {
  return {
    name: limit.name,
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    ...(limit.key ? { keyGenerator: limit.key } : {}),
  };
}

/**
 * The same per-client counter as a function the route calls itself (`app.createRateLimit`), for
 * routes that answer "too many" in their own words.
 */
export function countPerAddress(
  app: FastifyInstance,
  limit: NamedLimit,
): ReturnType<FastifyInstance['createRateLimit']> {
  claimName(app, limit.name);
  return app.createRateLimit(limiterOptions(limit) as Parameters<FastifyInstance['createRateLimit']>[0]);
}

/**
 * Registers @fastify/rate-limit (in memory, or in Redis when `REDIS_URL` is set so several server
 * processes share counters) with a store that keys every limit by its name, and answers the hook
 * that limits cart writes.
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
  app.decorate('rateLimitNames', new Set<string>());
  await app.register(rateLimit, {
    global: false,
    store: namedLimitStore(redis, config.rateLimit.namespace ?? 'tessera-rl:'),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'rate-limited',
      message: CART_MESSAGES.tooManyRequests,
    }),
  });
  return limitPerAddress(app, {
    name: 'cart-write',
    max: config.rateLimit.max,
    timeWindowMs: config.rateLimit.timeWindowMs,
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { CART_MESSAGES } from '@tessera/core';
import type { ServerConfig } from '../config.js';
import { type Counter, limitCounter, namedLimitStore } from './rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Names of the limits registered so far: each is one counter, so a name is used once. */
    rateLimitNames: Set<string>;
    /** The counter of a limit counted by hand (`countPerAddressBy`), in the limiter's store. */
    rateLimitCounter(name: string): Counter;
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
 * The client a hand-counted limit keys on: the address, an IPv4-mapped IPv6 address as IPv4, and any
 * other IPv6 address by its /64 network, as @fastify/rate-limit keys its own limits (one household or
 * phone gets a whole /64, so a client cannot step around a limit by changing its last 64 bits).
 */
export function clientKey(ip: string): string {
  const address = ip.toLowerCase().replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1];
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export type CountDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A per-client limit the route counts itself, by more than one at a time: a batch of events counts
 * each event (`count(request, events)`), so sending in batches is no way around a limit of events.
 * Over the limit it answers how long to wait; while the store is away it lets requests through, as
 * the other limits do (`skipOnError`).
 */
export function countPerAddressBy(
  app: FastifyInstance,
  limit: NamedLimit,
): (request: FastifyRequest, by: number) => Promise<CountDecision> {
  claimName(app, limit.name);
  const counter = app.rateLimitCounter(limit.name);
  const key = limit.key ?? ((request: FastifyRequest) => clientKey(request.ip));
  return async (request, by) => {
    try {
      const { current, ttl } = await counter.incr(key(request), limit.timeWindowMs, by);
      return current <= limit.max ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch {
      return { ok: true };
    }
  };
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
  const namespace = config.rateLimit.namespace ?? 'tessera-rl:';
  app.decorate('rateLimitCounter', (name: string) => limitCounter(redis, namespace, name));
  await app.register(rateLimit, {
    global: false,
    store: namedLimitStore(redis, namespace),
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

import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What a counter store answers: how many hits in the window so far, and the ms left in it. */
export interface Counter {
  /** Adds `by` (1 unless given: a request; a batch of events counts each of them). */
  incr(key: string, timeWindowMs: number, by?: number): Promise<{ current: number; ttl: number }>;
  read(key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }>;
}

/** Clients a limit remembers in memory before it sweeps out expired windows (at most once a second). */
const MEMORY_SWEEP_AT = 10_000;
/** Hard cap: past it the oldest windows are dropped, so a flood of addresses cannot grow the map. */
const MEMORY_MAX = 100_000;

/** Counters in this process: one map per limit, expired entries swept when the map grows. */
function memoryCounter(): Counter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (windows.size < MEMORY_SWEEP_AT || now - lastSweep < 1000) return;
    lastSweep = now;
    for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MEMORY_MAX) break;
      windows.delete(key);
    }
  };
  return {
    async incr(key, timeWindowMs, by = 1) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        sweep(now);
        entry = { count: 0, resetAt: now + timeWindowMs };
        windows.set(key, entry);
      }
      entry.count += by;
      return { current: entry.count, ttl: entry.resetAt - now };
    },
    async read(key) {
      const now = Date.now();
      const entry = windows.get(key);
      return entry && entry.resetAt > now ? { current: entry.count, ttl: entry.resetAt - now } : { current: 0, ttl: 0 };
    },
  };
}

/** Counters in Redis (shared by every server process): one key per limit and client, expiring with its window. */
function redisCounter(redis: Redis, prefix: string): Counter {
  return {
    async incr(key, timeWindowMs, by = 1) {
      const results = await redis
        .multi()
        .set(prefix + key, 0, 'PX', timeWindowMs, 'NX')
        .incrby(prefix + key, by)
        .pttl(prefix + key)
        .exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('Redis did not run the rate-limit count.');
      return { current: Number(results[1][1]), ttl: Math.max(0, Number(results[2][1])) };
    },
    async read(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { current: Number(count ?? 0), ttl: Math.max(0, ttl) };
    },
  };
}

/** Why a limit without a name is refused: unnamed limits would share one counter (finding 14). */
export const UNNAMED_LIMIT = 'Every rate limit needs a name (its own counter); use limitPerAddress().';

/**
 * The @fastify/rate-limit store of this server. The plugin makes one child store per limiter
 * (`app.rateLimit(options)`), and each child is keyed by the limiter's `name`: in Redis
 * `<namespace><name>:<client key>`, in memory a map of its own. The plugin's own Redis store keys
 * children by route method and URL, which limiters made with `app.rateLimit()` do not have, so
 * every such limiter shared `<namespace>undefinedundefined-<ip>`.
 */
export class NamedLimitStore {
  readonly #makeCounter: (name: string) => Counter;
  readonly #counter: Counter | undefined;

  constructor(makeCounter: (name: string) => Counter, counter?: Counter) {
    this.#makeCounter = makeCounter;
    this.#counter = counter;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    if (!this.#counter) {
      callback(new Error(UNNAMED_LIMIT));
      return;
    }
    this.#counter.incr(key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    if (!this.#counter) {
      callback(new Error(UNNAMED_LIMIT));
      return;
    }
    this.#counter.read(key, timeWindow).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  /** Called by the plugin for each limiter with its options merged in; `name` is ours. */
  child(options: object): NamedLimitStore {
    const name = (options as { name?: unknown }).name;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(UNNAMED_LIMIT);
    return new NamedLimitStore(this.#makeCounter, this.#makeCounter(name));
  }
}

/** The counter of the limit called `name`: in Redis `<namespace><name>:<client>`, else a map of its own. */
export function limitCounter(redis: Redis | undefined, namespace: string, name: string): Counter {
  return redis ? redisCounter(redis, `${namespace}${name}:`) : memoryCounter();
}

/** The store class to give @fastify/rate-limit (`store`): counters in Redis when given, else in memory. */
export function namedLimitStore(
  redis: Redis | undefined,
  namespace: string,
): new (
  options?: unknown,
) => NamedLimitStore {
  const makeCounter = (name: string) => limitCounter(redis, namespace, name);
  return class extends NamedLimitStore {
    constructor() {
      super(makeCounter);
    }
  };
}

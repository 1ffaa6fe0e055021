import { Redis } from 'ioredis';

/** The Redis the limiter tests use when one answers (`TEST_REDIS_URL`, else the local default). */
export const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** True when a Redis at `REDIS_URL` answers a ping within a second. */
export async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export type LimiterStore = 'memory' | 'redis';

/** The stores a limiter test runs against: memory always, Redis too when it answers. */
export async function limiterStores(): Promise<LimiterStore[]> {
  return (await redisReachable()) ? ['memory', 'redis'] : ['memory'];
}

/** The `redisUrl` server setting for a store. */
export const redisUrlFor = (store: LimiterStore): string | undefined => (store === 'redis' ? REDIS_URL : undefined);

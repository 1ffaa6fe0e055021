import type { Redis } from 'ioredis';

/**
 * Counts events per key inside a fixed window (failed sign-ins per account and per address).
 * In memory for one process; in Redis when `REDIS_URL` is set, so every process sees one count.
 */
export interface AttemptStore {
  /** Adds one to the key's count and answers the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const counts = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.until <= now()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key);
      if (entry) {
        entry.count += 1;
        return entry.count;
      }
      // Drop expired keys now and then so a flood of distinct keys cannot grow the map forever.
      if (counts.size > 10_000) for (const k of [...counts.keys()]) live(k);
      counts.set(key, { count: 1, until: now() + windowMs });
      return 1;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

export function createRedisAttemptStore(redis: Redis, prefix: string): AttemptStore {
  return {
    async hit(key, windowMs) {
      const name = prefix + key;
      const [[, count]] = (await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) as [
        [unknown, number],
        unknown,
      ];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

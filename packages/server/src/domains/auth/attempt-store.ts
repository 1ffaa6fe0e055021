import type { Redis } from 'ioredis';

/**
 * Counts events per key inside a fixed window (failed sign-ins per account and per address).
 * In memory for one process; in Redis when `REDIS_URL` is set, so every process sees one count.
 */
export interface AttemptStore {
  /** Adds one to the key's count and answers the new count. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Takes one back from the key's count (an attempt counted before it was checked that proved no failure). */
  release(key: string): Promise<void>;
  /** Forgets the key's count and its block. */
  reset(key: string): Promise<void>;
  /** Blocks `key` for `ms` (owner sign-in delays); a longer block replaces a shorter one. */
  block(key: string, ms: number): Promise<void>;
  /** Milliseconds left of the key's block; 0 when it is not blocked. */
  blockedFor(key: string): Promise<number>;
}

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const counts = new Map<string, { count: number; until: number }>();
  const blocks = new Map<string, number>();
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
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      counts.delete(key);
      blocks.delete(key);
    },
    async block(key, ms) {
      if (blocks.size > 10_000) for (const [k, until] of blocks) if (until <= now()) blocks.delete(k);
      blocks.set(key, Math.max(blocks.get(key) ?? 0, now() + ms));
    },
    async blockedFor(key) {
      const until = blocks.get(key) ?? 0;
      if (until <= now()) blocks.delete(key);
      return Math.max(0, until - now());
    },
  };
}

const RELEASE_SCRIPT =
  "local n = tonumber(redis.call('GET', KEYS[1]) or '0') if n > 0 then redis.call('DECR', KEYS[1]) end return 0";

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
    async release(key) {
      // Never below zero, and never bringing back a count that ran out meanwhile.
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key, `${prefix}block:${key}`);
    },
    async block(key, ms) {
      const name = `${prefix}block:${key}`;
      const left = await redis.pttl(name);
      if (left < ms) await redis.set(name, '1', 'PX', Math.max(1, Math.ceil(ms)));
    },
    async blockedFor(key) {
      return Math.max(0, await redis.pttl(`${prefix}block:${key}`));
    },
  };
}

import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('loads once within the time to live, again after it', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, () => now);
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not remember a failed load', async () => {
    const cache = new TtlCache<string>(1000, () => 0);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('clears by prefix', async () => {
    const cache = new TtlCache<string>(1000, () => 0);
    await cache.get('a:1', async () => 'old');
    await cache.get('b:1', async () => 'kept');
    cache.clear('a:');
    expect(await cache.get('a:1', async () => 'new')).toBe('new');
    expect(await cache.get('b:1', async () => 'other')).toBe('kept');
  });

  it('keeps at most maxEntries, dropping the oldest first', async () => {
    const cache = new TtlCache<string>(1000, () => 0, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('a hit makes an entry the most recently used, so the least used goes first (issue 20)', async () => {
    const cache = new TtlCache<string>(1000, () => 0, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    expect(await cache.get('a', async () => 'a2')).toBe('a1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });
});

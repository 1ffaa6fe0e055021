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

  it('forgets on a write the entries that read a table written, or did not say what they read', async () => {
    const cache = new TtlCache<string>(1000, () => 0);
    const pages = new Set(['collections']);
    await cache.get('nav', async () => 'nav 1', pages);
    await cache.get('both', async () => 'both 1', new Set(['items', 'collections']));
    await cache.get('unsaid', async () => 'unsaid 1');
    cache.forgetWritten(new Set(['product_variants', 'orders']));
    expect(await cache.get('nav', async () => 'nav 2', pages)).toBe('nav 1');
    expect(await cache.get('both', async () => 'both 2')).toBe('both 1');
    expect(await cache.get('unsaid', async () => 'unsaid 2')).toBe('unsaid 2');
    cache.forgetWritten(new Set(['items']));
    expect(await cache.get('nav', async () => 'nav 3', pages)).toBe('nav 1');
    expect(await cache.get('both', async () => 'both 3')).toBe('both 3');
    cache.forgetWritten(new Set(['orders', 'collections']));
    expect(await cache.get('nav', async () => 'nav 4', pages)).toBe('nav 4');
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

  describe('bounded by size (issue 20)', () => {
    // Each value weighs its length: a budget of 10 holds "aaaa" + "bbbb" but not a third.
    const sized = () => new TtlCache<string>(1000, () => 0, 100, { maxBytes: 10, weigh: (v) => v.length });
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    it('drops the least recently used once the loaded values pass the byte budget', async () => {
      const cache = sized();
      await cache.get('a', async () => 'aaaa');
      await cache.get('b', async () => 'bbbb');
      await settle();
      expect([cache.bytes, cache.entryCount]).toEqual([8, 2]);
      await cache.get('c', async () => 'cccc');
      await settle();
      expect([cache.bytes, cache.entryCount]).toEqual([8, 2]);
      expect(await cache.get('a', async () => 'a2')).toBe('a2');
      expect(await cache.get('c', async () => 'c2')).toBe('cccc');
    });

    it('evicts in least-recently-used order: a hit keeps an entry', async () => {
      const cache = sized();
      await cache.get('a', async () => 'aaa');
      await cache.get('b', async () => 'bbb');
      await cache.get('c', async () => 'ccc');
      await settle();
      expect(await cache.get('a', async () => 'miss')).toBe('aaa');
      await cache.get('d', async () => 'ddd');
      await settle();
      // b was the least recently used: gone; a (just read), c and d stay.
      expect(cache.bytes).toBe(9);
      expect(await cache.get('a', async () => 'miss')).toBe('aaa');
      expect(await cache.get('c', async () => 'miss')).toBe('ccc');
      expect(await cache.get('d', async () => 'miss')).toBe('ddd');
      expect(await cache.get('b', async () => 'b2')).toBe('b2');
    });

    it('one large value pushes out as many small ones as it needs', async () => {
      const cache = sized();
      for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.get(key, async () => key + key);
      await settle();
      expect(cache.bytes).toBe(10);
      await cache.get('big', async () => 'xxxxxxxx');
      await settle();
      expect([cache.bytes, cache.entryCount]).toEqual([10, 2]);
      expect(await cache.get('e', async () => 'miss')).toBe('ee');
      expect(await cache.get('d', async () => 'd2')).toBe('d2');
    });

    it('answers a value bigger than the whole budget without keeping it or dropping the others', async () => {
      const cache = sized();
      await cache.get('a', async () => 'aaaa');
      expect(await cache.get('huge', async () => 'h'.repeat(11))).toBe('h'.repeat(11));
      await settle();
      expect([cache.bytes, cache.entryCount]).toEqual([4, 1]);
      expect(await cache.get('huge', async () => 'again')).toBe('again');
      expect(await cache.get('a', async () => 'miss')).toBe('aaaa');
    });

    it('gives back the bytes of cleared, failed and reloaded entries', async () => {
      const cache = sized();
      await cache.get('x:1', async () => 'aaaa');
      await cache.get('y:1', async () => 'bb');
      await settle();
      cache.clear('x:');
      expect(cache.bytes).toBe(2);
      await expect(cache.get('z', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
      await settle();
      expect([cache.bytes, cache.entryCount]).toEqual([2, 1]);
      let now = 0;
      const timed = new TtlCache<string>(1000, () => now, 100, { maxBytes: 10, weigh: (v) => v.length });
      await timed.get('k', async () => 'aaaa');
      now = 1000;
      await timed.get('k', async () => 'bbbbbb');
      await settle();
      expect(timed.bytes).toBe(6);
      cache.clear();
      expect([cache.bytes, cache.entryCount]).toEqual([0, 0]);
    });
  });
});

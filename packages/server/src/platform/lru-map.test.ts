import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

describe('LruMap', () => {
  it('keeps at most maxEntries, dropping the least recently added first', () => {
    const map = new LruMap<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e'].entries()) map.set(key, i);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(['c', 'd', 'e']);
    expect(map.get('a')).toBeUndefined();
  });

  it('a read makes an entry the most recently used, so it outlives older ones', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.has('a')).toBe(true);
    expect(map.has('b')).toBe(false);
  });

  it('setting a key again replaces its value without growing', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map.keys()]).toEqual(['a', 'c']);
    expect(map.get('a')).toBe(3);
  });

  it('refuses a bound below one', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});

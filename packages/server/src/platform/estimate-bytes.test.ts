import { describe, expect, it } from 'vitest';
import { estimateBytes } from './estimate-bytes.js';

describe('estimateBytes', () => {
  it('grows with the text a value holds', () => {
    const short = estimateBytes({ title: 'Linen shirt' });
    const long = estimateBytes({ title: 'Linen shirt'.repeat(1000) });
    expect(long - short).toBe(11 * 999);
  });

  it('counts every element of arrays, Maps and Sets, and nested objects', () => {
    const one = estimateBytes([{ a: 'x' }]);
    const three = estimateBytes([{ a: 'x' }, { a: 'y' }, { a: 'z' }]);
    expect(three).toBeGreaterThan(2.5 * (one - 32) + 32);
    expect(estimateBytes(new Map([['k', 'v'.repeat(500)]]))).toBeGreaterThan(500);
    expect(estimateBytes(new Set(['v'.repeat(500)]))).toBeGreaterThan(500);
    expect(estimateBytes(new Uint8Array(4096))).toBeGreaterThan(4096);
  });

  it('counts an object reached twice once, and ends on cycles', () => {
    const shared = { body: 'b'.repeat(10_000) };
    const once = estimateBytes({ a: shared });
    expect(estimateBytes({ a: shared, b: shared })).toBeLessThan(once + 100);
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(estimateBytes(cyclic)).toBeLessThan(200);
  });

  it('stops past the limit, answering more than it', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => ({ i, text: `item ${i}` }));
    const full = estimateBytes(big);
    const capped = estimateBytes(big, 10_000);
    expect(capped).toBeGreaterThan(10_000);
    expect(capped).toBeLessThan(full / 10);
  });

  it('answers small figures for scalars and nothing for functions', () => {
    expect(estimateBytes(null)).toBe(0);
    expect(estimateBytes(true)).toBe(0);
    expect(estimateBytes(() => 1)).toBe(0);
    expect(estimateBytes(42)).toBe(16);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncate } from './truncate.js';

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('hello')).toBe('hello');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it('defaults to 100 characters and "..."', () => {
    expect(truncate('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
  });

  it('cuts at a word boundary inside the limit', () => {
    expect(truncate('The quick brown fox', 12)).toBe('The quick...');
    expect(truncate('The quick brown fox', 10)).toBe('The quick...');
    expect(truncate('The quick brown fox', 9, '…')).toBe('The quick…');
  });

  it('cuts inside a word when there is no space to cut at', () => {
    expect(truncate('Supercalifragilistic', 5)).toBe('Super...');
  });

  it('never splits a surrogate pair', () => {
    expect(truncate('😀😀😀', 2, '')).toBe('😀😀');
  });

  it('never keeps more than the limit before the suffix (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 50 }), (text, length) => {
        const out = truncate(text, length, '');
        const size = Array.from(out).length;
        return Array.from(text).length <= length ? out === text : size <= length && text.startsWith(out);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { INVALID_ORIGINAL_SIZE, parseOriginalSize } from './original-size.js';

describe('parseOriginalSize', () => {
  it('reads width x height', () => {
    expect(parseOriginalSize('1500x983')).toEqual({ ok: true, width: 1500, height: 983 });
  });

  it('refuses anything else with the SPEC message', () => {
    for (const bad of ['', '1500', 'x983', '1500 x 983', 'axb', undefined, 1500]) {
      expect(parseOriginalSize(bad)).toEqual({ ok: false, message: INVALID_ORIGINAL_SIZE });
    }
    expect(INVALID_ORIGINAL_SIZE).toBe("Invalid source parameter. Pass in 'originalSize'.");
  });
});

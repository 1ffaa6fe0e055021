import { describe, expect, it } from 'vitest';
import { colorLuminance, hexToRgb, isDarkColor, isLightColor, parseHexColor } from './color.js';

describe('hex colours', () => {
  it('read 3 or 6 hex digits, with or without #', () => {
    expect(parseHexColor('#fff')).toBe(0xffffff);
    expect(parseHexColor('a1B2c3')).toBe(0xa1b2c3);
    expect(hexToRgb('#102030')).toEqual({ r: 16, g: 32, b: 48 });
  });

  it('give no result for other lengths or characters', () => {
    for (const bad of ['', '#ff', '#ffff', '#fffffff', 'ggg', undefined]) expect(parseHexColor(bad)).toBeUndefined();
    expect(isLightColor('#12')).toBeUndefined();
    expect(isDarkColor('nope')).toBeUndefined();
  });

  it('split light from dark at 8388607.5', () => {
    expect(isLightColor('#800000')).toBe(true); // 8388608
    expect(isLightColor('#7fffff')).toBe(false); // 8388607
  });

  it('call colours dark below luminance 166.4', () => {
    expect(colorLuminance('#ffffff')).toBeCloseTo(255);
    expect(isDarkColor('#000')).toBe(true);
    expect(isDarkColor('#fff')).toBe(false);
    expect(isDarkColor('#a7a7a7')).toBe(false); // 167
    expect(isDarkColor('#a6a6a6')).toBe(true); // 166
  });
});

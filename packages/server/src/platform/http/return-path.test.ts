import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/shop/p/linen-shirt?lang=fr')).toBe('/shop/p/linen-shirt?lang=fr');
    expect(safeReturnPath('/config/pages?x=%E2%82%AC')).toBe('/config/pages?x=%E2%82%AC');
  });

  it('finding 12: percent-encodes characters a Location header cannot hold', () => {
    expect(safeReturnPath('/€')).toBe('/%E2%82%AC');
    expect(safeReturnPath('/café menu')).toBe('/caf%C3%A9%20menu');
    expect(safeReturnPath('/👩‍👩‍👧')).toBe(`/${encodeURIComponent('👩‍👩‍👧')}`);
    for (const value of ['/€', '/ﷺ', '/Ａ'.repeat(50)]) {
      expect(safeReturnPath(value)).toMatch(/^[\u0021-\u007e]+$/);
    }
  });

  it('refuses other hosts and odd values', () => {
    for (const bad of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'shop',
      '',
      42,
      undefined,
      '/a\nb',
      '/a\u0000b',
      '/\ud800',
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeUndefined();
    }
  });
});

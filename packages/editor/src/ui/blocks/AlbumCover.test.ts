import { describe, expect, it } from 'vitest';
import { coverOf, pickedCover } from './AlbumCover.js';

describe('the album cover fields', () => {
  it('reads a stored cover and ignores anything without an address', () => {
    expect(coverOf({ assetUrl: '/files/a.jpg', altText: 'Sleeve', originalSize: '600x600' })).toEqual({
      assetUrl: '/files/a.jpg',
      altText: 'Sleeve',
      originalSize: '600x600',
    });
    expect(coverOf({ assetUrl: '/files/a.jpg' })).toEqual({ assetUrl: '/files/a.jpg', altText: '' });
    for (const value of [null, undefined, 'a.jpg', { altText: 'x' }, { assetUrl: 42 }])
      expect(coverOf(value)).toBeNull();
  });

  it('keeps the alt text when another picture is picked, drops the old size, and removes the cover for none', () => {
    const cover = { assetUrl: '/files/a.jpg', altText: 'Sleeve', originalSize: '600x600' };
    expect(pickedCover(cover, '/files/b.png')).toEqual({ assetUrl: '/files/b.png', altText: 'Sleeve' });
    expect(pickedCover(null, '/files/b.png')).toEqual({ assetUrl: '/files/b.png', altText: '' });
    expect(pickedCover(cover, '')).toBeNull();
  });
});

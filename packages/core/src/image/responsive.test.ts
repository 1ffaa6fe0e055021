import { describe, expect, it } from 'vitest';
import { imageFormatUrl, RESPONSIVE_WIDTHS, srcset, thumbnailBucket } from './responsive.js';

describe('RESPONSIVE_WIDTHS', () => {
  it('lists the SPEC widths', () => {
    expect(RESPONSIVE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    expect(Object.isFrozen(RESPONSIVE_WIDTHS)).toBe(true);
  });
});

describe('thumbnailBucket', () => {
  it('picks the bucket of SPEC §9', () => {
    expect(thumbnailBucket(1)).toBe('100w');
    expect(thumbnailBucket(100)).toBe('100w');
    expect(thumbnailBucket(101)).toBe('300w');
    expect(thumbnailBucket(300)).toBe('300w');
    expect(thumbnailBucket(500)).toBe('500w');
    expect(thumbnailBucket(750)).toBe('750w');
    expect(thumbnailBucket(1000)).toBe('1000w');
    expect(thumbnailBucket(1001)).toBe('1500w');
    expect(thumbnailBucket(4000)).toBe('1500w');
  });
});

describe('srcset', () => {
  it('lists every width up to the original, then the original', () => {
    expect(srcset('/a.jpg', 600)).toBe(
      '/a.jpg?format=100w 100w, /a.jpg?format=300w 300w, /a.jpg?format=500w 500w, /a.jpg?format=original 600w',
    );
  });

  it('does not repeat an original that is itself a responsive width', () => {
    expect(srcset('/a.jpg', 300)).toBe('/a.jpg?format=100w 100w, /a.jpg?format=300w 300w');
    expect(srcset('/a.jpg', 4000).split(', ')).toHaveLength(8);
  });

  it('keeps small images and existing queries', () => {
    expect(srcset('/a.jpg', 80)).toBe('/a.jpg?format=original 80w');
    expect(imageFormatUrl('/a.jpg?v=2', '100w')).toBe('/a.jpg?v=2&format=100w');
  });

  it('is empty without a URL or width', () => {
    expect(srcset('', 500)).toBe('');
    expect(srcset('/a.jpg', 0)).toBe('');
    expect(srcset('/a.jpg', Number.NaN)).toBe('');
  });
});

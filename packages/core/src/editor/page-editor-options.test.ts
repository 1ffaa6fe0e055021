import { describe, expect, it } from 'vitest';
import { GALLERY_SETTING_FIELDS } from './gallery-setting-fields.js';
import { PROMOTED_BLOCK_TYPES } from './page-editor-options.js';

describe('add-block menu and gallery settings panel', () => {
  it('lists the SPEC promoted block types in order and every gallery setting within its range', () => {
    expect(PROMOTED_BLOCK_TYPES).toEqual([4, 22, 5, 23, 31, 6, 13, 32, 24, 25, 9]);
    expect(GALLERY_SETTING_FIELDS.map((f) => f.name)).toEqual([
      'design',
      'autoplay',
      'autoplay-duration',
      'controls',
      'auto-crop',
      'aspect-ratio',
      'square-thumbs',
      'thumbnails',
      'thumbnail-strip-height',
      'thumbnail-strip-margin',
      'show-meta-basic',
      'show-meta',
      'show-meta-only-title',
      'meta-position',
      'show-meta-on-hover',
      'active-alignment',
      'thumbnails-per-row',
      'padding',
      'lightbox',
      'lightboxTheme',
      'max-width',
      'newWindow',
      'transparentBackground',
    ]);
    for (const field of GALLERY_SETTING_FIELDS) {
      if (field.kind === 'range') expect(field.default).toBeGreaterThanOrEqual(field.min);
      if (field.kind === 'range') expect(field.default).toBeLessThanOrEqual(field.max);
      if (field.kind === 'choice') expect(field.options.map((o) => o.value)).toContain(field.default);
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildLink,
  checkUpload,
  GALLERY_SETTING_FIELDS,
  parseLink,
  PROMOTED_BLOCK_TYPES,
  slugFromTitle,
  validateFileName,
  validatePageSettings,
} from './editor-rules.js';

describe('link editor rules', () => {
  it('builds each tab’s URL and says what is wrong in SPEC words', () => {
    expect(buildLink('page', 'about')).toEqual({ ok: true, url: '/about' });
    expect(buildLink('page', 'About Us')).toEqual({ ok: false, message: 'About Us is not a valid page URL' });
    expect(buildLink('web', 'example.com/a?b=1')).toEqual({ ok: true, url: 'https://example.com/a?b=1' });
    expect(buildLink('web', 'not a link')).toEqual({
      ok: false,
      message: 'Links must be formatted as example.com or https://example.com',
    });
    expect(buildLink('email', '')).toEqual({ ok: false, message: 'Please enter a valid email' });
    expect(buildLink('email', 'nobody@')).toEqual({
      ok: false,
      message: 'Emails must be formatted as you@example.com',
    });
    expect(buildLink('email', 'hi@example.com')).toEqual({ ok: true, url: 'mailto:hi@example.com' });
    expect(buildLink('phone', '+1 (555) 010-2000')).toEqual({ ok: true, url: 'tel:+15550102000' });
    expect(buildLink('file', '')).toEqual({ ok: false, message: 'Please enter a file name' });
    expect(buildLink('file', 'menu 2.pdf')).toEqual({ ok: true, url: '/files/menu%202.pdf' });
  });

  it('reads a stored URL back into its tab', () => {
    for (const [tab, value] of [
      ['page', 'about'],
      ['web', 'https://example.com'],
      ['email', 'hi@example.com'],
      ['phone', '+15550102000'],
      ['file', 'menu 2.pdf'],
    ] as const) {
      const built = buildLink(tab, value);
      if (!built.ok) throw new Error(built.message);
      expect(parseLink(built.url)).toEqual({ tab, value });
    }
  });
});

describe('file and page rules', () => {
  it('checks uploads by type and size with the SPEC messages', () => {
    expect(checkUpload('photo.JPG', 1000)).toBeUndefined();
    expect(checkUpload('tool.exe', 10)).toBe('tool.exe does not appear to be a supported file');
    expect(checkUpload('huge.png', 21 * 1024 * 1024)).toBe(
      'huge.png is too large. The maximum allowed file size is 20 MB',
    );
    expect(validateFileName('   ')).toBe('Please enter a file name');
    expect(validateFileName('../x.png')).toBe('../x.png is not one of the expected options');
    expect(validateFileName('menu.pdf')).toBeUndefined();
  });

  it('suggests slugs from titles and keeps away from the server’s own addresses', () => {
    expect(slugFromTitle('Café & Crème: Our Story!')).toBe('cafe-creme-our-story');
    expect(slugFromTitle('API')).toBe('page-api');
    expect(slugFromTitle('!!!')).toBe('page');
  });

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

describe('folder settings', () => {
  it('accepts the three SPEC folder behaviours and a site path or web address to redirect to', () => {
    expect(validatePageSettings({ folderBehavior: 2, redirectUrl: '/shop' })).toEqual({
      ok: true,
      value: { folderBehavior: 2, redirectUrl: '/shop' },
    });
    expect(validatePageSettings({ folderBehavior: 1, redirectUrl: '' })).toEqual({
      ok: true,
      value: { folderBehavior: 1, redirectUrl: '' },
    });
    expect(validatePageSettings({ redirectUrl: 'https://example.com/x' }).ok).toBe(true);
  });

  it('refuses other behaviours, protocol-relative or script addresses, and a redirect without an address', () => {
    expect(validatePageSettings({ folderBehavior: 4 })).toEqual({
      ok: false,
      errors: { folderBehavior: '4 is not one of the expected options' },
    });
    for (const bad of ['//evil.example', 'javascript:alert(1)', '/a b', 'shop'])
      expect(validatePageSettings({ redirectUrl: bad })).toEqual({
        ok: false,
        errors: { redirectUrl: 'Links must be formatted as example.com or https://example.com' },
      });
    expect(validatePageSettings({ folderBehavior: 2, redirectUrl: '' }).ok).toBe(false);
  });
});

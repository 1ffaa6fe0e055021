import { describe, expect, it } from 'vitest';
import { validatePageSettings } from './page-settings.js';
import { slugFromTitle } from './page-slugs.js';

describe('page slugs', () => {
  it('suggests slugs from titles and keeps away from the server’s own addresses', () => {
    expect(slugFromTitle('Café & Crème: Our Story!')).toBe('cafe-creme-our-story');
    expect(slugFromTitle('API')).toBe('page-api');
    expect(slugFromTitle('!!!')).toBe('page');
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

import { describe, expect, it } from 'vitest';
import {
  COOKIE_BANNER_DEFAULTS,
  cookieBannerOf,
  cookieBannerProblems,
  isPrivacyUrl,
  trimCookieBanner,
} from './cookie-banner.js';

const valid = { ...COOKIE_BANNER_DEFAULTS, enabled: true, privacyUrl: '/privacy' };

describe('cookieBannerOf', () => {
  it('gives the defaults for nothing stored', () => {
    expect(cookieBannerOf(undefined)).toEqual(COOKIE_BANNER_DEFAULTS);
  });

  it('keeps stored values and drops those of the wrong kind', () => {
    const banner = cookieBannerOf({
      enabled: true,
      text: 'Cookies?',
      position: 'top',
      privacyUrl: 'javascript:alert(1)',
      acceptLabel: 'OK',
      declineLabel: 7,
    });
    expect(banner).toMatchObject({ enabled: true, text: 'Cookies?', acceptLabel: 'OK' });
    expect(banner.position).toBe('bottom-bar');
    expect(banner.privacyUrl).toBe('');
    expect(banner.declineLabel).toBe('Decline');
  });
});

describe('isPrivacyUrl', () => {
  it('accepts site paths and http(s) addresses only', () => {
    expect(isPrivacyUrl('/privacy')).toBe(true);
    expect(isPrivacyUrl('https://example.com/privacy')).toBe(true);
    for (const bad of ['//example.com', 'javascript:alert(1)', 'privacy', 'https://', '/a b', 'mailto:x@y.z'])
      expect(isPrivacyUrl(bad)).toBe(false);
  });
});

describe('cookieBannerProblems', () => {
  it('finds nothing wrong with sensible settings', () => {
    expect(cookieBannerProblems(valid)).toEqual({});
  });

  it('names each field that breaks a rule', () => {
    const problems = cookieBannerProblems({
      ...valid,
      text: '   ',
      privacyUrl: 'ftp://example.com',
      acceptLabel: 'x'.repeat(31),
      declineLabel: '',
    });
    expect(problems).toEqual({
      text: 'Write the text the banner shows.',
      privacyUrl: 'Choose one of your pages, or give a site path (/privacy) or an http(s) address.',
      acceptLabel: 'Keep the Accept button label to 30 characters or fewer.',
      declineLabel: 'Write the label of the Decline button.',
    });
  });

  it('needs link words only when there is a privacy address', () => {
    expect(cookieBannerProblems({ ...valid, privacyLabel: '' })).toEqual({
      privacyLabel: 'Write the words of the privacy link.',
    });
    expect(cookieBannerProblems({ ...valid, privacyUrl: '', privacyLabel: '' })).toEqual({});
  });

  it('limits the banner text to 500 characters after trimming', () => {
    expect(cookieBannerProblems({ ...valid, text: ` ${'a'.repeat(500)} ` })).toEqual({});
    expect(cookieBannerProblems({ ...valid, text: 'a'.repeat(501) }).text).toMatch(/500 characters/);
  });
});

describe('trimCookieBanner', () => {
  it('trims every text field', () => {
    expect(trimCookieBanner({ ...valid, text: ' Hi ', acceptLabel: ' Yes ' })).toMatchObject({
      text: 'Hi',
      acceptLabel: 'Yes',
    });
  });
});

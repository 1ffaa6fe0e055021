import { describe, expect, it } from 'vitest';
import { buildLink, parseLink } from './link-editor.js';

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

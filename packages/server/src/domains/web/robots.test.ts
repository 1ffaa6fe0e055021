import { describe, expect, it } from 'vitest';
import { cleanRobotsExtra, ROBOTS_EXTRA_MAX, robotsTxt } from './robots.js';

describe('robotsTxt', () => {
  it('keeps crawlers out of the editor, cart, checkout, accounts and search, and names the sitemap absolutely', () => {
    const text = robotsTxt({ baseUrl: 'https://shop.example.com' });
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/config', '/cart', '/checkout', '/account', '/search']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    expect(text.endsWith('\n')).toBe(true);
  });

  it("appends the owner's addition, cleaned and bounded", () => {
    const text = robotsTxt({ baseUrl: 'https://a.example', extra: 'User-agent: BadBot\r\nDisallow: /\u0000\n' });
    expect(text).toContain('\n\nUser-agent: BadBot\nDisallow: /\n');
    expect(text).not.toContain('\r');
    expect(text).not.toContain('\u0000');
    expect(cleanRobotsExtra('x'.repeat(ROBOTS_EXTRA_MAX + 50))).toHaveLength(ROBOTS_EXTRA_MAX);
    expect(cleanRobotsExtra(42)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { findRedirect, parseRedirects, type RedirectRule, withMovedAddress } from './redirects.js';

function rules(text: string): RedirectRule[] {
  const parsed = parseRedirects(text);
  if (!parsed.ok) throw new Error(parsed.errors.join(' '));
  return parsed.rules;
}

describe('parseRedirects', () => {
  it('reads one redirect per line, 301 unless 302 is named, with comments and blank lines', () => {
    const list = rules('# moved\n/old -> /new 301\n\n/promo -> https://example.com/sale 302\n/a -> /b');
    expect(list).toEqual([
      { from: '/old', to: '/new', status: 301, wildcard: false },
      { from: '/promo', to: 'https://example.com/sale', status: 302, wildcard: false },
      { from: '/a', to: '/b', status: 301, wildcard: false },
    ]);
  });

  it('names the line of every mistake', () => {
    const parsed = parseRedirects(
      '/ok -> /fine\nold -> /new\n/x -> /y 307\n/a*b -> /c\n/d -> /e/*\n/ok -> /twice\n/api/x -> /y',
    );
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    expect(errors.map((e) => e.split(':')[0])).toEqual(['Line 2', 'Line 3', 'Line 4', 'Line 5', 'Line 6', 'Line 7']);
  });

  it('refuses a loop, also through a chain and a wildcard, and accepts a chain', () => {
    expect(parseRedirects('/a -> /b\n/b -> /c\n/c -> /d').ok).toBe(true);
    const loop = parseRedirects('/a -> /b\n/b -> /c\n/c -> /a');
    expect(loop.ok).toBe(false);
    expect(loop.ok ? '' : loop.errors[0]).toContain('loop');
    expect(parseRedirects('/x -> /x').ok).toBe(false);
    expect(parseRedirects('/old/* -> /new/*\n/new/page -> /old/page').ok).toBe(false);
  });
});

describe('findRedirect', () => {
  const list = rules('/journal/* -> /blog/* 301\n/journal/special -> /blog 302\n/shop/old/* -> /sale');
  it('prefers an exact match, carries the rest through a wildcard and picks the longest prefix', () => {
    expect(findRedirect(list, '/journal/special')).toEqual({ location: '/blog', status: 302 });
    expect(findRedirect(list, '/journal/caring-for-linen')).toEqual({
      location: '/blog/caring-for-linen',
      status: 301,
    });
    expect(findRedirect(list, '/shop/old/p/x')).toEqual({ location: '/sale', status: 301 });
    expect(findRedirect(list, '/shop')).toBeUndefined();
  });
});

describe('withMovedAddress', () => {
  it('adds the move, keeps the rest, and drops a rule that would send the new address away', () => {
    expect(withMovedAddress('', '/about', '/our-story')).toBe('/about -> /our-story 301');
    expect(withMovedAddress('/a -> /b 302', '/about', '/story')).toBe('/a -> /b 302\n/about -> /story 301');
    // Moving back: the old rule would loop, so it goes.
    expect(withMovedAddress('/about -> /story 301', '/story', '/about')).toBe('/story -> /about 301');
    expect(parseRedirects(withMovedAddress('/about -> /story 301', '/story', '/about')).ok).toBe(true);
  });
});

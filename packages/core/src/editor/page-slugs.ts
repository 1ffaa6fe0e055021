import { EDITOR_MESSAGES } from './editor-limits.js';

// Page URL slugs (SPEC §5 "Editor"): which a page may take, and the one suggested from a title.

/** Addresses the server itself answers; a page may not take them. */
const RESERVED_SLUGS = new Set([
  'api',
  'config',
  'assets',
  'theme',
  'files',
  'cart',
  'checkout',
  'commerce',
  'account',
  'search',
  'p',
]);

/** A page URL slug: lower-case letters, digits and single hyphens, at most 120 characters. */
export function validateSlug(slug: string): string | undefined {
  const ok = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) && slug.length <= 120 && !RESERVED_SLUGS.has(slug);
  return ok ? undefined : EDITOR_MESSAGES.invalidPageUrl(slug);
}

/** A slug suggested from a title ("About Us!" → "about-us"). */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug && !RESERVED_SLUGS.has(slug) ? slug : `page${slug ? `-${slug}` : ''}`;
}

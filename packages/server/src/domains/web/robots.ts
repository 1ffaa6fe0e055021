/** The longest owner addition to robots.txt (Settings → Search engines). */
export const ROBOTS_EXTRA_MAX = 2000;

/** Kept out of search engines on every site: the editor, the cart, checkout, accounts, search results, the API. */
export const ROBOTS_DISALLOW = ['/config', '/cart', '/checkout', '/account', '/search', '/api/'];

/**
 * `/robots.txt`: the defaults, the sitemap's absolute address, then the owner's addition as they
 * wrote it (line endings normalised, characters other than printable text and tabs dropped).
 */
export function robotsTxt(input: { baseUrl: string; extra?: unknown }): string {
  const lines = ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), ''];
  lines.push(`Sitemap: ${input.baseUrl}/sitemap.xml`);
  const extra = cleanRobotsExtra(input.extra);
  if (extra) lines.push('', extra);
  return `${lines.join('\n')}\n`;
}

/** The owner's addition as stored: a string of at most `ROBOTS_EXTRA_MAX` characters, or ''. */
export function cleanRobotsExtra(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[^\t\n\u0020-\u007E\u00A0-\uFFFF]/g, '')
    .slice(0, ROBOTS_EXTRA_MAX)
    .trim();
}

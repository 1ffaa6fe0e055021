import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of every answer. Scripts come only from this origin (the loader and
 * its chunks under /assets); the page context is a `<script type="application/json">`, which is
 * data, not script, so no inline script is ever needed. Style sheets come only from this origin
 * (no `<style>` element); `style` attributes are allowed (`style-src-attr`), because theme blocks
 * print per-item values there (image focal points, aspect ratios, spacer heights). Their values
 * are escaped template output, and any `url()` in them is still held to `img-src 'self'`.
 * Frames: only this origin may frame a page (the editor previews the site in an iframe).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The policy with extra origins: a site's connected font kits (issue 21, `domains/fonts/kits.ts`);
 * only that site's pages (and its editor) send it. `styleOrigins` (the kits' stylesheets) are
 * allowed for `style-src` and `font-src`, `importOrigins` (stylesheets a kit's stylesheet imports)
 * for `style-src` only, `fontOrigins` (where a kit's font files live, e.g. a second host) for
 * `font-src` only. Origins that are not plain http(s) origins are left out.
 */
export function contentSecurityPolicy(
  extra: { styleOrigins?: readonly string[]; importOrigins?: readonly string[]; fontOrigins?: readonly string[] } = {},
): string {
  const plain = (list: readonly string[]) => list.filter((o) => /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(o));
  const kits = plain(extra.styleOrigins ?? []);
  const styles = [...new Set([...kits, ...plain(extra.importOrigins ?? [])])];
  const fonts = [...new Set([...kits, ...plain(extra.fontOrigins ?? [])])];
  if (styles.length === 0 && fonts.length === 0) return CONTENT_SECURITY_POLICY;
  const more = (list: string[]) => (list.length > 0 ? ` ${list.join(' ')}` : '');
  return CONTENT_SECURITY_POLICY.replace("style-src 'self'", `style-src 'self'${more(styles)}`).replace(
    "font-src 'self'",
    `font-src 'self'${more(fonts)}`,
  );
}

const HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
};

const HSTS = 'max-age=15552000; includeSubDomains';

/** Sets the security headers a reply does not set itself; HSTS behind TLS only. */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  for (const [name, value] of Object.entries(HEADERS)) {
    if (!reply.hasHeader(name)) reply.header(name, value);
  }
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** Adds the security headers to every answer (pages, API, static files, errors). */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    applySecurityHeaders(request, reply);
    return payload;
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * The one place a site's public address is decided: every link in every mail (password reset,
 * owner invitation and reset, email verification, restock, unsubscribe) starts with it. It never
 * comes from the request's Host header, which a client chooses freely (finding 2 of the 2026-11
 * attack review). In order:
 *
 * 1. the site's own public URL (Settings → "Public address", or `tessera site set-url`);
 * 2. `https://<host>` when the site answers on a configured host name;
 * 3. `PUBLIC_URL` (single-site installs);
 * 4. `http://localhost:<port>` of this server: the demo and tests, which have nothing configured.
 */
export function publicBaseUrl(
  site: { publicUrl?: string | null; host?: string | null },
  server: { publicUrl?: string; port: number },
): string {
  if (site.publicUrl) return site.publicUrl;
  if (site.host) return `https://${site.host}`;
  if (server.publicUrl) return server.publicUrl;
  return `http://localhost:${server.port}`;
}

/** `publicBaseUrl` with this app's config, and the port it really listens on when it listens. */
export function siteBaseUrl(app: FastifyInstance, site: { publicUrl?: string | null; host?: string | null }): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : app.config.port;
  return publicBaseUrl(site, { publicUrl: app.config.publicUrl, port });
}

export const PUBLIC_URL_RULE = 'Enter the address of the site, such as https://shop.example.com (no path).';

/**
 * Reads a public URL as an owner, the CLI or `PUBLIC_URL` gives it: http(s), a host name, an
 * optional port, nothing else (no user, path, query or fragment). Answers the normalised origin
 * (`https://shop.example.com`), or undefined when the text is not such an address.
 */
export function parsePublicUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 300 || /[\s\\]/.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash || trimmed.includes('?') || trimmed.includes('#')) {
    return undefined;
  }
  if (url.pathname !== '/' || /^https?:\/\/[^/]+\/./i.test(trimmed)) return undefined;
  if (!url.hostname || url.hostname.endsWith('.')) return undefined;
  return url.origin;
}

/** The host name a public URL answers on (`shop.example.com`), for the site's `host` column. */
export function hostOfPublicUrl(origin: string): string {
  return new URL(origin).hostname.toLowerCase();
}

/** `siteBaseUrl` of a site known by id (its row read through the content service's cache). */
export async function siteBaseUrlById(app: FastifyInstance, siteId: string): Promise<string> {
  return siteBaseUrl(app, (await app.services.content.getSite(siteId)) ?? {});
}

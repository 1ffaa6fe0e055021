import type { FastifyInstance } from 'fastify';
import { siteBaseUrl } from '../../platform/http/public-url.js';

/**
 * The site's public address (`https://shop.example.com`, no trailing slash) that every absolute
 * URL this folder prints starts with: sitemap, robots.txt, canonical, hreflang, Open Graph, JSON-LD
 * and feeds. It comes from `platform/http/public-url.ts` (the owner's public address, the site's host
 * name or `PUBLIC_URL`), never from the request's Host header (finding 2 of issue 15).
 */
export function webBaseUrl(
  app: FastifyInstance,
  site: { readonly publicUrl?: string | null; readonly host?: string | null },
): string {
  return siteBaseUrl(app, site).replace(/\/+$/, '');
}

/** `path` (site-relative, `/shop/p/shirt`) made absolute on `baseUrl`; absolute http(s) URLs pass. */
export function absoluteUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('//')) return `${baseUrl}/${path.replace(/^\/+/, '')}`;
  return `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

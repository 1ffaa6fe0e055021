import { WebsiteRole } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../platform/db/schema.js';
import { createOwner } from '../../../../test/auth-helpers.js';
import { childrenNS, parseXml } from '../../../../test/web-helpers.js';
import { SITEMAP_NS } from '../sitemap.js';

// Shared by the search engine and sharing tests (web-seo, web-icons-redirects, web-schemas).

/** The public address the test servers are configured with: every absolute link starts with it. */
export const PUBLIC = 'https://shop.example.com';
/** A Host header no absolute link may take up. */
export const EVIL_HOST = { host: 'evil.example' };
/** The admin the tests sign in as (`signInOwner(server.url, ADMIN.email, ADMIN.password)`). */
export const ADMIN = { email: 'seo@example.com', password: 'a-long-password-1', roles: [WebsiteRole.ADMIN] };

/** Adds the admin, and answers the address of a published event of the demo site. */
export async function prepareSeoSite(db: Kysely<Database>): Promise<string> {
  await createOwner(db, ADMIN);
  const event = await db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['collections.slug', 'items.url_id'])
    .where('collections.kind', '=', 'events')
    .where('items.status', '=', 'published')
    .executeTakeFirstOrThrow();
  return `/${event.slug}/${event.url_id}`;
}

/** The schema.org graph of a page's JSON-LD. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the page has JSON-LD').not.toBeNull();
  const parsed = JSON.parse(match?.[1] ?? '{}') as { '@context': string; '@graph': Record<string, unknown>[] };
  expect(parsed['@context']).toBe('https://schema.org');
  return parsed['@graph'];
}

/** The content of a page's `<meta property|name="key">`. */
export function metaOf(html: string, key: string): string | undefined {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`);
  return re.exec(html)?.[1]?.replace(/&amp;/g, '&');
}

/** The `<loc>` of every URL of a sitemap. */
export function locsOf(xml: string): string[] {
  const doc = parseXml(xml);
  const urlset = childrenNS(doc, SITEMAP_NS, 'urlset')[0] as Element;
  expect(urlset, 'a urlset in the sitemaps namespace').toBeDefined();
  return childrenNS(urlset, SITEMAP_NS, 'url').map((url) => {
    const locs = childrenNS(url, SITEMAP_NS, 'loc');
    expect(locs).toHaveLength(1);
    return locs[0]?.textContent ?? '';
  });
}

/** The demo blog's collection row: its id and its settings as stored. */
export function demoBlog(server: { db: Kysely<Database> }) {
  return server.db
    .selectFrom('collections')
    .select(['id', 'settings'])
    .where('slug', '=', 'blog')
    .executeTakeFirstOrThrow();
}

/** Puts the blog's settings back as `demoBlog` read them, and drops the cached content. */
export async function restoreBlogSettings(
  server: { db: Kysely<Database>; app: FastifyInstance },
  blog: { id: string; settings: string },
): Promise<void> {
  await server.db.updateTable('collections').set({ settings: blog.settings }).where('id', '=', blog.id).execute();
  server.app.services.content.invalidate();
}

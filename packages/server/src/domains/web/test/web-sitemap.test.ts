import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { childrenNS, parseXml } from '../../../../test/web-helpers.js';
import { IMAGE_NS, SITEMAP_NS, XHTML_NS } from '../sitemap.js';
import { EVIL_HOST, locsOf, PUBLIC, prepareSeoSite } from './seo-helpers.js';

describe.each(DIALECTS)('sitemaps and robots.txt (%s)', (dialect) => {
  let server: TestServer;
  let visitor: Visitor;
  let eventPath: string;
  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { publicUrl: PUBLIC } });
    visitor = Visitor.of(server);
    eventPath = await prepareSeoSite(server.db);
  }, 60_000);
  afterAll(() => server?.close());

  it("robots.txt keeps crawlers out of private areas, names the sitemap absolutely and adds the owner's lines", async () => {
    const robots = await visitor.get<string>('/robots.txt', { headers: EVIL_HOST });
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const path of ['/config', '/cart', '/checkout', '/account', '/search']) {
      expect(robots.body).toContain(`Disallow: ${path}\n`);
    }
    expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(robots.body).not.toContain('evil.example');

    const admin = await signInOwner(server.url, 'seo@example.com', 'a-long-password-1');
    const tooLong = await admin.put('/api/config/settings', { robotsTxtExtra: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toContain('Keep the robots.txt addition under 2000 characters.');
    const saved = await admin.put('/api/config/settings', { robotsTxtExtra: 'User-agent: GPTBot\nDisallow: /' });
    expect(saved.status).toBe(200);
    expect(saved.body.robotsTxtExtra).toBe('User-agent: GPTBot\nDisallow: /');
    expect((await admin.get('/api/config/settings')).body.robotsTxtExtra).toBe('User-agent: GPTBot\nDisallow: /');
    const after = await visitor.get<string>('/robots.txt');
    expect(after.body.endsWith('\n\nUser-agent: GPTBot\nDisallow: /\n')).toBe(true);
    await admin.put('/api/config/settings', { robotsTxtExtra: '' });
  });

  it('the sitemap lists public pages, products, posts, events and the gallery with lastmod, images and languages', async () => {
    const answer = await visitor.get<string>('/sitemap.xml', { headers: EVIL_HOST });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const doc = parseXml(answer.body);
    const urlset = childrenNS(doc, SITEMAP_NS, 'urlset')[0] as Element;
    const urls = childrenNS(urlset, SITEMAP_NS, 'url');
    const locs = locsOf(answer.body);
    for (const loc of locs) expect(loc.startsWith(`${PUBLIC}/`), loc).toBe(true);
    for (const path of [
      '/',
      '/shop',
      '/shop/p/linen-shirt',
      '/blog',
      '/blog/caring-for-linen',
      '/events',
      eventPath,
      '/gallery',
    ]) {
      expect(locs, path).toContain(`${PUBLIC}${path}`);
    }
    // The demo site offers French too: each page in both, with alternates and x-default.
    expect(locs).toContain(`${PUBLIC}/shop?lang=fr`);
    const shop = urls.find(
      (url) => childrenNS(url, SITEMAP_NS, 'loc')[0]?.textContent === `${PUBLIC}/shop/p/linen-shirt`,
    );
    const hreflangs = childrenNS(shop as Element, XHTML_NS, 'link').map((link) => link.getAttribute('hreflang'));
    expect(hreflangs).toEqual(expect.arrayContaining(['en', 'fr', 'x-default']));
    expect(childrenNS(shop as Element, SITEMAP_NS, 'lastmod')[0]?.textContent).toMatch(/^\d{4}-\d\d-\d\dT/);
    const image = childrenNS(shop as Element, IMAGE_NS, 'image')[0];
    expect(childrenNS(image as Element, IMAGE_NS, 'loc')[0]?.textContent).toMatch(new RegExp(`^${PUBLIC}/files/`));
    // Never: the password page, the members-only page, folders, cart and search.
    for (const path of ['/lookbook', '/members', '/explore', '/more', '/cart', '/search']) {
      expect(locs, path).not.toContain(`${PUBLIC}${path}`);
    }
  });

  it('leaves out draft, scheduled, noindex and locked pages and items', async () => {
    const db = server.db;
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const { settings: aboutSettings } = await db
      .selectFrom('collections')
      .select('settings')
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    await db.updateTable('collections').set({ status: 'draft' }).where('slug', '=', 'gallery').execute();
    await db
      .updateTable('collections')
      .set({ status: 'scheduled', publish_at: future })
      .where('slug', '=', 'contact')
      .execute();
    await db.updateTable('items').set({ status: 'draft' }).where('url_id', '=', 'caring-for-linen').execute();
    await db
      .updateTable('collections')
      .set({ settings: JSON.stringify({ seo: { noindex: true } }) })
      .where('slug', '=', 'about')
      .execute();
    server.app.services.content.invalidate();
    try {
      const locs = locsOf((await visitor.get<string>('/sitemap.xml')).body);
      for (const path of ['/gallery', '/contact', '/blog/caring-for-linen', '/about']) {
        expect(locs, path).not.toContain(`${PUBLIC}${path}`);
      }
      expect(locs).toContain(`${PUBLIC}/shop/p/linen-shirt`);
    } finally {
      await db.updateTable('collections').set({ status: 'published' }).where('slug', '=', 'gallery').execute();
      await db
        .updateTable('collections')
        .set({ status: 'published', publish_at: null })
        .where('slug', '=', 'contact')
        .execute();
      await db.updateTable('items').set({ status: 'published' }).where('url_id', '=', 'caring-for-linen').execute();
      await db.updateTable('collections').set({ settings: aboutSettings }).where('slug', '=', 'about').execute();
      server.app.services.content.invalidate();
    }
  });

  it('past 50,000 addresses the sitemap is an index of numbered sitemaps', async () => {
    const small = await startTestServer({ dialect, config: { publicUrl: PUBLIC } });
    try {
      // The same routes with a limit of 5 URLs per file.
      const { default: webPlugin } = await import('../index.js');
      const Fastify = (await import('fastify')).default;
      const app = Fastify();
      app.decorate('db', small.db);
      app.decorate('config', small.app.config);
      app.decorate('services', small.app.services);
      await app.register(webPlugin, { content: small.app.services.content, sitemapMaxUrls: 5 });
      const index = await app.inject({ url: '/sitemap.xml' });
      const doc = parseXml(index.body);
      const root = childrenNS(doc, SITEMAP_NS, 'sitemapindex')[0] as Element;
      expect(root).toBeDefined();
      const files = childrenNS(root, SITEMAP_NS, 'sitemap').map(
        (s) => childrenNS(s, SITEMAP_NS, 'loc')[0]?.textContent,
      );
      expect(files.length).toBeGreaterThan(2);
      expect(files[0]).toBe(`${PUBLIC}/sitemap-1.xml`);
      const all: string[] = [];
      for (let i = 1; i <= files.length; i++) {
        const part = await app.inject({ url: `/sitemap-${i}.xml` });
        expect(part.statusCode).toBe(200);
        const locs = locsOf(part.body);
        expect(locs.length).toBeLessThanOrEqual(5);
        all.push(...locs);
      }
      expect(new Set(all).size).toBe(all.length);
      expect(all).toContain(`${PUBLIC}/shop/p/linen-shirt`);
      expect((await app.inject({ url: `/sitemap-${files.length + 1}.xml` })).statusCode).toBe(404);
      expect((await app.inject({ url: '/sitemap-x.xml' })).statusCode).toBe(404);
      await app.close();
    } finally {
      await small.close();
    }
  }, 60_000); // a second test server starts: seconds on a loaded machine

  it('cart, search and not-found pages ask not to be indexed', async () => {
    for (const path of ['/cart', '/search?q=linen', '/no-such-page']) {
      expect((await visitor.get<string>(path)).body, path).toContain('<meta name="robots" content="noindex">');
    }
    expect((await visitor.get<string>('/shop')).body).not.toContain('name="robots"');
  });
});

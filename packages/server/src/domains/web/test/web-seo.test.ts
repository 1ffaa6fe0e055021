import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer } from '../../../testing.js';
import { signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { childrenNS, elementsNS, parseXml } from '../../../../test/web-helpers.js';
import { ATOM_NS, CONTENT_NS } from '../feeds.js';
import { IMAGE_NS, SITEMAP_NS, XHTML_NS } from '../sitemap.js';
import {
  demoBlog,
  EVIL_HOST,
  jsonLdOf,
  locsOf,
  metaOf,
  PUBLIC,
  prepareSeoSite,
  restoreBlogSettings,
} from './seo-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

// What search engines and link previews read: robots.txt, the sitemap, feeds, Open Graph and JSON-LD.
// The site icon and redirects are in web-icons-redirects.test.ts.

describe.each(DIALECTS)('search engines and sharing (%s)', (dialect) => {
  let visitor: Visitor;
  let eventPath: string;
  const suite = suiteServer(dialect, {}, { publicUrl: PUBLIC });
  beforeAll(async () => {
    visitor = Visitor.of(suite.server);
    eventPath = await prepareSeoSite(suite.server.db);
  }, 60_000);

  it("robots.txt keeps crawlers out of private areas, names the sitemap absolutely and adds the owner's lines", async () => {
    const robots = await visitor.get<string>('/robots.txt', { headers: EVIL_HOST });
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const path of ['/config', '/cart', '/checkout', '/account', '/search']) {
      expect(robots.body).toContain(`Disallow: ${path}\n`);
    }
    expect(robots.body).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
    expect(robots.body).not.toContain('evil.example');

    const admin = await signInOwner(suite.server.url, 'seo@example.com', 'a-long-password-1');
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
    const db = suite.server.db;
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
    suite.server.app.services.content.invalidate();
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
      suite.server.app.services.content.invalidate();
    }
  });

  it('past 50,000 addresses the sitemap is an index of numbered sitemaps', async () => {
    const small = await startTestServer({ dialect, config: { publicUrl: PUBLIC } });
    try {
      // The same routes with a limit of 5 URLs per file.
      const { default: webPlugin } = await import('../plugin.js');
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

  it('serves RSS 2.0 for the blog and for events, with absolute links, excerpts by default and full posts by choice', async () => {
    const feed = await visitor.get<string>('/blog?format=rss', { headers: EVIL_HOST });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const doc = parseXml(feed.body);
    const rss = doc.documentElement;
    expect(rss.localName).toBe('rss');
    expect(rss.getAttribute('version')).toBe('2.0');
    const channel = rss.getElementsByTagName('channel')[0] as Element;
    for (const name of ['title', 'link', 'description']) {
      expect(channel.getElementsByTagName(name)[0]?.textContent, name).toBeTruthy();
    }
    expect(channel.getElementsByTagName('link')[0]?.textContent).toBe(`${PUBLIC}/blog`);
    const self = elementsNS(channel, ATOM_NS, 'link')[0];
    expect(self?.getAttribute('href')).toBe(`${PUBLIC}/blog?format=rss`);
    const items = Array.from(channel.getElementsByTagName('item'));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.getElementsByTagName('title')[0]?.textContent).toBeTruthy();
      expect(item.getElementsByTagName('link')[0]?.textContent).toMatch(new RegExp(`^${PUBLIC}/blog/`));
      expect(new Date(item.getElementsByTagName('pubDate')[0]?.textContent ?? '').getTime()).not.toBeNaN();
      expect(elementsNS(item, CONTENT_NS, 'encoded')).toHaveLength(0);
    }
    expect(feed.body).not.toContain('evil.example');

    const blog = await demoBlog(suite.server);
    const admin = await signInOwner(suite.server.url, 'seo@example.com', 'a-long-password-1');
    const changed = await admin.request('PATCH', `/api/config/pages/${blog.id}`, { body: { feedContent: 'full' } });
    expect(changed.status).toBe(200);
    expect(changed.body.settings.feedContent).toBe('full');
    expect(
      (await admin.request('PATCH', `/api/config/pages/${blog.id}`, { body: { feedContent: 'all' } })).status,
    ).toBe(400);
    try {
      const full = parseXml((await visitor.get<string>('/blog?format=rss')).body);
      const encoded = elementsNS(full, CONTENT_NS, 'encoded');
      expect(encoded.length).toBeGreaterThan(0);
      expect(encoded[0]?.textContent).toContain('<');
    } finally {
      await restoreBlogSettings(suite.server, blog);
    }

    const events = parseXml((await visitor.get<string>('/events?format=rss')).body);
    const links = Array.from(events.getElementsByTagName('item')).map(
      (i) => i.getElementsByTagName('link')[0]?.textContent,
    );
    expect(links).toContain(`${PUBLIC}${eventPath}`);

    // Their pages name the feed.
    for (const path of ['/blog', '/blog/caring-for-linen', '/events']) {
      const page = await visitor.get<string>(path);
      expect(page.body, path).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/(blog|events)\?format=rss">/,
      );
    }
  });

  it('a product page has canonical, hreflang, Open Graph product tags and Product JSON-LD with an offer per variant', async () => {
    const page = await visitor.get<string>('/shop/p/linen-shirt', { headers: EVIL_HOST });
    const html = page.body;
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC}/shop/p/linen-shirt">`);
    expect(html).toContain(`<link rel="alternate" hreflang="fr" href="${PUBLIC}/shop/p/linen-shirt?lang=fr">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC}/shop/p/linen-shirt">`);
    expect(html).not.toMatch(/hreflang="[^"]*" href="\//);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:url')).toBe(`${PUBLIC}/shop/p/linen-shirt`);
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC}/files/`));
    expect(Number(metaOf(html, 'og:image:width'))).toBeGreaterThan(0);
    expect(Number(metaOf(html, 'og:image:height'))).toBeGreaterThan(0);
    expect(metaOf(html, 'product:price:amount')).toMatch(/^\d+(\.\d+)?$/);
    expect(metaOf(html, 'product:price:currency')).toMatch(/^[A-Z]{3}$/);
    expect(metaOf(html, 'product:availability')).toMatch(/^(in stock|out of stock)$/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).not.toContain('evil.example');
    const graph = jsonLdOf(html);
    const types = graph.map((node) => node['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'Product', 'BreadcrumbList']));
    const site = graph.find((node) => node['@type'] === 'WebSite') as Record<string, any>;
    expect(site.potentialAction['@type']).toBe('SearchAction');
    expect(site.potentialAction.target.urlTemplate).toBe(`${PUBLIC}/search?q={search_term_string}`);
    const product = graph.find((node) => node['@type'] === 'Product') as Record<string, any>;
    const variants = await suite.server.db
      .selectFrom('product_variants')
      .innerJoin('items', 'items.id', 'product_variants.item_id')
      .select(['product_variants.sku'])
      .where('items.url_id', '=', 'linen-shirt')
      .execute();
    expect(product.offers).toHaveLength(variants.length);
    for (const offer of product.offers) {
      expect(offer.price).toMatch(/^\d+(\.\d+)?$/);
      expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
      expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(offer.availability);
      expect(variants.map((v) => v.sku)).toContain(offer.sku);
    }
    const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList') as Record<string, any>;
    expect(crumbs.itemListElement.map((e: { item: string }) => e.item)).toEqual([
      `${PUBLIC}/`,
      `${PUBLIC}/shop`,
      `${PUBLIC}/shop/p/linen-shirt`,
    ]);
  });

  it('a post is an article with BlogPosting JSON-LD, an event has Event JSON-LD', async () => {
    const post = (await visitor.get<string>('/blog/caring-for-linen')).body;
    expect(metaOf(post, 'og:type')).toBe('article');
    expect(metaOf(post, 'article:published_time')).toMatch(/^\d{4}-/);
    const posting = jsonLdOf(post).find((node) => node['@type'] === 'BlogPosting') as Record<string, any>;
    expect(posting.headline).toBeTruthy();
    expect(posting.datePublished).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(posting.url).toBe(`${PUBLIC}/blog/caring-for-linen`);
    expect(posting.author?.name).toBeTruthy();

    const event = jsonLdOf((await visitor.get<string>(eventPath)).body).find((n) => n['@type'] === 'Event') as Record<
      string,
      any
    >;
    expect(event.name).toBeTruthy();
    expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(event.url).toBe(`${PUBLIC}${eventPath}`);
  });

  it('owner text holding </script> cannot break out of the JSON-LD', async () => {
    const title = 'Shirt </script><script>alert(1)</script> & <b>';
    await suite.server.db.updateTable('items').set({ title }).where('url_id', '=', 'linen-shirt').execute();
    suite.server.app.services.content.invalidate();
    try {
      const html = (await visitor.get<string>('/shop/p/linen-shirt')).body;
      expect(html).not.toContain('<script>alert(1)');
      const product = jsonLdOf(html).find((node) => node['@type'] === 'Product');
      expect(product?.name).toBe(title);
    } finally {
      await suite.server.db
        .updateTable('items')
        .set({ title: 'Linen shirt' })
        .where('url_id', '=', 'linen-shirt')
        .execute();
      suite.server.app.services.content.invalidate();
    }
  });

  it("a page's SEO fields set its title, description and link previews; hiding it keeps it out of search", async () => {
    const about = await suite.server.db
      .selectFrom('collections')
      .select(['id', 'settings', 'description'])
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    const admin = await signInOwner(suite.server.url, 'seo@example.com', 'a-long-password-1');
    const saved = await admin.request('PATCH', `/api/config/pages/${about.id}`, {
      body: { seoTitle: 'Our story & workshop', seoDescription: 'How we make things', hideFromSearch: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.hideFromSearch).toBe(true);
    expect(
      (await admin.request('PATCH', `/api/config/pages/${about.id}`, { body: { hideFromSearch: 'yes' } })).status,
    ).toBe(400);
    try {
      const html = (await visitor.get<string>('/about')).body;
      expect(html).toContain('<title>Our story &amp; workshop</title>');
      expect(html).toContain('<meta name="description" content="How we make things">');
      expect(metaOf(html, 'og:title')).toBe('Our story & workshop');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(locsOf((await visitor.get<string>('/sitemap.xml')).body)).not.toContain(`${PUBLIC}/about`);
      await admin.request('PATCH', `/api/config/pages/${about.id}`, { body: { hideFromSearch: false } });
      expect((await visitor.get<string>('/about')).body).not.toContain('name="robots"');
      expect(locsOf((await visitor.get<string>('/sitemap.xml')).body)).toContain(`${PUBLIC}/about`);
    } finally {
      await suite.server.db
        .updateTable('collections')
        .set({ settings: about.settings, description: about.description })
        .where('id', '=', about.id)
        .execute();
      suite.server.app.services.content.invalidate();
    }
  });

  it('cart, search and not-found pages ask not to be indexed', async () => {
    for (const path of ['/cart', '/search?q=linen', '/no-such-page']) {
      expect((await visitor.get<string>(path)).body, path).toContain('<meta name="robots" content="noindex">');
    }
    expect((await visitor.get<string>('/shop')).body).not.toContain('name="robots"');
  });
});

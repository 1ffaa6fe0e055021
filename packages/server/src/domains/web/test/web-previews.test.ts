import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';
import { signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { CONTENT_NS, ATOM_NS } from '../feeds.js';
import { elementsNS, parseXml } from '../../../../test/web-helpers.js';
import { EVIL_HOST, jsonLdOf, locsOf, metaOf, PUBLIC, prepareSeoSite } from './seo-helpers.js';

describe.each(DIALECTS)('link previews and feeds (%s)', (dialect) => {
  let server: TestServer;
  let visitor: Visitor;
  let eventPath: string;
  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { publicUrl: PUBLIC } });
    visitor = Visitor.of(server);
    eventPath = await prepareSeoSite(server.db);
  }, 60_000);
  afterAll(() => server?.close());

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

    const blog = await server.db
      .selectFrom('collections')
      .select(['id', 'settings'])
      .where('slug', '=', 'blog')
      .executeTakeFirstOrThrow();
    const admin = await signInOwner(server.url, 'seo@example.com', 'a-long-password-1');
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
      await server.db.updateTable('collections').set({ settings: blog.settings }).where('id', '=', blog.id).execute();
      server.app.services.content.invalidate();
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
    const variants = await server.db
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
    await server.db.updateTable('items').set({ title }).where('url_id', '=', 'linen-shirt').execute();
    server.app.services.content.invalidate();
    try {
      const html = (await visitor.get<string>('/shop/p/linen-shirt')).body;
      expect(html).not.toContain('<script>alert(1)');
      const product = jsonLdOf(html).find((node) => node['@type'] === 'Product');
      expect(product?.name).toBe(title);
    } finally {
      await server.db.updateTable('items').set({ title: 'Linen shirt' }).where('url_id', '=', 'linen-shirt').execute();
      server.app.services.content.invalidate();
    }
  });

  it("a page's SEO fields set its title, description and link previews; hiding it keeps it out of search", async () => {
    const about = await server.db
      .selectFrom('collections')
      .select(['id', 'settings', 'description'])
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    const admin = await signInOwner(server.url, 'seo@example.com', 'a-long-password-1');
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
      await server.db
        .updateTable('collections')
        .set({ settings: about.settings, description: about.description })
        .where('id', '=', about.id)
        .execute();
      server.app.services.content.invalidate();
    }
  });
});

// The sitemap, the sitemap index and the RSS feeds a real server sends validate against XSD schemas
// written from the published specifications (fixtures/xsd), and those schemas do refuse what the
// specifications forbid, so a pass means something.
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import webPlugin from '../plugin.js';
import { rssXml } from '../feeds.js';
import { sitemapIndexXml, sitemapXml } from '../sitemap.js';
import { Visitor } from '../../../../test/visitor.js';
import { schemaErrors } from '../../../../test/xml-schemas.js';
import { demoBlog, restoreBlogSettings } from './seo-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const PUBLIC = 'https://shop.example.com';

describe('the schemas refuse what the specifications forbid', () => {
  it('sitemap: relative or missing loc, a bad lastmod, an unknown extension element, a repeated URL', async () => {
    const good = sitemapXml(PUBLIC, [{ path: '/a', lastmod: '2026-11-01T10:00:00.000Z', images: ['/files/a.jpg'] }], {
      defaultLanguage: 'en',
      codes: ['en', 'fr'],
    });
    expect(await schemaErrors('sitemap', good)).toEqual([]);
    expect(await schemaErrors('sitemap', good.replace(`<loc>${PUBLIC}/a</loc>`, '<loc>/a</loc>'))).not.toEqual([]);
    expect(await schemaErrors('sitemap', good.replace(`<loc>${PUBLIC}/a</loc>`, ''))).not.toEqual([]);
    expect(await schemaErrors('sitemap', good.replace('2026-11-01T10:00:00.000Z', '1 Nov 2026'))).not.toEqual([]);
    // A time without a zone is not W3C Datetime.
    expect(await schemaErrors('sitemap', good.replace('2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00'))).not.toEqual(
      [],
    );
    expect(
      await schemaErrors(
        'sitemap',
        good.replace('<image:loc>', '<image:where>').replace('</image:loc>', '</image:where>'),
      ),
    ).not.toEqual([]);
    expect(await schemaErrors('sitemap', good.replace('rel="alternate"', 'rel="canonical"'))).not.toEqual([]);
    const twice = sitemapXml(PUBLIC, [{ path: '/a' }, { path: '/a' }]);
    expect(await schemaErrors('sitemap', twice)).not.toEqual([]);
  });

  it('sitemap index: entries need an absolute loc', async () => {
    const good = sitemapIndexXml(PUBLIC, 2, '2026-11-01T10:00:00.000Z');
    expect(await schemaErrors('sitemap-index', good)).toEqual([]);
    expect(await schemaErrors('sitemap-index', good.replace(`${PUBLIC}/sitemap-1.xml`, 'sitemap-1.xml'))).not.toEqual(
      [],
    );
    // A urlset is not an index.
    expect(await schemaErrors('sitemap-index', sitemapXml(PUBLIC, [{ path: '/' }]))).not.toEqual([]);
  });

  it('RSS: a channel needs one title, link and description; dates are RFC 822', async () => {
    const good = rssXml(
      PUBLIC,
      { title: 'Journal', path: '/blog', description: 'Notes', language: 'en-US' },
      [{ title: 'A', path: '/blog/a', publishedAt: Date.UTC(2026, 10, 1), excerpt: '<p>a</p>', html: '<p>b</p>' }],
      'full',
    );
    expect(await schemaErrors('rss', good)).toEqual([]);
    expect(await schemaErrors('rss', good.replace('<description>Notes</description>', ''))).not.toEqual([]);
    expect(
      await schemaErrors('rss', good.replace('<title>Journal</title>', '<title>Journal</title><title>Again</title>')),
    ).not.toEqual([]);
    expect(
      await schemaErrors('rss', good.replace(/<pubDate>[^<]*<\/pubDate>/, '<pubDate>2026-11-01</pubDate>')),
    ).not.toEqual([]);
    expect(await schemaErrors('rss', good.replace('version="2.0"', 'version="0.91"'))).not.toEqual([]);
    expect(await schemaErrors('rss', good.replace('<content:encoded>', '<content:encoded><b/>'))).not.toEqual([]);
  });
});

describe.each(DIALECTS)('sitemaps and feeds the server sends are valid (%s)', (dialect) => {
  let visitor: Visitor;
  const suite = suiteServer(dialect, {}, { publicUrl: PUBLIC });
  beforeAll(async () => {
    visitor = Visitor.of(suite.server);
  }, 60_000);

  it('/sitemap.xml (pages, products, posts, events, images, language alternates)', async () => {
    const answer = await visitor.get<string>('/sitemap.xml');
    expect(answer.status).toBe(200);
    // The demo site is bilingual and has images: both extensions are in play.
    expect(answer.body).toContain('<xhtml:link rel="alternate"');
    expect(answer.body).toContain('<image:image>');
    expect(await schemaErrors('sitemap', answer.body)).toEqual([]);
    expect(answer.body.split('<url>').length - 1).toBeLessThanOrEqual(50_000);
  });

  it('a sitemap index and each of its sitemaps', async () => {
    // The same routes with 5 URLs per file, so the demo site needs an index.
    const app = Fastify();
    app.decorate('db', suite.server.db);
    app.decorate('config', suite.server.app.config);
    app.decorate('services', suite.server.app.services);
    await app.register(webPlugin, { content: suite.server.app.services.content, sitemapMaxUrls: 5 });
    try {
      const index = await app.inject({ url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex');
      expect(await schemaErrors('sitemap-index', index.body)).toEqual([]);
      const count = index.body.split('<sitemap>').length - 1;
      expect(count).toBeGreaterThan(2);
      for (let i = 1; i <= count; i++) {
        const part = await app.inject({ url: `/sitemap-${i}.xml` });
        expect(part.statusCode).toBe(200);
        expect(await schemaErrors('sitemap', part.body), `sitemap-${i}.xml`).toEqual([]);
      }
    } finally {
      await app.close();
    }
  });

  it('the blog and events feeds, with excerpts and with full content', async () => {
    for (const path of ['/blog?format=rss', '/events?format=rss']) {
      const feed = await visitor.get<string>(path);
      expect(feed.status).toBe(200);
      expect(feed.body).toContain('<item>');
      expect(await schemaErrors('rss', feed.body), path).toEqual([]);
    }
    const blog = await demoBlog(suite.server);
    const settings = typeof blog.settings === 'string' ? JSON.parse(blog.settings) : (blog.settings ?? {});
    await suite.server.db
      .updateTable('collections')
      .set({ settings: JSON.stringify({ ...settings, feedContent: 'full' }) })
      .where('id', '=', blog.id)
      .execute();
    suite.server.app.services.content.invalidate();
    try {
      const full = await visitor.get<string>('/blog?format=rss');
      expect(full.body).toContain('<content:encoded>');
      expect(await schemaErrors('rss', full.body)).toEqual([]);
    } finally {
      await restoreBlogSettings(suite.server, blog);
    }
  });
});

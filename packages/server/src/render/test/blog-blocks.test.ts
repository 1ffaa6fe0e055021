import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockType, WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_ALLOW_HOSTS, FEED_MESSAGES } from '../../domains/feeds/feed-reader.js';
import { DIALECTS, startTestServer, type TestServer } from '../../testing.js';
import { ownerSession } from '../../../test/auth-helpers.js';
import { Visitor } from '../../../test/visitor.js';

// The blog blocks (issue 23) on a published page, on both databases: archive by month in the site's
// time zone, tag cloud, posts by author/tag/category/month (never drafts, scheduled, private or
// members-only posts), and RSS from the site's own blog and from a local test feed (cached, private
// addresses refused, a malformed feed an empty block and never a 500).

const FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Outside</title>
<item><title>Outside &lt;script&gt;alert(1)&lt;/script&gt; news</title><link>https://example.com/news</link><pubDate>Tue, 03 Mar 2026 10:00:00 GMT</pubDate></item>
<item><title>Sneaky</title><link>javascript:alert(1)</link></item></channel></rss>`;

const block = (type: number, content: Record<string, unknown>, id: string) => ({ id, type, settings: {}, content });
const sectionOf = (html: string, cls: string): string =>
  html.match(new RegExp(`<(?:div|nav) class="block block--${cls}[\\s\\S]*?</(?:div|nav)>\\n`, 'g'))?.join('') ?? '';
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

for (const dialect of DIALECTS) {
  describe(`blog blocks on a published page (${dialect})`, () => {
    let server: TestServer;
    let owner: Visitor;
    let feeds: Server;
    let feedBase: string;
    const hits = new Map<string, number>();
    const allowBefore = process.env[FEED_ALLOW_HOSTS];

    async function publish(title: string, blocks: unknown[]): Promise<string> {
      const created = await owner.post('/api/config/pages', { title });
      expect(created.status).toBe(200);
      const page = created.body.page as { id: string };
      expect((await owner.put(`/api/config/pages/${page.id}/draft`, { sections: [{ blocks }] })).status).toBe(200);
      const published = await owner.post(`/api/config/pages/${page.id}/publish`, {});
      expect(published.status).toBe(200);
      return `/${published.body.summary.slug}`;
    }

    beforeAll(async () => {
      process.env[FEED_ALLOW_HOSTS] = '127.0.0.1';
      feeds = createServer((req, res) => {
        hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
        res.setHeader('content-type', 'application/rss+xml');
        res.end(req.url === '/broken.xml' ? '<rss><channel><item>' : FEED);
      });
      await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
      feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
      server = await startTestServer({ dialect });
      // Two posts at known instants: 1 March 2025 03:00 UTC is still February in New York.
      for (const [urlId, at] of [
        ['wool-season', '2025-03-01T03:00:00.000Z'],
        ['market-calendar', '2025-03-10T12:00:00.000Z'],
      ]) {
        await server.db.updateTable('items').set({ published_at: at }).where('url_id', '=', urlId).execute();
      }
      owner = await ownerSession(server, {
        email: 'blog-blocks@owners.test',
        password: 'blog-blocks-pw',
        roles: [WebsiteRole.ADMIN],
      });
    }, 60_000);
    afterAll(async () => {
      if (allowBefore === undefined) delete process.env[FEED_ALLOW_HOSTS];
      else process.env[FEED_ALLOW_HOSTS] = allowBefore;
      await server?.close();
      await new Promise((resolve) => feeds?.close(resolve));
    });

    it('groups the archive by month in the site’s time zone and links to the blog filtered by it', async () => {
      const path = await publish('Archive Page', [
        block(BlockType.ARCHIVE, { collection: 'blog', title: 'Archive' }, 'bArc1'),
        block(BlockType.ARCHIVE, { collection: 'blog', groupBy: 'year' }, 'bArc2'),
      ]);
      const html = String((await Visitor.of(server).get(path)).body);
      const archive = sectionOf(html, 'archive');
      expect(archive).toContain('<a class="archive-block__link" href="/blog?month=2025-02">February 2025</a>');
      expect(archive).toContain('<a class="archive-block__link" href="/blog?month=2025-03">March 2025</a>');
      expect(archive).toContain('href="/blog?year=2025">2025</a> <span class="archive-block__count">(2)</span>');
      // Seven published posts in all: drafts, scheduled and private ones are not counted.
      const counts = [...archive.matchAll(/\?month=[^"]+">[^<]+<\/a> <span class="archive-block__count">\((\d+)\)/g)];
      expect(counts.reduce((sum, m) => sum + Number(m[1]), 0)).toBe(7);
      const february = await Visitor.of(server).get('/blog?month=2025-02');
      expect(textOf(String(february.body))).toContain('Posts from February 2025');
      expect(String(february.body)).toContain('/blog/wool-season');
      expect(String(february.body)).not.toContain('/blog/market-calendar');
    });

    it('weights the tag cloud by use and lists posts by tag, category, author and month, published only', async () => {
      const path = await publish('Posts Page', [
        block(BlockType.TAG_CLOUD, { collection: 'blog' }, 'bTag1'),
        block(BlockType.POSTS_BY_TAG, { collection: 'blog', value: 'care', title: 'Care notes' }, 'bBy1'),
        block(BlockType.POSTS_BY_CATEGORY, { collection: 'blog', value: 'Guides' }, 'bBy2'),
        block(BlockType.POSTS_BY_MONTH, { collection: 'blog', value: '2025-03' }, 'bBy3'),
        block(BlockType.POSTS_BY_AUTHOR, { collection: 'blog', value: 'nobody at all' }, 'bBy4'),
      ]);
      const html = String((await Visitor.of(server).get(path)).body);
      const cloud = sectionOf(html, 'tagcloud');
      expect(cloud).toMatch(/href="\/blog\?tag=care" aria-label="care \(2 posts\)">care<\/a>/);
      expect(cloud).toContain('tag-cloud__term--5" href="/blog?tag=care"');
      expect(cloud).not.toContain('gifts');
      const lists =
        html.match(/<div class="block block--postsby[\s\S]*?<\/ul>|<p class="posts-by__empty">[^<]*<\/p>/g) ?? [];
      expect(lists).toHaveLength(4);
      const [byTag = '', byCategory = '', byMonth = ''] = lists;
      expect(byTag).toContain('Care notes');
      expect(byTag).toContain('/blog/caring-for-linen');
      expect(byTag).toContain('/blog/wool-season');
      for (const hidden of ['supplier-notes', 'spring-restock-notes', 'winter-gift-guide']) {
        expect(html, hidden).not.toContain(`/blog/${hidden}`);
      }
      expect(byCategory).toContain('/blog/caring-for-linen');
      expect(byMonth).toContain('/blog/market-calendar');
      expect(byMonth).not.toContain('/blog/wool-season');
      expect(lists[3]).toContain('No posts yet.');
    });

    it('shows RSS from the site’s own blog and from an outside feed, cached, escaped, links http(s) only', async () => {
      const path = await publish('Feeds Page', [
        block(BlockType.RSS, { url: '/blog?format=rss', limit: 3, title: 'Our blog' }, 'bRss1'),
        block(BlockType.RSS, { url: `${feedBase}/feed.xml` }, 'bRss2'),
      ]);
      const first = await Visitor.of(server).get(path);
      expect(first.status).toBe(200);
      const html = String(first.body);
      const own = html.match(/<div class="block block--rss[\s\S]*?<\/div>/g) ?? [];
      expect(own[0]?.match(/<li class="rss-block__item">/g)).toHaveLength(3);
      expect(own[0]).toContain('href="/blog/caring-for-linen"');
      expect(own[1]).toContain('Outside &lt;script&gt;alert(1)&lt;/script&gt; news');
      expect(own[1]).toContain('href="https://example.com/news"');
      expect(own[1]).not.toContain('javascript:');
      expect(own[1]).toContain('<span class="rss-block__link">Sneaky</span>');
      await Visitor.of(server).get(path);
      expect(hits.get('/feed.xml')).toBe(1);
    });

    it('refuses a feed on a private address and shows a malformed feed as a message, never a 500', async () => {
      const path = await publish('Bad Feeds Page', [
        block(BlockType.RSS, { url: `${feedBase.replace('127.0.0.1', 'localhost')}/private.xml` }, 'bRss3'),
        block(BlockType.RSS, { url: `${feedBase}/broken.xml` }, 'bRss4'),
        block(BlockType.RSS, { url: 'javascript:alert(1)' }, 'bRss5'),
      ]);
      const page = await Visitor.of(server).get(path);
      expect(page.status).toBe(200);
      const messages = String(page.body).match(/<p class="rss-block__message" role="status">[^<]*<\/p>/g) ?? [];
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message).toContain(FEED_MESSAGES.failed);
      expect(hits.get('/private.xml')).toBeUndefined();
    });

    it('lists nothing from a members-only blog', async () => {
      const path = await publish('Members Blog Page', [
        block(BlockType.POSTS_BY_TAG, { collection: 'blog', value: 'care' }, 'bBy5'),
        block(BlockType.ARCHIVE, { collection: 'blog' }, 'bArc3'),
      ]);
      await server.db.updateTable('collections').set({ members_only: 1 }).where('slug', '=', 'blog').execute();
      await expect
        .poll(async () => String((await Visitor.of(server).get(path)).body).includes('/blog/caring-for-linen'), {
          timeout: 8_000,
        })
        .toBe(false);
      const html = String((await Visitor.of(server).get(path)).body);
      expect(html).toContain('<p class="posts-by__empty">No posts yet.</p>');
      expect(html).toContain('<p class="archive-block__empty">No posts yet.</p>');
    });
  });
}

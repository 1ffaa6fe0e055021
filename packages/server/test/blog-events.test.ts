import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchSite } from '../src/domains/content/search/search-service.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { createOwner, signInOwner } from './auth-helpers.js';
import { patchSiteSettings } from './site-settings.js';
import { Visitor } from './visitor.js';

async function blogItemIds(server: TestServer): Promise<Record<string, string>> {
  const rows = await server.db
    .selectFrom('items')
    .innerJoin('collections', 'collections.id', 'items.collection_id')
    .select(['items.id', 'items.url_id'])
    .where('collections.slug', 'in', ['blog', 'events'])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.url_id, row.id]));
}

function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

for (const dialect of DIALECTS) {
  describe(`comments and likes (${dialect})`, () => {
    let server: TestServer;
    let ids: Record<string, string>;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      ids = await blogItemIds(server);
    });
    afterAll(async () => server?.close());

    it('lists only approved comments of a public post', async () => {
      const answer = await Visitor.of(server).get(`/api/comments?itemId=${ids['caring-for-linen']}`);
      expect(answer.status).toBe(200);
      expect(answer.body.publicCommentCount).toBe(2);
      expect(answer.body.comments.map((c: { authorName: string }) => c.authorName)).toEqual(['Priya', 'Tom B.']);
    });

    it('hides drafts, private and scheduled posts from the comment routes', async () => {
      for (const urlId of ['winter-gift-guide', 'supplier-notes', 'spring-restock-notes']) {
        const answer = await Visitor.of(server).get(`/api/comments?itemId=${ids[urlId]}`);
        expect(answer.status, urlId).toBe(404);
        expect(answer.body.error).toBe('post-not-found');
      }
    });

    it('stores a posted comment as plain text and lists it', async () => {
      const visitor = Visitor.of(server);
      const posted = await visitor.post('/api/comments', {
        itemId: ids['five-slow-morning-rituals'],
        authorName: '  Jo  <script>',
        body: 'Lovely <img src=x onerror=alert(1)> list.\r\nSecond line.',
      });
      expect(posted.status).toBe(201);
      expect(posted.body.publicCommentCount).toBe(1);
      expect(posted.body.comment).toMatchObject({ authorName: 'Jo <script>', status: 'approved' });
      expect(posted.body.comment.body).toBe('Lovely <img src=x onerror=alert(1)> list.\nSecond line.');
      const page = await visitor.get('/blog/five-slow-morning-rituals');
      expect(page.status).toBe(200);
      expect(page.body).toContain('Lovely &lt;img src=x onerror=alert(1)&gt; list.');
      expect(page.body).not.toContain('<img src=x');
      expect(page.body).toContain('Jo &lt;script&gt;');
    });

    it('refuses a comment without the crumb', async () => {
      const answer = await Visitor.of(server).post(
        '/api/comments',
        { itemId: ids['caring-for-linen'], authorName: 'A', body: 'B' },
        { crumb: false },
      );
      expect(answer.status).toBe(403);
      expect(answer.body.crumbFail).toBe(true);
    });

    it('answers 400 with a message per field for bad input', async () => {
      const visitor = Visitor.of(server);
      const empty = await visitor.post('/api/comments', { itemId: ids['caring-for-linen'], authorName: ' ', body: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('invalid-comment');
      expect(empty.body.errors).toEqual({ authorName: 'Please enter your name.', body: 'Please write a comment.' });
      const long = await visitor.post('/api/comments', {
        itemId: ids['caring-for-linen'],
        authorName: 'x'.repeat(81),
        body: 'y'.repeat(2001),
      });
      expect(long.status).toBe(400);
      expect(Object.keys(long.body.errors).sort()).toEqual(['authorName', 'body']);
      const wrongType = await visitor.post('/api/comments', { itemId: 42, authorName: 'A', body: 'B' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors.itemId).toBeTruthy();
      const notJson = await visitor.post('/api/comments', '[1,', { contentType: 'application/json' });
      expect(notJson.status).toBe(400);
    });

    it('refuses comments on a post that has them switched off', async () => {
      const answer = await Visitor.of(server).post('/api/comments', {
        itemId: ids['how-we-pack-orders'],
        authorName: 'A',
        body: 'B',
      });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('comments-closed');
    });

    it('takes a plain form post with the crumb field and redirects back to the post', async () => {
      const visitor = Visitor.of(server);
      const crumb = visitor.cookies.get('crumb') ?? '';
      const form = new URLSearchParams({
        crumb,
        itemId: ids['wool-scarf'] ?? ids['wool-season'],
        authorName: 'Form Poster',
        body: 'Posted without JavaScript',
      });
      const answer = await visitor.request('POST', '/api/comments', {
        body: form.toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/blog/wool-season?comment=approved#comments');
      const page = await visitor.get('/blog/wool-season');
      expect(textOf(page.body)).toContain('Posted without JavaScript');
    });

    it('counts one like per visitor cookie', async () => {
      const first = new Visitor(server.url);
      const liked = await first.post(`/api/likes/${ids['market-calendar']}`);
      expect(liked.status).toBe(200);
      expect(liked.body).toMatchObject({ liked: true, alreadyLiked: false, likeCount: 3 });
      const again = await first.post(`/api/likes/${ids['market-calendar']}`);
      expect(again.body).toMatchObject({ alreadyLiked: true, likeCount: 3 });
      const second = await new Visitor(server.url).post(`/api/likes/${ids['market-calendar']}`);
      expect(second.body).toMatchObject({ alreadyLiked: false, likeCount: 4 });
      const row = await server.db
        .selectFrom('items')
        .select('like_count')
        .where('id', '=', ids['market-calendar'])
        .executeTakeFirstOrThrow();
      expect(row.like_count).toBe(4);
      const missing = await first.post('/api/likes/no-such-item');
      expect(missing.status).toBe(404);
    });

    it('rate limits comment posts per client address', async () => {
      const visitor = Visitor.of(server);
      let last = 0;
      for (let n = 0; n < 12 && last !== 429; n++) {
        last = (
          await visitor.post('/api/comments', { itemId: ids['sticker-pack-story'], authorName: 'R', body: `${n}` })
        ).status;
      }
      expect(last).toBe(429);
    });
  });

  describe(`blog, events and search pages (${dialect})`, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
    });
    afterAll(async () => server?.close());

    const titlesOf = (html: string) =>
      [...html.matchAll(/<h2 class="post-card__title"><a href="([^"]+)">/g)].map((match) => match[1]);

    it('lists published posts newest first, five per page, with ?page=', async () => {
      const visitor = Visitor.of(server);
      const first = await visitor.get('/blog');
      expect(first.status).toBe(200);
      expect(titlesOf(first.body)).toEqual([
        '/blog/caring-for-linen',
        '/blog/meet-the-maker-hudson-stoneware',
        '/blog/five-slow-morning-rituals',
        '/blog/how-we-pack-orders',
        '/blog/wool-season',
      ]);
      expect(first.body).toContain('Page 1 of 2');
      expect(first.body).toContain('href="/blog?page=2"');
      const second = await visitor.get('/blog?page=2');
      expect(titlesOf(second.body)).toEqual(['/blog/market-calendar', '/blog/sticker-pack-story']);
      expect(second.body).toContain('rel="prev" href="/blog"');
      expect((await visitor.get('/blog?page=3')).status).toBe(404);
      expect((await visitor.get('/blog?page=abc')).status).toBe(404);
    });

    it('never shows draft, scheduled or private posts', async () => {
      const visitor = Visitor.of(server);
      const pages = [(await visitor.get('/blog')).body, (await visitor.get('/blog?page=2')).body].join('');
      for (const urlId of ['winter-gift-guide', 'spring-restock-notes', 'supplier-notes']) {
        expect(pages).not.toContain(`/blog/${urlId}`);
        expect((await visitor.get(`/blog/${urlId}`)).status, urlId).toBe(404);
      }
    });

    it('filters by tag and by category, and links the terms', async () => {
      const visitor = Visitor.of(server);
      const care = await visitor.get('/blog?tag=care');
      expect(titlesOf(care.body)).toEqual(['/blog/caring-for-linen', '/blog/wool-season']);
      expect(care.body).toContain('Tagged “care”');
      const makers = await visitor.get('/blog?category=Makers');
      expect(titlesOf(makers.body)).toEqual(['/blog/meet-the-maker-hudson-stoneware', '/blog/sticker-pack-story']);
      const none = await visitor.get('/blog?tag=nothing-here');
      expect(none.status).toBe(200);
      expect(none.body).toContain('There are no posts here yet.');
    });

    it('labels comment links and hides them where comments are off', async () => {
      const body = textOf((await Visitor.of(server).get('/blog')).body);
      expect(body).toContain('2 Comments');
      expect(body).toContain('1 Comment Read more');
      expect(body).toContain('No Comments');
      const list = (await Visitor.of(server).get('/blog')).body;
      const packing = list.slice(list.indexOf('/blog/how-we-pack-orders'), list.indexOf('/blog/wool-season'));
      expect(packing).not.toContain('sqs-comment-link');
    });

    it('shows a post with author, tags, categories, likes, share links and the comment form', async () => {
      const page = await Visitor.of(server).get('/blog/caring-for-linen');
      expect(page.status).toBe(200);
      const text = textOf(page.body);
      expect(text).toContain('By Maya Okafor');
      expect(page.body).toContain('href="/blog?tag=linen"');
      expect(page.body).toContain('href="/blog?category=Guides"');
      expect(text).toContain('3 likes');
      expect(page.body).toContain('https://twitter.com/intent/tweet?url=');
      expect(page.body).toContain('id="comment-form"');
      expect(text).toContain('Priya');
      expect(text).not.toContain('Buy cheap watches');
      expect(page.body).not.toMatch(/<script[^>]+src="https?:/);
    });

    it('lists upcoming events soonest first and past events apart, in the site time zone', async () => {
      const page = await Visitor.of(server).get('/events');
      expect(page.status).toBe(200);
      const upcoming = page.body.slice(
        page.body.indexOf('event-list--upcoming'),
        page.body.indexOf('event-list--past'),
      );
      const past = page.body.slice(page.body.indexOf('event-list--past'));
      const links = (html: string) => [...html.matchAll(/event-card__title"><a href="([^"]+)"/g)].map((m) => m[1]);
      expect(links(upcoming)).toEqual([
        '/events/winter-market',
        '/events/indigo-dyeing-workshop',
        '/events/holiday-open-studio',
      ]);
      expect(links(past)).toEqual(['/events/autumn-makers-fair', '/events/candle-making-evening']);
      // Seeded at 10:00 local time in America/New_York: shown as 10:00 AM whatever the UTC offset.
      expect(textOf(upcoming)).toMatch(/10:00 AM – 4:00 PM E[SD]T/);
    });

    it('gives an upcoming event a Google Calendar link in UTC and a valid .ics file', async () => {
      const visitor = Visitor.of(server);
      const page = await visitor.get('/events/winter-market');
      expect(page.status).toBe(200);
      const google = /href="(http:\/\/www\.google\.com\/calendar\/event[^"]+)"/.exec(page.body)?.[1] ?? '';
      expect(google).toMatch(/dates=\d{8}T\d{6}Z\/\d{8}T\d{6}Z/);
      const ics = await visitor.get('/events/winter-market.ics');
      expect(ics.status).toBe(200);
      expect(ics.headers.get('content-type')).toContain('text/calendar');
      expect(ics.headers.get('content-disposition')).toContain('winter-market.ics');
      const text = ics.body as string;
      expect(text.split('\r\n').every((line, i, all) => i === all.length - 1 || !line.includes('\n'))).toBe(true);
      const lines = text.split('\r\n');
      expect(lines[0]).toBe('BEGIN:VCALENDAR');
      expect(lines).toContain('BEGIN:VEVENT');
      expect(lines.find((l) => l.startsWith('UID:'))).toMatch(/^UID:[0-9a-f]+@/);
      expect(lines.find((l) => l.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
      const start = lines.find((l) => l.startsWith('DTSTART:'))?.slice(8) ?? '';
      const end = lines.find((l) => l.startsWith('DTEND:'))?.slice(6) ?? '';
      expect(google).toContain(`dates=${start}/${end}`);
      // 10:00 in New York is 15:00 UTC in winter and 14:00 in summer.
      expect(start).toMatch(/T1[45]0000Z$/);
      expect(lines).toContain('SUMMARY:Winter Market at the Armory');
      expect(lines.find((l) => l.startsWith('LOCATION:'))).toContain('Hudson Armory\\, 51 N 5th St');
      expect((await visitor.get('/events/no-such-event.ics')).status).toBe(404);
    });

    it('searches titles and bodies on /search (page type 102) and escapes the query', async () => {
      const visitor = Visitor.of(server);
      const page = await visitor.get('/search?q=Linen');
      expect(page.status).toBe(200);
      expect(page.body).toContain('page-type-102');
      expect(page.body).toContain('href="/blog/caring-for-linen"');
      expect(page.body).toContain('href="/shop/p/linen-shirt"');
      const hostile = await visitor.get(`/search?q=${encodeURIComponent('<script>x</script>')}`);
      expect(hostile.status).toBe(200);
      expect(hostile.body).not.toContain('<script>x</script>');
      expect(hostile.body).toContain('Nothing matched your search.');
      const empty = await visitor.get('/search');
      expect(empty.status).toBe(200);
      expect(empty.body).not.toContain('search-results__title');
    });
  });

  describe(`comment moderation (${dialect})`, () => {
    let server: TestServer;
    let ids: Record<string, string>;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      ids = await blogItemIds(server);
      await patchSiteSettings(server.db, 'website', { commentsRequireApproval: true });
      server.app.services.content.invalidate();
      await createOwner(server.db, {
        email: 'mod@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.MODERATOR],
      });
      await createOwner(server.db, {
        email: 'rep@example.com',
        password: 'correct horse',
        roles: [WebsiteRole.REPORTING],
      });
    });
    afterAll(async () => server?.close());

    it('holds comments for approval and shows them once a moderator approves', async () => {
      const visitor = Visitor.of(server);
      const posted = await visitor.post('/api/comments', {
        itemId: ids['wool-season'],
        authorName: 'Held',
        body: 'Waiting for a moderator',
      });
      expect(posted.status).toBe(201);
      expect(posted.body).toMatchObject({ pending: true, publicCommentCount: 0 });
      expect((await visitor.get(`/api/comments?itemId=${ids['wool-season']}`)).body.comments).toEqual([]);

      const reporter = await signInOwner(server.url, 'rep@example.com', 'correct horse');
      expect((await reporter.get('/api/config/comments?status=pending')).status).toBe(403);
      expect((await Visitor.of(server).get('/api/config/comments')).status).toBe(401);

      const moderator = await signInOwner(server.url, 'mod@example.com', 'correct horse');
      const pending = await moderator.get('/api/config/comments?status=pending');
      expect(pending.status).toBe(200);
      const held = pending.body.comments.find((c: { body: string }) => c.body === 'Waiting for a moderator');
      expect(held).toBeTruthy();
      const approved = await moderator.put(`/api/config/comments/${held.id}`, { status: 'approved' });
      expect(approved.body).toEqual({ id: held.id, status: 'approved' });
      expect((await moderator.put(`/api/config/comments/${held.id}`, { status: 'deleted' })).status).toBe(400);
      expect((await moderator.put('/api/config/comments/nope', { status: 'spam' })).status).toBe(404);
      const listed = await visitor.get(`/api/comments?itemId=${ids['wool-season']}`);
      expect(listed.body.comments.map((c: { authorName: string }) => c.authorName)).toEqual(['Held']);
      const page = await visitor.get('/blog/wool-season');
      expect(textOf(page.body)).toContain('Waiting for a moderator');
    });

    it('hides comment links and threads and refuses comments when the site switches comments off', async () => {
      await patchSiteSettings(server.db, 'website', { commentsEnabled: false });
      server.app.services.content.invalidate();
      const visitor = Visitor.of(server);
      const list = await visitor.get('/blog');
      expect(list.body).not.toContain('sqs-comment-link');
      const post = await visitor.get('/blog/caring-for-linen');
      expect(post.body).not.toContain('id="comments"');
      expect(post.body).not.toContain('id="comment-form"');
      const refused = await visitor.post('/api/comments', {
        itemId: ids['caring-for-linen'],
        authorName: 'A',
        body: 'B',
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('comments-closed');
    });
  });

  describe(`search (${dialect})`, () => {
    let server: TestServer;
    let siteId: string;

    beforeAll(async () => {
      server = await startTestServer({ dialect });
      siteId = (await server.app.services.content.getSiteForHost('localhost')).id;
    });
    afterAll(async () => server?.close());

    it('finds public posts, events and products by title and body, case-insensitively', async () => {
      const linen = await searchSite(server.db, siteId, 'LINEN');
      const urls = linen.map((r) => r.url);
      expect(urls).toContain('/blog/caring-for-linen');
      expect(urls.some((url) => url.startsWith('/shop/p/'))).toBe(true);
      expect(linen[0].title.toLowerCase()).toContain('linen');
      const body = await searchSite(server.db, siteId, 'wood ash');
      expect(body.map((r) => r.url)).toEqual(['/blog/meet-the-maker-hudson-stoneware']);
      const event = await searchSite(server.db, siteId, 'indigo');
      expect(event.map((r) => r.kind)).toContain('event');
    });

    it('finds plain pages by title and description', async () => {
      const about = await searchSite(server.db, siteId, 'market stall');
      expect(about.map((r) => [r.url, r.kind])).toContainEqual(['/about', 'page']);
    });

    it('never finds drafts, private or scheduled posts', async () => {
      for (const word of ['gift guide', 'supplier', 'spring restock']) {
        expect(await searchSite(server.db, siteId, word), word).toEqual([]);
      }
    });

    it('treats % and _ as literal characters', async () => {
      expect(await searchSite(server.db, siteId, '%')).toEqual([]);
      expect(await searchSite(server.db, siteId, '_')).toEqual([]);
    });
  });
}

import { beforeAll, describe, expect, it } from 'vitest';
import { searchSite } from '../search/search-service.js';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { textOf } from './blog-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

for (const dialect of DIALECTS) {
  describe(`blog, events and search pages (${dialect})`, () => {
    const suite = suiteServer(dialect);

    const titlesOf = (html: string) =>
      [...html.matchAll(/<h2 class="post-card__title"><a href="([^"]+)">/g)].map((match) => match[1]);

    it('lists published posts newest first, five per page, with ?page=', async () => {
      const visitor = Visitor.of(suite.server);
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
      const visitor = Visitor.of(suite.server);
      const pages = [(await visitor.get('/blog')).body, (await visitor.get('/blog?page=2')).body].join('');
      for (const urlId of ['winter-gift-guide', 'spring-restock-notes', 'supplier-notes']) {
        expect(pages).not.toContain(`/blog/${urlId}`);
        expect((await visitor.get(`/blog/${urlId}`)).status, urlId).toBe(404);
      }
    });

    it('filters by tag and by category, and links the terms', async () => {
      const visitor = Visitor.of(suite.server);
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
      const body = textOf((await Visitor.of(suite.server).get('/blog')).body);
      expect(body).toContain('2 Comments');
      expect(body).toContain('1 Comment Read more');
      expect(body).toContain('No Comments');
      const list = (await Visitor.of(suite.server).get('/blog')).body;
      const packing = list.slice(list.indexOf('/blog/how-we-pack-orders'), list.indexOf('/blog/wool-season'));
      expect(packing).not.toContain('sqs-comment-link');
    });

    it('shows a post with author, tags, categories, likes, share links and the comment form', async () => {
      const page = await Visitor.of(suite.server).get('/blog/caring-for-linen');
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
      const page = await Visitor.of(suite.server).get('/events');
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
      const visitor = Visitor.of(suite.server);
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
      const visitor = Visitor.of(suite.server);
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

  describe(`search (${dialect})`, () => {
    let siteId: string;

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      siteId = (await suite.server.app.services.content.getSiteForHost('localhost')).id;
    });

    it('finds public posts, events and products by title and body, case-insensitively', async () => {
      const linen = await searchSite(suite.server.db, siteId, 'LINEN');
      const urls = linen.map((r) => r.url);
      expect(urls).toContain('/blog/caring-for-linen');
      expect(urls.some((url) => url.startsWith('/shop/p/'))).toBe(true);
      expect(linen[0].title.toLowerCase()).toContain('linen');
      const body = await searchSite(suite.server.db, siteId, 'wood ash');
      expect(body.map((r) => r.url)).toEqual(['/blog/meet-the-maker-hudson-stoneware']);
      const event = await searchSite(suite.server.db, siteId, 'indigo');
      expect(event.map((r) => r.kind)).toContain('event');
    });

    it('finds plain pages by title and description', async () => {
      const about = await searchSite(suite.server.db, siteId, 'market stall');
      expect(about.map((r) => [r.url, r.kind])).toContainEqual(['/about', 'page']);
    });

    it('never finds drafts, private or scheduled posts', async () => {
      for (const word of ['gift guide', 'supplier', 'spring restock']) {
        expect(await searchSite(suite.server.db, siteId, word), word).toEqual([]);
      }
    });

    it('treats % and _ as literal characters', async () => {
      expect(await searchSite(suite.server.db, siteId, '%')).toEqual([]);
      expect(await searchSite(suite.server.db, siteId, '_')).toEqual([]);
    });
  });
}

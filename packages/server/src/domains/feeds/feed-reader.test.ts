import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from './feed-parse.js';
import { createFeedReader, FEED_ALLOW_HOSTS, FEED_MESSAGES } from './feed-reader.js';

const RSS = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Local news</title>
<item><title>First &amp; best</title><link>https://example.com/one</link><pubDate>Tue, 03 Mar 2026 10:00:00 GMT</pubDate></item>
<item><title><![CDATA[<b>Bold</b> move]]></title><link>javascript:alert(1)</link></item>
<item><title>Relative</title><link>/two</link></item>
</channel></rss>`;
const ATOM = `<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom news</title>
<entry><title type="html">&lt;i&gt;Hi&lt;/i&gt; there</title><link rel="self" href="https://example.com/self"/><link href="https://example.com/a"/><updated>2026-03-04T00:00:00Z</updated></entry>
</feed>`;

describe('feed parsing', () => {
  it('reads RSS 2.0: titles as text, http(s) links resolved against the feed, dates', () => {
    const feed = parseFeed(RSS, 'https://news.example/feed.xml');
    expect(feed.title).toBe('Local news');
    expect(feed.entries).toEqual([
      { title: 'First & best', link: 'https://example.com/one', date: Date.UTC(2026, 2, 3, 10) },
      { title: '<b>Bold</b> move', link: '', date: 0 },
      { title: 'Relative', link: 'https://news.example/two', date: 0 },
    ]);
  });

  it('reads Atom, picking the alternate link and dropping markup from html titles', () => {
    expect(parseFeed(ATOM, 'https://example.com/atom').entries).toEqual([
      { title: 'Hi there', link: 'https://example.com/a', date: Date.UTC(2026, 2, 4) },
    ]);
  });

  it('refuses documents that are not feeds, and entity declarations', () => {
    expect(() => parseFeed('<html><body>hi</body></html>', 'https://x.io/')).toThrow(/Not an RSS or Atom feed/);
    expect(() => parseFeed('<!DOCTYPE rss [<!ENTITY a "b">]><rss/>', 'https://x.io/')).toThrow();
    expect(() => parseFeed('<rss><channel><item>', 'https://x.io/')).toThrow();
  });
});

describe('feed reader', () => {
  let server: Server;
  let base: string;
  const hits = new Map<string, number>();
  let release: (() => void) | undefined;
  const env = { [FEED_ALLOW_HOSTS]: '127.0.0.1' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
      if (req.url === '/slow.xml') {
        release = () => res.end(RSS);
        return;
      }
      if (req.url === '/big.xml') return void res.end(`<rss>${'x'.repeat(5000)}</rss>`);
      if (req.url === '/broken.xml') return void res.end('<rss><channel><item></rss>');
      res.end(RSS);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    release?.();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fetches once and serves the cached feed until it is stale', async () => {
    const reader = createFeedReader({ env });
    const first = await reader.read(`${base}/feed.xml`);
    const second = await reader.read(`${base}/feed.xml`);
    expect(first.ok && first.feed.entries.length).toBe(3);
    expect(second).toBe(first);
    expect(hits.get('/feed.xml')).toBe(1);
  });

  it('serves a stale feed at once and refreshes it in the background', async () => {
    const reader = createFeedReader({ env, ttlMs: 0 });
    const first = await reader.read(`${base}/stale.xml`);
    expect(await reader.read(`${base}/stale.xml`)).toBe(first);
    await expect.poll(() => hits.get('/stale.xml')).toBe(2);
  });

  it('refuses a private address without the allowance, without connecting', async () => {
    const reader = createFeedReader({ env: {} });
    const read = await reader.read(`${base.replace('127.0.0.1', 'localhost')}/private.xml`);
    expect(read).toEqual({ ok: false, message: FEED_MESSAGES.failed });
    expect(hits.get('/private.xml')).toBeUndefined();
  });

  it('answers a failure for broken and oversized feeds', async () => {
    const reader = createFeedReader({ env, maxBytes: 1000 });
    expect(await reader.read(`${base}/broken.xml`)).toEqual({ ok: false, message: FEED_MESSAGES.failed });
    expect(await reader.read(`${base}/big.xml`)).toEqual({ ok: false, message: FEED_MESSAGES.failed });
  });

  it('never holds a page up: a slow first read answers "loading", the next read gets the feed', async () => {
    const reader = createFeedReader({ env, waitMs: 50 });
    expect(await reader.read(`${base}/slow.xml`)).toEqual({ ok: false, message: FEED_MESSAGES.loading });
    release?.();
    await expect.poll(async () => (await reader.read(`${base}/slow.xml`)).ok).toBe(true);
    expect(hits.get('/slow.xml')).toBe(1);
  });
});

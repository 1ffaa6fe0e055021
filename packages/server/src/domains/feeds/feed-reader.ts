import { guardedGet } from '../../platform/net/guarded-get.js';
import { type ParsedFeed, parseFeed } from './feed-parse.js';

// The RSS block's outside feeds: fetched by the server through the SSRF guard (`platform/net/`),
// bounded in time and size, cached per address, and never holding a page up for long: a page gets
// what is cached (refreshed in the background once stale) or, on a first read slower than
// `waitMs`, an empty block with a message while the fetch finishes for the next visitor.

/** Hosts a feed may be read from although they are on a private address (for tests only). */
export const FEED_ALLOW_HOSTS = 'TESSERA_FEED_ALLOW_HOSTS';

export const FEED_MESSAGES = Object.freeze({
  loading: 'This feed is loading. Refresh the page in a moment to see it.',
  failed: 'This feed could not be read right now.',
  empty: 'This feed has no entries yet.',
});

export interface FeedReaderOptions {
  /** How long a read feed is served before it is fetched again. */
  ttlMs: number;
  /** How long a failure is remembered (so a broken feed is not fetched on every page view). */
  failureTtlMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** How long a page waits for a feed it has never read. */
  waitMs: number;
  /** Addresses remembered at most (the oldest read is forgotten first). */
  maxFeeds: number;
  env?: NodeJS.ProcessEnv;
  log?: (message: string, url: string) => void;
}

export const FEED_READER_DEFAULTS: FeedReaderOptions = Object.freeze({
  ttlMs: 15 * 60_000,
  failureTtlMs: 60_000,
  timeoutMs: 5_000,
  maxBytes: 1_000_000,
  waitMs: 1_500,
  maxFeeds: 200,
});

export type FeedRead = { ok: true; feed: ParsedFeed } | { ok: false; message: string };

interface CacheEntry {
  at: number;
  read: FeedRead;
  pending?: Promise<FeedRead>;
}

export interface FeedReader {
  read(url: string): Promise<FeedRead>;
}

export function createFeedReader(overrides: Partial<FeedReaderOptions> = {}): FeedReader {
  const options = { ...FEED_READER_DEFAULTS, ...overrides };
  const cache = new Map<string, CacheEntry>();

  async function fetchFeed(url: string): Promise<FeedRead> {
    const answer = await guardedGet(url, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.1',
      allowVariable: FEED_ALLOW_HOSTS,
      env: options.env,
    });
    if (!answer.ok) {
      options.log?.(`feed not read: ${answer.error}`, url);
      return { ok: false, message: FEED_MESSAGES.failed };
    }
    try {
      return { ok: true, feed: parseFeed(answer.body, url) };
    } catch (error) {
      options.log?.(`feed not readable: ${(error as Error).message}`, url);
      return { ok: false, message: FEED_MESSAGES.failed };
    }
  }

  function refresh(url: string, entry: CacheEntry | undefined): Promise<FeedRead> {
    if (entry?.pending) return entry.pending;
    const pending = fetchFeed(url).then((read) => {
      cache.delete(url);
      cache.set(url, { at: Date.now(), read });
      while (cache.size > options.maxFeeds) cache.delete(cache.keys().next().value as string);
      return read;
    });
    if (entry) entry.pending = pending;
    else cache.set(url, { at: 0, read: { ok: false, message: FEED_MESSAGES.loading }, pending });
    return pending;
  }

  return {
    async read(url) {
      const entry = cache.get(url);
      if (entry && entry.at > 0) {
        const ttl = entry.read.ok ? options.ttlMs : options.failureTtlMs;
        if (Date.now() - entry.at >= ttl) void refresh(url, entry);
        return entry.read;
      }
      const pending = refresh(url, entry);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<FeedRead>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, message: FEED_MESSAGES.loading }), options.waitMs);
      });
      try {
        return await Promise.race([pending, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The RSS block's feed reader (`domains/feeds/`). */
    feedReader: FeedReader;
  }
}

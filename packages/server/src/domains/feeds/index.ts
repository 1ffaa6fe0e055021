import type { FeedReader } from './feed-reader.js';

// Outside RSS and Atom feeds read by the server for the RSS block (issue 23): fetched through the
// SSRF guard (`platform/net/`), parsed with the strict XML reader (`platform/xml/`), cached.
// app.ts creates one reader and decorates the app with it; page rendering calls `app.feedReader`.

export {
  createFeedReader,
  FEED_ALLOW_HOSTS,
  FEED_MESSAGES,
  FEED_READER_DEFAULTS,
  type FeedRead,
  type FeedReader,
  type FeedReaderOptions,
} from './feed-reader.js';
export type { FeedEntry, ParsedFeed } from './feed-parse.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The RSS block's feed reader (`domains/feeds/`). */
    feedReader: FeedReader;
  }
}

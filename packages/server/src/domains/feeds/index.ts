// Outside RSS and Atom feeds read by the server for the RSS block (issue 23): fetched through the
// SSRF guard (`platform/net/`), parsed with the strict XML reader (`platform/xml/`), cached.
// app.ts creates one reader and decorates the app with it; page rendering calls `app.feedReader`.

export { createFeedReader } from './feed-reader.js';

// The web domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { markCacheablePage } from './etag.js';
export { feedLink, sendCollectionFeed } from './feed-route.js';
export { recordMovedAddress } from './moved-address.js';
export { createPageAnswers, installPageAnswers } from './page-answers.js';
export { pageHead } from './page-head.js';
export { REDIRECTS_MAX_CHARS, parseRedirects, SERVER_PAGES, withMovedAddress } from './redirects.js';
export { ROBOTS_EXTRA_MAX, cleanRobotsExtra } from './robots.js';
export { siteIconUrl } from './site-icon.js';
export { escapeXml } from './xml.js';

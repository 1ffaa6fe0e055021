// The sites domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.

export { SETUP_PATH, installSetupRoutes } from './setup-routes.js';
export { siteHasOwner } from './setup-token.js';
export { SITE_USAGE, SiteUsageError, hostName } from './site-commands.js';

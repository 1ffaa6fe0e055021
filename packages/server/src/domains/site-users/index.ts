// The site-users domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { MEMBERS_ONLY_DENIED, canViewMembersPage, hasXsrfToken, requireSiteUser } from './access.js';
export { UNVERIFIED_MESSAGE, isEmailVerified } from './email-verification.js';
export type { SignedInSiteUser, SiteUserPort } from './site-user-port.js';
export { SITE_USER_COOKIE, loadSiteUser } from './site-user-service.js';

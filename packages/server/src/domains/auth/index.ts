// The auth domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { requireOwner } from './owner-guard.js';
export { OWNER_COOKIE, loadOwner, normalizeEmail, startOwnerSession, type OwnerIdentity } from './owner-session.js';
export { PASSWORD_MAX_LENGTH, hashPassword, verifyAgainstNothing, verifyPassword } from './password.js';
export { rolesAllow, type RoleGroup } from './roles.js';
export { isSecure, newSessionToken, sessionIdOf, tokenCookie } from './session-token.js';

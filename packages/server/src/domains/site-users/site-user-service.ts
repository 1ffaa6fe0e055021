import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  hashPassword,
  verifyAgainstNothing,
  verifyPassword,
  isSecure,
  newSessionToken,
  sessionIdOf,
  tokenCookie,
} from '../auth/index.js';
import { voidLinks } from '../../platform/db/mailed-links.js';
import { rowWhere } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';

export const SITE_USER_COOKIE = 'tessera-site-user';
/** Readable by scripts: `{"authenticated":true,"siteUserId":"…"}` (SPEC §3 "Site user"). */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
export const XSRF_HEADER = 'x-xsrf-token';

const SESSION_MS = 24 * 60 * 60 * 1000;
const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

export interface SiteUserIdentity {
  id: string;
  email: string;
  websiteId: string;
  firstName: string;
  lastName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in site user, once `loadSiteUser` has looked at the session cookie. */
    siteUser?: SiteUserIdentity;
    /** The XSRF token of that session: site-user calls echo it in `X-XSRF-Token`. */
    siteUserXsrf?: string;
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

type UserRow = { id: string; email: string; site_id: string; first_name: string; last_name: string };

function identityOf(row: UserRow): SiteUserIdentity {
  return { id: row.id, email: row.email, websiteId: row.site_id, firstName: row.first_name, lastName: row.last_name };
}

/** Creates a site user; undefined when the site has an account with this email already. */
export async function insertSiteUser(
  db: Kysely<Database>,
  input: { siteId: string; email: string; password: string; firstName?: string; lastName?: string },
): Promise<SiteUserIdentity> {
  const now = nowIso();
  const row = {
    id: newId(),
    site_id: input.siteId,
    email: normalizeEmail(input.email),
    password_hash: await hashPassword(input.password),
    first_name: input.firstName?.trim() ?? '',
    last_name: input.lastName?.trim() ?? '',
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('site_users').values(row).execute();
  return identityOf(row);
}

export async function findSiteUserByEmail(db: Kysely<Database>, siteId: string, email: string) {
  return rowWhere(db, 'site_users', { site_id: siteId, email: normalizeEmail(email) });
}

/** Checks a site user's email and password; undefined when either is wrong (same time either way). */
export async function authenticateSiteUser(
  db: Kysely<Database>,
  siteId: string,
  email: string,
  password: string,
): Promise<SiteUserIdentity | undefined> {
  const row = await findSiteUserByEmail(db, siteId, email);
  if (!row) return verifyAgainstNothing(password).then(() => undefined);
  return (await verifyPassword(row.password_hash, password)) ? identityOf(row) : undefined;
}

function cookieBase(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: isSecure(request) };
}

/**
 * Starts a new session for `user` (a fresh id every sign-in; the previous session of this browser
 * is ended) and answers its XSRF token. `rememberMe` keeps the cookies for 30 days instead of
 * until the browser closes.
 */
export async function startSiteUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: SiteUserIdentity,
  rememberMe: boolean,
): Promise<string> {
  const db = request.server.db;
  const previous = tokenCookie(request, SITE_USER_COOKIE);
  if (previous) await db.deleteFrom('site_user_sessions').where('id', '=', sessionIdOf(previous)).execute();
  // Expired sessions of this user go at each sign-in, so the table does not grow without end.
  await db
    .deleteFrom('site_user_sessions')
    .where('site_user_id', '=', user.id)
    .where('expires_at', '<=', nowIso())
    .execute();
  const { token, id } = newSessionToken();
  const xsrf = newToken();
  const now = Date.now();
  const lifetime = rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS;
  await db
    .insertInto('site_user_sessions')
    .values({
      id,
      site_user_id: user.id,
      xsrf_token: xsrf,
      remember: rememberMe ? 1 : 0,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + lifetime).toISOString(),
    })
    .execute();
  const maxAge = rememberMe ? lifetime / 1000 : undefined;
  reply.setCookie(SITE_USER_COOKIE, token, { ...cookieBase(request), httpOnly: true, maxAge });
  reply.setCookie(SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: true, siteUserId: user.id }), {
    ...cookieBase(request),
    httpOnly: false,
    maxAge,
  });
  request.siteUser = user;
  request.siteUserXsrf = xsrf;
  return xsrf;
}

export async function endSiteUserSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = tokenCookie(request, SITE_USER_COOKIE);
  if (token) await request.server.db.deleteFrom('site_user_sessions').where('id', '=', sessionIdOf(token)).execute();
  reply.clearCookie(SITE_USER_COOKIE, { ...cookieBase(request), httpOnly: true });
  reply.setCookie(SITE_USER_INFO_COOKIE, JSON.stringify({ authenticated: false, siteUserId: null }), {
    ...cookieBase(request),
    httpOnly: false,
  });
  request.siteUser = undefined;
  request.siteUserXsrf = undefined;
}

const LOADED = Symbol('site-user-loaded');

/** Looks up the site-user session of the request's cookie (once per request); sets `request.siteUser`. */
export async function loadSiteUser(request: FastifyRequest): Promise<SiteUserIdentity | undefined> {
  const marked = request as FastifyRequest & { [LOADED]?: boolean };
  if (marked[LOADED]) return request.siteUser;
  marked[LOADED] = true;
  const token = tokenCookie(request, SITE_USER_COOKIE);
  if (!token) return undefined;
  const row = await request.server.db
    .selectFrom('site_user_sessions')
    .innerJoin('site_users', 'site_users.id', 'site_user_sessions.site_user_id')
    .select([
      'site_users.id',
      'site_users.email',
      'site_users.site_id',
      'site_users.first_name',
      'site_users.last_name',
      'site_user_sessions.xsrf_token',
      'site_user_sessions.expires_at',
    ])
    .where('site_user_sessions.id', '=', sessionIdOf(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return undefined;
  // A session belongs to one website: another host's site never honours it.
  const site = await request.server.services.content.getSiteForHost(request.hostname);
  if (site.id !== row.site_id) return undefined;
  request.siteUser = identityOf(row);
  request.siteUserXsrf = row.xsrf_token;
  return request.siteUser;
}

export async function updateSiteUserProfile(
  db: Kysely<Database>,
  userId: string,
  profile: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .updateTable('site_users')
    .set({ first_name: profile.firstName.trim(), last_name: profile.lastName.trim(), updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** Sets a new password; every session ends except `keepSessionId` (the browser that changed it). */
export async function setSiteUserPassword(
  db: Kysely<Database>,
  userId: string,
  password: string,
  options: { keepSessionId?: string } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('site_users')
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where('id', '=', userId)
      .execute();
    // A new password signs every other browser out, and voids every reset link still out (finding 3).
    let sessions = trx.deleteFrom('site_user_sessions').where('site_user_id', '=', userId);
    if (options.keepSessionId) sessions = sessions.where('id', '!=', options.keepSessionId);
    await sessions.execute();
    await voidLinks(trx, 'password_resets', userId, nowIso());
  });
}

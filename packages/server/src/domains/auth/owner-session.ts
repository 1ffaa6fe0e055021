import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password.js';
import { isSecure, newSessionToken, sessionIdOf, tokenCookie } from './session-token.js';

export const OWNER_COOKIE = 'tessera-owner';
const OWNER_SESSION_MS = 12 * 60 * 60 * 1000;

/** The owner behind a request, as `requireOwner` sets it on `request.owner`. */
export interface OwnerIdentity {
  id: string;
  email: string;
  websiteId: string;
  roles: number[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in owner, once `requireOwner` or `loadOwner` has looked at the session cookie. */
    owner?: OwnerIdentity;
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function rolesOf(db: Kysely<Database>, ownerId: string): Promise<number[]> {
  const rows = await db.selectFrom('owner_roles').select('role').where('owner_id', '=', ownerId).execute();
  return rows.map((r) => r.role).sort((a, b) => a - b);
}

/** Creates an owner of `siteId` with the given roles (SPEC §6 codes). */
export async function insertOwner(
  db: Kysely<Database>,
  input: { siteId: string; email: string; password: string; roles: readonly number[] },
): Promise<OwnerIdentity> {
  const id = newId();
  const now = nowIso();
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const roles = [...new Set(input.roles)].sort((a, b) => a - b);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('owners')
      .values({ id, site_id: input.siteId, email, password_hash: passwordHash, created_at: now, updated_at: now })
      .execute();
    if (roles.length > 0) {
      await trx
        .insertInto('owner_roles')
        .values(roles.map((role) => ({ owner_id: id, role })))
        .execute();
    }
  });
  return { id, email, websiteId: input.siteId, roles };
}

/** The site's owner with this email (compared as normalizeEmail stores it), if any. */
export function ownerByEmail(db: Kysely<Database>, siteId: string, email: string) {
  return db
    .selectFrom('owners')
    .select(['id', 'email', 'site_id', 'password_hash'])
    .where('site_id', '=', siteId)
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** Checks an owner's email and password; undefined when either is wrong (same time either way). */
export async function authenticateOwner(
  db: Kysely<Database>,
  siteId: string,
  email: string,
  password: string,
): Promise<OwnerIdentity | undefined> {
  const row = await ownerByEmail(db, siteId, email);
  if (!row) return verifyAgainstNothing(password).then(() => undefined);
  if (!(await verifyPassword(row.password_hash, password))) return undefined;
  return { id: row.id, email: row.email, websiteId: row.site_id, roles: await rolesOf(db, row.id) };
}

/** Starts a new owner session (a new id every sign-in; the previous one, if any, is ended). */
export async function startOwnerSession(
  request: FastifyRequest,
  reply: FastifyReply,
  owner: OwnerIdentity,
): Promise<void> {
  const db = request.server.db;
  const previous = tokenCookie(request, OWNER_COOKIE);
  if (previous) await db.deleteFrom('owner_sessions').where('id', '=', sessionIdOf(previous)).execute();
  // Expired sessions of this owner go at each sign-in, so the table does not grow without end.
  await db.deleteFrom('owner_sessions').where('owner_id', '=', owner.id).where('expires_at', '<=', nowIso()).execute();
  const { token, id } = newSessionToken();
  const now = Date.now();
  await db
    .insertInto('owner_sessions')
    .values({
      id,
      owner_id: owner.id,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + OWNER_SESSION_MS).toISOString(),
    })
    .execute();
  // Strict: the owner area is never entered from a link on another site with a live session.
  reply.setCookie(OWNER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(request),
    maxAge: OWNER_SESSION_MS / 1000,
  });
  request.owner = owner;
}

export async function endOwnerSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = tokenCookie(request, OWNER_COOKIE);
  if (token) await request.server.db.deleteFrom('owner_sessions').where('id', '=', sessionIdOf(token)).execute();
  reply.clearCookie(OWNER_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: isSecure(request) });
  request.owner = undefined;
}

const LOADED = Symbol('owner-loaded');

/**
 * Looks up the owner session named by the request's cookie (once per request) and sets
 * `request.owner`; undefined without a live session.
 */
export async function loadOwner(request: FastifyRequest): Promise<OwnerIdentity | undefined> {
  const marked = request as FastifyRequest & { [LOADED]?: boolean };
  if (marked[LOADED]) return request.owner;
  marked[LOADED] = true;
  const token = tokenCookie(request, OWNER_COOKIE);
  if (!token) return undefined;
  const db = request.server.db;
  const row = await db
    .selectFrom('owner_sessions')
    .innerJoin('owners', 'owners.id', 'owner_sessions.owner_id')
    .select(['owners.id', 'owners.email', 'owners.site_id', 'owner_sessions.expires_at'])
    .where('owner_sessions.id', '=', sessionIdOf(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return undefined;
  // An owner runs one website: the session means nothing on another site's host.
  const site = await request.server.services.content.getSiteForHost(request.hostname);
  if (site.id !== row.site_id) return undefined;
  request.owner = { id: row.id, email: row.email, websiteId: row.site_id, roles: await rolesOf(db, row.id) };
  return request.owner;
}

import { WebsiteRole } from '@tessera/core';
import type { Kysely } from 'kysely';
import { insertOwner, type OwnerIdentity } from '../src/domains/auth/owner-session.js';
import type { Database } from '../src/platform/db/schema.js';
import { markEmailVerified } from '../src/domains/site-users/email-verification.js';
import { insertSiteUser, type SiteUserIdentity } from '../src/domains/site-users/site-user-service.js';
import type { TestServer } from '../src/testing.js';
import { type Answer, type RequestOptions, Visitor } from './visitor.js';

export type { OwnerIdentity } from '../src/domains/auth/owner-session.js';

async function defaultSiteId(db: Kysely<Database>): Promise<string> {
  const site = await db.selectFrom('sites').select('id').orderBy('created_at').orderBy('id').executeTakeFirstOrThrow();
  return site.id;
}

/** Creates an owner of the demo site (or `siteId`) with the given SPEC §6 role codes. */
export async function createOwner(
  db: Kysely<Database>,
  input: { email: string; password: string; roles: readonly number[]; siteId?: string },
): Promise<OwnerIdentity> {
  return insertOwner(db, { ...input, siteId: input.siteId ?? (await defaultSiteId(db)) });
}

/** Signs an owner in through `POST /api/config/session`; the visitor then carries the session cookie. */
export async function signInOwner(url: string, email: string, password: string): Promise<Visitor> {
  const visitor = new Visitor(url);
  const answer = await visitor.post('/api/config/session', { email, password });
  if (answer.status !== 200) throw new Error(`owner sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return visitor;
}

/** An owner account a test creates and signs in as. */
export interface OwnerAccount {
  email: string;
  password: string;
  roles: readonly number[];
}

/** The owner accounts most integration tests sign in as, one per role they need. */
export const OWNERS = {
  admin: { email: 'admin@owners.test', password: 'admin-password', roles: [WebsiteRole.ADMIN] },
  editor: { email: 'ed@owners.test', password: 'editor-password', roles: [WebsiteRole.EDITOR] },
  storeManager: { email: 'sm@owners.test', password: 'store-password', roles: [WebsiteRole.STORE_MANAGER] },
  reporting: { email: 'rep@owners.test', password: 'report-password', roles: [WebsiteRole.REPORTING] },
} satisfies Record<string, OwnerAccount>;

/**
 * Creates every account on the test server's demo site, then signs each in (in the order given).
 * Each visitor carries its session cookie and sends the crumb header on writes.
 */
export async function ownerSessions<const A extends readonly OwnerAccount[]>(
  server: TestServer,
  accounts: A,
): Promise<{ [K in keyof A]: Visitor }> {
  for (const account of accounts) await createOwner(server.db, account);
  const visitors: Visitor[] = [];
  for (const { email, password } of accounts) visitors.push(await signInOwner(server.url, email, password));
  return visitors as { [K in keyof A]: Visitor };
}

/** Creates one owner account and answers a visitor signed in as it. */
export async function ownerSession(server: TestServer, account: OwnerAccount): Promise<Visitor> {
  const [visitor] = await ownerSessions(server, [account]);
  return visitor;
}

export interface SiteUserInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  siteId?: string;
  verified?: boolean;
}

/**
 * Creates a site user of the demo site (or `siteId`), with the email verified as if the mailed
 * link had been opened, unless `verified: false` (finding 15 tests).
 */
export async function createSiteUser(db: Kysely<Database>, input: SiteUserInput): Promise<SiteUserIdentity> {
  const { verified = true, ...fields } = input;
  const user = await insertSiteUser(db, { ...fields, siteId: fields.siteId ?? (await defaultSiteId(db)) });
  if (verified) await markEmailVerified(db, user.id);
  return user;
}

/** A browser stand-in signed in as a site user: also sends `X-XSRF-Token` from the login answer. */
export class SiteUserVisitor extends Visitor {
  xsrfToken: string | undefined;
  /** The signed-in site user's id, where the visitor was made by `siteUserSession`. */
  siteUserId: string | undefined;

  override request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers = { ...options.headers };
    if (this.xsrfToken && headers['x-xsrf-token'] === undefined) headers['x-xsrf-token'] = this.xsrfToken;
    return super.request<T>(method, path, { ...options, headers });
  }
}

/** Signs a site user in through `POST /api/site-users/account/session` (optionally reusing a visitor's cookies). */
export async function signInSiteUser(
  url: string,
  email: string,
  password: string,
  options: { rememberMe?: boolean; from?: Visitor } = {},
): Promise<SiteUserVisitor> {
  const visitor = new SiteUserVisitor(url);
  if (options.from) for (const [k, v] of options.from.cookies) visitor.cookies.set(k, v);
  const answer = await visitor.post('/api/site-users/account/session', {
    email,
    password,
    rememberMe: options.rememberMe ?? false,
  });
  if (answer.status !== 200)
    throw new Error(`site-user sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  visitor.xsrfToken = answer.body.xsrfToken;
  return visitor;
}

/** Creates a site user (as `createSiteUser`) and answers a visitor signed in as it, knowing the user's id. */
export async function siteUserSession(
  server: TestServer,
  input: SiteUserInput,
  options: { rememberMe?: boolean; from?: Visitor } = {},
): Promise<SiteUserVisitor> {
  const user = await createSiteUser(server.db, input);
  const visitor = await signInSiteUser(server.url, input.email, input.password, options);
  visitor.siteUserId = user.id;
  return visitor;
}

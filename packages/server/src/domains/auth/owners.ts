import { WebsiteRole } from '@tessera/core';
import {
  inviteAccepted,
  invitedOwner,
  type Owner,
  ownerAnswer,
  ownerDeleted,
  ownersListing,
} from '@tessera/core/contracts/owners';
import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, type Transaction } from 'kysely';
import { z } from 'zod';
import { requireOwner } from './owner-guard.js';
import { normalizeEmail, ownerByEmail } from './owner-session.js';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.js';
import { isWebsiteRole, ROLE_NAMES } from './roles.js';
import { newSessionToken, sessionIdOf } from './session-token.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId, newToken, nowIso } from '../../platform/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { escapeHtml } from '../restock/index.js';
import { siteBaseUrl } from '../../platform/http/public-url.js';
import { ownerOf, withStatus } from '../settings/index.js';

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const LAST_ADMIN_MESSAGE = 'A site needs at least one administrator. Make another owner an administrator first.';

const roles = z
  .array(z.number().int().refine(isWebsiteRole, 'Use a website role code (SPEC §6).'))
  .min(1, 'Give the owner at least one role.')
  .max(13);
const inviteBody = z
  .object({ email: z.string().trim().max(254).email('Enter a valid email address.'), roles })
  .strict();
const rolesBody = z.object({ roles }).strict();
const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^\u0000]*$/),
});
const acceptBody = z
  .object({
    token: z.string().min(1).max(200),
    password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  })
  .strict();

/**
 * Owner accounts and roles (group `admin`): list, invite (a new owner with roles and a one-time
 * link to set a password, sent through the mail service), change roles, remove. The site always
 * keeps at least one ADMIN. The invited owner uses the link with `POST /api/owner-invites/accept`.
 */
export default async function ownersPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const mail = createMailService(db, app.config);
  const guard = { preHandler: requireOwner('admin') };

  async function list(siteId: string): Promise<Owner[]> {
    const owners = await db
      .selectFrom('owners')
      .select(['id', 'email', 'created_at'])
      .where('site_id', '=', siteId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const ids = owners.map((o) => o.id);
    const roleRows = ids.length
      ? await db.selectFrom('owner_roles').selectAll().where('owner_id', 'in', ids).execute()
      : [];
    const invites = ids.length
      ? await db
          .selectFrom('owner_invites')
          .select('owner_id')
          .where('owner_id', 'in', ids)
          .where('used_at', 'is', null)
          .execute()
      : [];
    const pending = new Set(invites.map((i) => i.owner_id));
    return owners.map((o) => {
      const codes = roleRows
        .filter((r) => r.owner_id === o.id)
        .map((r) => r.role)
        .sort((a, b) => a - b);
      return {
        id: o.id,
        email: o.email,
        roles: codes,
        roleNames: codes.map((c) => ROLE_NAMES[c]),
        invitePending: pending.has(o.id),
        createdAt: o.created_at,
      };
    });
  }

  /**
   * Counts the site's admins other than `ownerId`, inside the transaction that changes roles: on
   * PostgreSQL the site's row is locked first (FOR UPDATE), so two admins demoting or removing each
   * other at once run one after the other and the second sees the first's change; SQLite runs one
   * write transaction at a time anyway.
   */
  async function otherAdmins(trx: Transaction<Database>, siteId: string, ownerId: string): Promise<number> {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await trx.selectFrom('sites').select('id').where('id', '=', siteId).forUpdate().execute();
    }
    const row = await trx
      .selectFrom('owner_roles')
      .innerJoin('owners', 'owners.id', 'owner_roles.owner_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owners.site_id', '=', siteId)
      .where('owner_roles.role', '=', WebsiteRole.ADMIN)
      .where('owners.id', '!=', ownerId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function ownerRow(siteId: string, id: string) {
    const row = await db
      .selectFrom('owners')
      .select(['id', 'email'])
      .where('id', '=', id)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!row) throw withStatus(new AppError('owner-not-found', 'There is no owner with this id.'), 404);
    return row;
  }

  app.get(
    '/api/config/owners',
    { ...guard, config: { contract: { response: { 200: ownersListing } } } },
    async (request) => ({ owners: await list(ownerOf(request).websiteId) }),
  );

  app.post(
    '/api/config/owners/invite',
    { ...guard, config: { contract: { body: inviteBody, response: { 201: invitedOwner } } } },
    async (request, reply) => {
      const body = parseInput(inviteBody, request.body);
      const siteId = ownerOf(request).websiteId;
      const email = normalizeEmail(body.email);
      const taken = await ownerByEmail(db, siteId, email);
      if (taken) throw withStatus(new AppError('owner-exists', 'This person is already an owner of the site.'), 409);
      const site = await db
        .selectFrom('sites')
        .select(['title', 'host', 'public_url'])
        .where('id', '=', siteId)
        .executeTakeFirstOrThrow();
      const ownerId = newId();
      const { token, id: inviteId } = newSessionToken();
      const now = nowIso();
      // Nobody knows this password: the owner can sign in only after setting one through the link.
      const unusable = await hashPassword(newToken());
      const codes = [...new Set(body.roles)].sort((a, b) => a - b);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('owners')
          .values({ id: ownerId, site_id: siteId, email, password_hash: unusable, created_at: now, updated_at: now })
          .execute();
        await trx
          .insertInto('owner_roles')
          .values(codes.map((role) => ({ owner_id: ownerId, role })))
          .execute();
        await trx
          .insertInto('owner_invites')
          .values({
            id: inviteId,
            owner_id: ownerId,
            created_at: now,
            expires_at: new Date(Date.now() + INVITE_TTL_MS).toISOString(),
            used_at: null,
          })
          .execute();
      });
      const link = `${siteBaseUrl(app, { host: site.host, publicUrl: site.public_url })}/owner-invite?token=${encodeURIComponent(token)}`;
      await mail.send({
        siteId,
        to: email,
        subject: `You are invited to help run ${site.title}`,
        text: [
          `${ownerOf(request).email} invited you to ${site.title} as ${codes.map((c) => ROLE_NAMES[c]).join(', ')}.`,
          '',
          `Choose your password here (the link works once, for 7 days):`,
          link,
        ].join('\n'),
      });
      reply.code(201);
      // The link goes back to the inviting admin too, who can hand it over when mail does not arrive.
      return { owner: (await list(siteId)).find((o) => o.id === ownerId), inviteUrl: link };
    },
  );

  app.put(
    '/api/config/owners/:id/roles',
    { ...guard, config: { contract: { params: idParams, body: rolesBody, response: { 200: ownerAnswer } } } },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'address');
      const body = parseInput(rolesBody, request.body);
      const siteId = ownerOf(request).websiteId;
      await ownerRow(siteId, id);
      const codes = [...new Set(body.roles)].sort((a, b) => a - b);
      await db.transaction().execute(async (trx) => {
        if (!codes.includes(WebsiteRole.ADMIN) && (await otherAdmins(trx, siteId, id)) === 0) {
          throw withStatus(new AppError('last-admin', LAST_ADMIN_MESSAGE), 409);
        }
        await trx.deleteFrom('owner_roles').where('owner_id', '=', id).execute();
        await trx
          .insertInto('owner_roles')
          .values(codes.map((role) => ({ owner_id: id, role })))
          .execute();
      });
      return { owner: (await list(siteId)).find((o) => o.id === id) };
    },
  );

  app.delete(
    '/api/config/owners/:id',
    { ...guard, config: { contract: { params: idParams, response: { 200: ownerDeleted } } } },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'address');
      const siteId = ownerOf(request).websiteId;
      await ownerRow(siteId, id);
      await db.transaction().execute(async (trx) => {
        if ((await otherAdmins(trx, siteId, id)) === 0) {
          throw withStatus(new AppError('last-admin', LAST_ADMIN_MESSAGE), 409);
        }
        await trx.deleteFrom('owner_sessions').where('owner_id', '=', id).execute();
        await trx.deleteFrom('owner_invites').where('owner_id', '=', id).execute();
        await trx.deleteFrom('owner_roles').where('owner_id', '=', id).execute();
        await trx.deleteFrom('owners').where('id', '=', id).execute();
      });
      return { deleted: id };
    },
  );

  /** Sets the invited owner's password, once: the invitation row is claimed before anything else. */
  async function accept(token: string, password: string) {
    const now = nowIso();
    const claimed = await db
      .updateTable('owner_invites')
      .set({ used_at: now })
      .where('id', '=', sessionIdOf(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('owner_id')
      .executeTakeFirst();
    if (!claimed) throw new AppError('invite-invalid', INVITE_INVALID_MESSAGE);
    const passwordHash = await hashPassword(password);
    await db
      .updateTable('owners')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', claimed.owner_id)
      .execute();
    const owner = await db
      .selectFrom('owners')
      .select('email')
      .where('id', '=', claimed.owner_id)
      .executeTakeFirstOrThrow();
    return { ok: true, email: owner.email, signIn: '/config/login' };
  }

  // The invitation link: JSON for scripts, and a plain form page for the mailed link. Open routes:
  // the invited owner has no session yet; the token is the credential.
  app.post(
    '/api/owner-invites/accept',
    { config: { contract: { body: acceptBody, response: { 200: inviteAccepted } } } },
    async (request) => {
      const body = parseInput(acceptBody, request.body);
      return accept(body.token, body.password);
    },
  );

  app.get('/owner-invite', async (request, reply) => {
    const token = objectToken(request.query);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return invitePage({ token, crumb: request.crumb });
  });

  app.post('/owner-invite', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.token === 'string' ? form.token.slice(0, 200) : '';
    const password = typeof form.password === 'string' ? form.password : '';
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      reply.code(400);
      return invitePage({
        token,
        crumb: request.crumb,
        error: `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
      });
    }
    try {
      const done = await accept(token, password);
      return invitePage({ token: '', crumb: request.crumb, done: done.email });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply.code(400);
      return invitePage({ token: '', crumb: request.crumb, error: error.message });
    }
  });
}

const INVITE_INVALID_MESSAGE = 'This invitation link has expired or was already used. Ask for a new invitation.';

function objectToken(query: unknown): string {
  const token = (query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token.slice(0, 200) : '';
}

/** The set-password page of the invitation link: no script, no inline style, the theme's stylesheet. */
function invitePage(view: { token: string; crumb: string; error?: string; done?: string }): string {
  let main: string;
  if (view.done) {
    main = `<p>Your password is set for ${escapeHtml(view.done)}.</p>\n<p><a class="button button--primary" href="/config/login">Sign in</a></p>`;
  } else if (!view.token) {
    main = `<p role="alert">${escapeHtml(view.error ?? INVITE_INVALID_MESSAGE)}</p>`;
  } else {
    main = [
      view.error ? `<p role="alert">${escapeHtml(view.error)}</p>` : '',
      '<form method="post" action="/owner-invite">',
      `  <input type="hidden" name="crumb" value="${escapeHtml(view.crumb)}">`,
      `  <input type="hidden" name="token" value="${escapeHtml(view.token)}">`,
      '  <label for="owner-invite-password">Choose a password</label>',
      `  <input id="owner-invite-password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" required>`,
      '  <button class="button button--primary" type="submit">Set password</button>',
      '</form>',
    ].join('\n');
  }
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>Accept your invitation</title>
  <link rel="stylesheet" href="/theme/theme.css">
</head>
<body class="tessera">
  <main id="main" class="site-main">
    <h1>Accept your invitation</h1>
    ${main}
  </main>
</body>
</html>
`;
}

import { PageType } from '@tessera/core';
import { ownerDone, resetCompleted } from '@tessera/core/contracts/owner-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Site } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { siteBaseUrl } from '../../platform/http/public-url.js';
import { requireOwner } from './owner-guard.js';
import { completeOwnerPasswordReset, requestOwnerPasswordReset } from './owner-password-reset.js';
import { setOwnerPassword } from './owner-password.js';
import { authenticateOwner, OWNER_COOKIE, type OwnerIdentity } from './owner-session.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.js';
import { sessionIdOf, tokenCookie } from './session-token.js';

/** Owner routes open without a session: asking for a reset link and using it (the owner gate lets them through). */
export const OWNER_RESET_PATHS = [
  '/config/forgot-password',
  '/config/reset-password',
  '/api/config/password-reset',
  '/api/config/password-reset/complete',
] as const;

const PASSWORD_RULE = `Choose a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`;
const newPassword = z
  .string({ error: PASSWORD_RULE })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_RULE);
const resetRequestBody = z.object({ email: z.string({ error: 'Enter your email address.' }).max(256) });
const resetCompleteBody = z.object({
  token: z.string({ error: 'The reset link is incomplete.' }).min(1).max(128),
  password: newPassword,
});
const changeBody = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password.' })
      .min(1, 'Enter your current password.')
      .max(PASSWORD_MAX_LENGTH),
    newPassword,
  })
  .strict();

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right.';

/**
 * An owner's ways back in and own password (finding 13 of the 2026-11 review): a reset link by mail
 * (`/config/forgot-password` → `/config/reset-password`, JSON at `/api/config/password-reset…`),
 * and `PUT /api/config/account/password` for any signed-in owner, which needs the current password
 * and ends the owner's other sessions.
 */
export function installOwnerAccountRoutes(app: FastifyInstance, pages: FastifyInstance['services']['pages']): void {
  const db = app.db;
  const mail = createMailService(db, app.config);
  const siteOf = (request: FastifyRequest): Promise<Site> => app.services.content.getSiteForHost(request.hostname);
  const scope = (path: string, title: string) => ({ pageType: PageType.PAGE, path, title });
  const forgotScope = scope('/config/forgot-password', 'Reset your owner password');
  const resetScope = scope('/config/reset-password', 'Choose a new owner password');

  /**
   * Answers at once and looks the address up only behind the answer (`afterAnswer`): storing and
   * mailing a link for an owner's address takes longer than finding none, and an SMTP failure would
   * be an error for owners only, so doing it before the answer told which addresses are owners'.
   */
  async function sendReset(request: FastifyRequest, email: string): Promise<void> {
    const site = await siteOf(request);
    app.afterAnswer.start(
      'an owner password-reset request',
      () =>
        requestOwnerPasswordReset(db, mail, {
          siteId: site.id,
          siteTitle: site.title || 'this site',
          email,
          // Never the request's Host header (finding 2).
          baseUrl: siteBaseUrl(app, site),
        }),
      // One at a time per address, so its hourly cap holds for requests that come together.
      `owner-reset:${site.id}:${email.trim().toLowerCase()}`,
    );
  }

  async function complete(request: FastifyRequest, token: string, password: string): Promise<boolean> {
    const site = await siteOf(request);
    const email = await completeOwnerPasswordReset(db, site.id, token, password);
    if (email) await app.ownerSignInGuard.clear({ siteId: site.id, email, address: request.ip });
    return email !== undefined;
  }

  app.post(
    '/api/config/password-reset',
    { preHandler: app.signInRateLimit, config: { contract: { body: resetRequestBody, response: { 200: ownerDone } } } },
    async (request) => {
      const body = parseInput(resetRequestBody, request.body);
      if (body.email.trim()) await sendReset(request, body.email);
      return { ok: true };
    },
  );

  app.post(
    '/api/config/password-reset/complete',
    {
      preHandler: app.signInRateLimit,
      config: { contract: { body: resetCompleteBody, response: { 200: resetCompleted } } },
    },
    async (request) => {
      const body = parseInput(resetCompleteBody, request.body);
      if (!(await complete(request, body.token, body.password))) throw new AppError('reset-link-invalid');
      return { ok: true, signIn: '/config/login' };
    },
  );

  app.get('/config/forgot-password', async (request, reply) =>
    pages.send(request, reply, 'config-forgot', forgotScope, { form: { email: '' } }),
  );

  app.post('/config/forgot-password', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof form.email === 'string' ? form.email.slice(0, 256) : '';
    if (email.trim()) await sendReset(request, email);
    // The same page whether or not the address is an owner's.
    return pages.send(request, reply, 'config-forgot', forgotScope, { form: { email, sent: true } });
  });

  app.get<{ Querystring: { token?: unknown } }>('/config/reset-password', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 128) : '';
    return pages.send(request, reply, 'config-reset', resetScope, { form: { token } });
  });

  app.post('/config/reset-password', { preHandler: app.signInRateLimit }, async (request, reply: FastifyReply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.token === 'string' ? form.token.slice(0, 128) : '';
    const parsed = resetCompleteBody.safeParse({ token, password: form.password });
    let message: string | undefined;
    if (!parsed.success) message = token ? PASSWORD_RULE : new AppError('reset-link-invalid').message;
    else if (!(await complete(request, parsed.data.token, parsed.data.password))) {
      message = new AppError('reset-link-invalid').message;
    }
    if (message) return pages.send(request, reply, 'config-reset', resetScope, { form: { token, message } }, 400);
    return pages.send(request, reply, 'config-login', scope('/config/login', 'Owner sign in'), {
      login: { next: '', email: '', notice: 'Your password is changed. Sign in with the new one.' },
    });
  });

  app.put(
    '/api/config/account/password',
    {
      preHandler: [requireOwner('any'), app.signInRateLimit],
      config: { contract: { body: changeBody, response: { 200: ownerDone } } },
    },
    async (request) => {
      const body = parseInput(changeBody, request.body);
      const owner = request.owner as OwnerIdentity;
      // Checked like a sign-in (delays, captcha), so a borrowed session cannot guess the password.
      try {
        await app.ownerSignInGuard.attempt(
          { siteId: owner.websiteId, email: owner.email, address: request.ip },
          () => authenticateOwner(db, owner.websiteId, owner.email, body.currentPassword),
          request.log,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'sign-in-failed') {
          throw new AppError('current-password-wrong', CURRENT_PASSWORD_WRONG);
        }
        throw error;
      }
      const token = tokenCookie(request, OWNER_COOKIE);
      await setOwnerPassword(db, owner.id, body.newPassword, {
        keepSessionId: token ? sessionIdOf(token) : undefined,
      });
      return { ok: true };
    },
  );
}

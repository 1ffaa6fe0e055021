import { PageType } from '@tessera/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionIdOf, tokenCookie } from '../auth/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import { hasXsrfToken, requireSiteUser } from './access.js';
import {
  doneAnswer,
  type PasswordChangeBody,
  PASSWORD_RULE,
  passwordChangeBody,
} from '@tessera/core/contracts/site-users';
import {
  authenticateSiteUser,
  loadSiteUser,
  SITE_USER_COOKIE,
  type SiteUserIdentity,
  setSiteUserPassword,
} from './site-user-service.js';
import type { ThemePages } from '../../render/theme-pages.js';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right.';

/**
 * A site user changes their own password (`PUT /api/site-users/account/password`, and the account
 * page's form `POST /account/password`): the current password is checked like a sign-in (throttled
 * per account and address); the new one ends the user's other sessions and voids every reset link
 * still out (finding 3 of the 2026-11 review).
 */
export function installPasswordChange(app: FastifyInstance, pages: ThemePages): void {
  const db = app.db;

  async function change(request: FastifyRequest, user: SiteUserIdentity, input: PasswordChangeBody) {
    const checked = await app.signInThrottle.attempt(
      { kind: 'site-user', siteId: user.websiteId, email: user.email, address: request.ip },
      () => authenticateSiteUser(db, user.websiteId, user.email, input.currentPassword),
      request.log,
    );
    if (!checked) throw new AppError('current-password-wrong', CURRENT_PASSWORD_WRONG);
    const token = tokenCookie(request, SITE_USER_COOKIE);
    await setSiteUserPassword(db, user.id, input.newPassword, {
      keepSessionId: token ? sessionIdOf(token) : undefined,
    });
  }

  app.put(
    '/api/site-users/account/password',
    {
      preHandler: [app.signInRateLimit, requireSiteUser],
      config: { contract: { body: passwordChangeBody, response: { 200: doneAnswer } } },
    },
    async (request) => {
      await change(request, request.siteUser as SiteUserIdentity, parseInput(passwordChangeBody, request.body));
      return { ok: true };
    },
  );

  app.post('/account/password', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const user = await loadSiteUser(request);
    if (!user) return reply.redirect('/account/login?next=%2Faccount', 303);
    if (!hasXsrfToken(request)) throw new AppError('xsrf-fail');
    const parsed = passwordChangeBody.safeParse(request.body ?? {});
    let message: string | undefined;
    if (!parsed.success) message = parsed.error.issues[0]?.message ?? PASSWORD_RULE;
    else {
      try {
        await change(request, user, parsed.data);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        message = error.message;
      }
    }
    if (!message) return reply.redirect('/account?passwordChanged=1', 303);
    return pages.send(
      request,
      reply,
      'account-password',
      { pageType: PageType.PAGE, path: '/account/password', title: 'Change your password' },
      { form: { message, xsrfToken: request.siteUserXsrf } },
      400,
    );
  });
}

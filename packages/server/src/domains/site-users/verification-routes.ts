import { PageType } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Site } from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import type { MailService } from '../../platform/mail/mail-service.js';
import { siteBaseUrl } from '../../platform/http/public-url.js';
import { hasXsrfToken, requireSiteUser } from './access.js';
import { completeEmailVerification, sendEmailVerification } from './email-verification.js';
import { loadSiteUser, type SiteUserIdentity } from './site-user-service.js';
import type { ThemePages } from '../../render/theme-pages.js';
import { doneAnswer } from '@tessera/core/contracts/site-users';

const API = '/api/site-users/account/verify-email';
export const VERIFY_LINK_INVALID = 'This confirmation link has expired or was already used. Sign in to get a new one.';

/** Mails a verification link to a site user (a failed send is only logged: sign-up still succeeds). */
export async function mailVerification(
  app: FastifyInstance,
  mail: MailService,
  request: FastifyRequest,
  site: Site,
  user: SiteUserIdentity,
): Promise<void> {
  try {
    await sendEmailVerification(app.db, mail, {
      siteId: site.id,
      siteTitle: site.title || 'this site',
      userId: user.id,
      baseUrl: siteBaseUrl(app, site),
    });
  } catch (error) {
    request.log.warn({ err: error }, 'verification mail failed');
  }
}

/**
 * The mailed link `GET /account/verify-email?token=…`, and a resend form on the account page and
 * as a JSON call (`POST /api/site-users/account/verify-email`). Resending is limited per address (sign-in limiter) and per account.
 */
export function installEmailVerification(
  app: FastifyInstance,
  deps: { mail: MailService; pages: ThemePages; siteOf: (request: FastifyRequest) => Promise<Site> },
): void {
  const { mail, pages, siteOf } = deps;
  const loginScope = { pageType: PageType.PAGE, path: '/account/login', title: 'Sign in' };
  const login = (request: FastifyRequest, reply: FastifyReply, form: Record<string, unknown>, status = 200) =>
    pages.send(request, reply, 'account-login', loginScope, { form: { next: '', email: '', ...form } }, status);

  app.get<{ Querystring: { token?: unknown } }>('/account/verify-email', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 128) : '';
    const site = await siteOf(request);
    const ok = token !== '' && (await completeEmailVerification(app.db, site.id, token));
    if (!ok) return login(request, reply, { message: VERIFY_LINK_INVALID }, 400);
    if (await loadSiteUser(request)) return reply.redirect('/account?verified=1', 303);
    return login(request, reply, { notice: 'Your email address is confirmed. Sign in to continue.' });
  });

  app.post('/account/verify-email/resend', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const user = await loadSiteUser(request);
    if (!user) return reply.redirect('/account/login?next=%2Faccount', 303);
    if (!hasXsrfToken(request)) throw new AppError('xsrf-fail');
    await mailVerification(app, mail, request, await siteOf(request), user);
    return reply.redirect('/account?verifySent=1', 303);
  });

  const resend = {
    preHandler: [app.signInRateLimit, requireSiteUser],
    config: { contract: { response: { 200: doneAnswer } } },
  };
  app.post(API, resend, async (request) => {
    await mailVerification(app, mail, request, await siteOf(request), request.siteUser as SiteUserIdentity);
    return { ok: true as const };
  });
}

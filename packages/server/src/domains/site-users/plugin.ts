import { PageType } from '@tessera/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import { AppError } from '../../platform/errors/aliases.js';
import { CART_COOKIE, cartTokenOf, HAS_CART_COOKIE, setCartCookies } from '../../platform/http/cookies.js';
import { safeReturnPath } from '../../platform/http/return-path.js';
import { describeZodError, parseInput } from '../../platform/http/validate.js';
import { createMailService } from '../../platform/mail/mail-service.js';
import { hasXsrfToken, requireSiteUser } from './access.js';
import { createAccountHistory } from './account-history.js';
import { cloneCart, keepCartWithAccount, mergeCartOnSignIn } from './cart-link.js';
import { isEmailVerified, UNVERIFIED_MESSAGE } from './email-verification.js';
import { installMembersGate } from './members-gate.js';
import { completePasswordReset, requestPasswordReset } from './password-reset.js';
import {
  accountAnswer,
  accountOrdersAnswer,
  doneAnswer,
  profileAnswer,
  profileBody,
  resetCompleteBody,
  resetRequestBody,
  sessionAnswer,
  signInBody,
  signOutQuery,
  signUpBody,
} from '@tessera/core/contracts/site-users';
import {
  authenticateSiteUser,
  endSiteUserSession,
  findSiteUserByEmail,
  insertSiteUser,
  loadSiteUser,
  type SiteUserIdentity,
  startSiteUserSession,
  updateSiteUserProfile,
} from './site-user-service.js';
import { installPasswordChange } from './password-change-routes.js';
import { installEmailVerification, mailVerification } from './verification-routes.js';
import { siteBaseUrl } from '../../platform/http/public-url.js';

const API = '/api/site-users/account';

function userJson(user: SiteUserIdentity) {
  return {
    id: user.id,
    email: user.email,
    websiteId: user.websiteId,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

/** A form post's fields as strings (anything else is dropped). */
function formFields(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (!body || typeof body !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value.slice(0, 1024);
  return fields;
}

/** Parses form fields with a schema: the data, or the first readable problem. */
function parseForm<T>(schema: ZodType<T>, fields: unknown): { ok: true; data: T } | { ok: false; message: string } {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, message: describeZodError(result.error).replace(/^[A-Za-z]+: /, '') };
}

/**
 * Site users (SPEC §3 "Site user", §7): sign-up, sign-in returning the XSRF token, sign-out that can
 * keep a copy of the cart, password reset by mailed link, the account area (profile, orders,
 * restock sign-ups) and the gate of members-only collections (page type 106). Site-user API calls need the
 * session cookie and `X-XSRF-Token`; the HTML forms carry the token as an `xsrfToken` field.
 */
async function siteUsersPlugin(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const mail = createMailService(db, app.config);
  const history = createAccountHistory(db);
  const pages = app.services.pages;

  async function siteOf(request: FastifyRequest) {
    return app.services.content.getSiteForHost(request.hostname);
  }

  /** Signs in (throttled per account and address); undefined on a wrong email or password. */
  async function signIn(request: FastifyRequest, email: string, password: string) {
    const site = await siteOf(request);
    return app.signInThrottle.attempt(
      { kind: 'site-user', siteId: site.id, email: email.trim().toLowerCase(), address: request.ip },
      () => authenticateSiteUser(db, site.id, email, password),
      request.log,
    );
  }

  /** Opens the session and merges the visitor's cart into the account's. Answers the XSRF token. */
  async function openSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SiteUserIdentity,
    rememberMe: boolean,
  ): Promise<string> {
    const xsrf = await startSiteUserSession(request, reply, user, rememberMe);
    const token = await mergeCartOnSignIn(db, user.websiteId, user.id, cartTokenOf(request));
    if (token) setCartCookies(request, reply, token);
    return xsrf;
  }

  async function signUp(
    request: FastifyRequest,
    input: { email: string; password: string; firstName?: string; lastName?: string },
  ) {
    const site = await siteOf(request);
    if (await findSiteUserByEmail(db, site.id, input.email)) throw new AppError('email-taken');
    let user: SiteUserIdentity;
    try {
      user = await insertSiteUser(db, { ...input, siteId: site.id });
    } catch (error) {
      // Two racing sign-ups with one email: the unique constraint decides.
      if (await findSiteUserByEmail(db, site.id, input.email)) throw new AppError('email-taken');
      throw error;
    }
    // The address is proven by a mailed link before anything keyed by it shows (finding 15).
    await mailVerification(app, mail, request, site, user);
    return user;
  }

  async function closeSession(request: FastifyRequest, reply: FastifyReply, keepCopy: boolean): Promise<void> {
    const user = await loadSiteUser(request);
    if (user) {
      const cart = await keepCartWithAccount(db, user.websiteId, user.id, cartTokenOf(request));
      if (cart && keepCopy) {
        setCartCookies(request, reply, await cloneCart(db, user.websiteId, cart.id));
      } else {
        reply.clearCookie(CART_COOKIE, { path: '/' });
        reply.clearCookie(HAS_CART_COOKIE, { path: '/' });
      }
    }
    await endSiteUserSession(request, reply);
  }

  /**
   * Answers at once, the lookup and mail behind the answer, as for owners (`auth/owner-account-routes.ts`);
   * the link is built from the site's configured address, never the request's Host header (finding 2).
   */
  async function sendReset(request: FastifyRequest, email: string): Promise<void> {
    const site = await siteOf(request);
    const baseUrl = siteBaseUrl(app, site);
    const input = { siteId: site.id, siteTitle: site.title || 'this site', email, baseUrl };
    const queue = `reset:${site.id}:${email.trim().toLowerCase()}`; // one at a time per address: its hourly cap
    app.afterAnswer.start('a password-reset request', () => requestPasswordReset(db, mail, input), queue);
  }

  // ---- JSON API ---------------------------------------------------------------------------------

  app.post(
    API,
    { preHandler: app.signInRateLimit, config: { contract: { body: signUpBody, response: { 200: sessionAnswer } } } },
    async (request, reply) => {
      const body = parseInput(signUpBody, request.body);
      const user = await signUp(request, body);
      const xsrfToken = await openSession(request, reply, user, body.rememberMe ?? false);
      return { xsrfToken, siteUser: userJson(user) };
    },
  );

  app.post(
    `${API}/session`,
    { preHandler: app.signInRateLimit, config: { contract: { body: signInBody, response: { 200: sessionAnswer } } } },
    async (request, reply) => {
      const body = parseInput(signInBody, request.body);
      const user = await signIn(request, body.email, body.password);
      if (!user) throw new AppError('sign-in-failed');
      const xsrfToken = await openSession(request, reply, user, body.rememberMe ?? false);
      return { xsrfToken, siteUser: userJson(user) };
    },
  );

  const signOut = { query: signOutQuery, response: { 200: doneAnswer } };
  app.delete(`${API}/session`, { config: { contract: signOut } }, async (request, reply) => {
    const query = parseInput(signOutQuery, request.query ?? {}, 'query');
    // Signing out of a live session needs its XSRF token; without one there is nothing to protect.
    if ((await loadSiteUser(request)) && !hasXsrfToken(request)) throw new AppError('xsrf-fail');
    await closeSession(request, reply, query.cloneCart ?? false);
    return { ok: true as const };
  });

  app.get(
    API,
    { preHandler: requireSiteUser, config: { contract: { response: { 200: accountAnswer } } } },
    async (request) => {
      const user = request.siteUser as SiteUserIdentity;
      return { siteUser: { ...userJson(user), emailVerified: await isEmailVerified(db, user.id) } };
    },
  );

  app.put(
    `${API}/profile`,
    { preHandler: requireSiteUser, config: { contract: { body: profileBody, response: { 200: profileAnswer } } } },
    async (request) => {
      const body = parseInput(profileBody, request.body);
      const user = request.siteUser as SiteUserIdentity;
      await updateSiteUserProfile(db, user.id, body);
      return { siteUser: userJson({ ...user, firstName: body.firstName.trim(), lastName: body.lastName.trim() }) };
    },
  );

  const orders = { preHandler: requireSiteUser, config: { contract: { response: { 200: accountOrdersAnswer } } } };
  app.get(`${API}/orders`, orders, async (request) => ({
    orders: await history.orders(request.siteUser as SiteUserIdentity),
  }));

  app.post(
    `${API}/password-reset`,
    {
      preHandler: app.signInRateLimit,
      config: { contract: { body: resetRequestBody, response: { 200: doneAnswer } } },
    },
    async (request) => {
      const body = parseInput(resetRequestBody, request.body);
      await sendReset(request, body.email);
      return { ok: true };
    },
  );

  app.post(
    `${API}/password-reset/complete`,
    {
      preHandler: app.signInRateLimit,
      config: { contract: { body: resetCompleteBody, response: { 200: doneAnswer } } },
    },
    async (request) => {
      const body = parseInput(resetCompleteBody, request.body);
      const site = await siteOf(request);
      if (!(await completePasswordReset(db, site.id, body.token, body.password)))
        throw new AppError('reset-link-invalid');
      return { ok: true };
    },
  );

  // ---- Pages ------------------------------------------------------------------------------------

  const scope = (path: string, title: string) => ({ pageType: PageType.PAGE, path, title });

  app.get('/account', async (request, reply) => {
    const user = await loadSiteUser(request);
    if (!user) return reply.redirect('/account/login?next=%2Faccount', 303);
    // Restock sign-ups are matched by address: shown only once the address is proven (finding 15).
    const verified = await isEmailVerified(db, user.id);
    const [orders, restock] = await Promise.all([
      history.orders(user),
      verified ? history.restockSignups(user) : Promise.resolve([]),
    ]);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const saved = query.saved === '1';
    return pages.send(request, reply, 'account', scope('/account', 'Your account'), {
      account: {
        user: userJson(user),
        displayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
        xsrfToken: request.siteUserXsrf,
        orders,
        restock,
        saved,
        emailVerified: verified,
        unverifiedMessage: verified ? '' : UNVERIFIED_MESSAGE,
        verifySent: query.verifySent === '1',
        verifiedNow: query.verified === '1',
        passwordChanged: query.passwordChanged === '1',
      },
    });
  });

  const loginPage = (request: FastifyRequest, reply: FastifyReply, form: Record<string, unknown>, status = 200) =>
    pages.send(request, reply, 'account-login', scope('/account/login', 'Sign in'), { form }, status);
  const signupPage = (request: FastifyRequest, reply: FastifyReply, form: Record<string, unknown>, status = 200) =>
    pages.send(request, reply, 'account-signup', scope('/account/signup', 'Create an account'), { form }, status);

  app.get<{ Querystring: { next?: unknown } }>('/account/login', async (request, reply) => {
    const next = safeReturnPath(request.query.next);
    if (await loadSiteUser(request)) return reply.redirect(next ?? '/account', 303);
    return loginPage(request, reply, { next: next ?? '', email: '' });
  });

  app.post('/account/login', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const fields = formFields(request);
    const next = safeReturnPath(fields.next);
    const parsed = parseForm(signInBody, fields);
    if (!parsed.ok)
      return loginPage(request, reply, { next: next ?? '', email: fields.email ?? '', message: parsed.message }, 400);
    try {
      const user = await signIn(request, parsed.data.email, parsed.data.password);
      if (user) {
        await openSession(request, reply, user, parsed.data.rememberMe ?? false);
        return reply.redirect(next ?? '/account', 303);
      }
      throw new AppError('sign-in-failed');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return loginPage(
        request,
        reply,
        { next: next ?? '', email: parsed.data.email, message: error.message },
        error.status,
      );
    }
  });

  app.get('/account/signup', async (request, reply) => {
    if (await loadSiteUser(request)) return reply.redirect('/account', 303);
    return signupPage(request, reply, { email: '', firstName: '', lastName: '' });
  });

  app.post('/account/signup', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const fields = formFields(request);
    const echo = { email: fields.email ?? '', firstName: fields.firstName ?? '', lastName: fields.lastName ?? '' };
    const parsed = parseForm(signUpBody, fields);
    if (!parsed.ok) return signupPage(request, reply, { ...echo, message: parsed.message }, 400);
    try {
      const user = await signUp(request, parsed.data);
      await openSession(request, reply, user, parsed.data.rememberMe ?? false);
      return reply.redirect('/account', 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return signupPage(request, reply, { ...echo, message: error.message }, error.status);
    }
  });

  app.post('/account/logout', async (request, reply) => {
    const fields = formFields(request);
    if ((await loadSiteUser(request)) && !hasXsrfToken(request)) throw new AppError('xsrf-fail');
    await closeSession(request, reply, fields.cloneCart === 'true' || fields.cloneCart === 'on');
    return reply.redirect('/account/login?signedOut=1', 303);
  });

  app.post('/account/profile', async (request, reply) => {
    const user = await loadSiteUser(request);
    if (!user) return reply.redirect('/account/login?next=%2Faccount', 303);
    if (!hasXsrfToken(request)) throw new AppError('xsrf-fail');
    const parsed = parseForm(profileBody, formFields(request));
    if (!parsed.ok) throw new AppError('invalid-body', parsed.message);
    await updateSiteUserProfile(db, user.id, parsed.data);
    return reply.redirect('/account?saved=1', 303);
  });

  const forgotScope = scope('/account/forgot-password', 'Reset your password');
  app.get('/account/forgot-password', async (request, reply) =>
    pages.send(request, reply, 'account-forgot', forgotScope, { form: { email: '' } }),
  );

  app.post('/account/forgot-password', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const fields = formFields(request);
    const parsed = parseForm(resetRequestBody, fields);
    if (parsed.ok && parsed.data.email) await sendReset(request, parsed.data.email);
    return pages.send(request, reply, 'account-forgot', forgotScope, {
      form: { email: fields.email ?? '', sent: true },
    });
  });

  const resetScope = scope('/account/reset-password', 'Choose a new password');
  app.get<{ Querystring: { token?: unknown } }>('/account/reset-password', async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 128) : '';
    return pages.send(request, reply, 'account-reset', resetScope, { form: { token } });
  });

  app.post('/account/reset-password', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const fields = formFields(request);
    const parsed = parseForm(resetCompleteBody, fields);
    const site = await siteOf(request);
    let message: string | undefined;
    if (!parsed.ok) message = parsed.message;
    else if (!(await completePasswordReset(db, site.id, parsed.data.token, parsed.data.password))) {
      message = new AppError('reset-link-invalid').message;
    }
    if (message) {
      return pages.send(
        request,
        reply,
        'account-reset',
        resetScope,
        { form: { token: fields.token ?? '', message } },
        400,
      );
    }
    return loginPage(request, reply, {
      next: '',
      email: '',
      notice: 'Your password is changed. Sign in with the new one.',
    });
  });

  installEmailVerification(app, { mail, pages, siteOf });
  installPasswordChange(app, pages);
  installMembersGate(app, pages);
}

// Not encapsulated: the members-only gate must run for the pages plugin's routes too.
export default fp(siteUsersPlugin, { name: 'tessera-site-users' });

import { ownerDone, type OwnerSession, ownerSession } from '@tessera/core/contracts/owner-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { PageType } from '@tessera/core';
import { AppError } from '../../platform/errors/aliases.js';
import { limitPerAddress } from '../../platform/http/rate-limit.js';
import { safeReturnPath } from '../../platform/http/return-path.js';
import { parseInput } from '../../platform/http/validate.js';
import { loadSiteUser, SITE_USER_COOKIE } from '../site-users/index.js';
import { createCaptcha, resolveFormsConfig } from '../forms/index.js';
import { type AttemptStore, createMemoryAttemptStore, createRedisAttemptStore } from './attempt-store.js';
import { siteHasOwner, installSetupRoutes, SETUP_PATH } from '../sites/index.js';
import { installOwnerAccountRoutes, OWNER_RESET_PATHS } from './owner-account-routes.js';
import { requireOwner } from './owner-guard.js';
import {
  authenticateOwner,
  endOwnerSession,
  loadOwner,
  type OwnerIdentity,
  startOwnerSession,
} from './owner-session.js';
import { PASSWORD_MAX_LENGTH } from './password.js';
import { ROLE_NAMES } from './roles.js';
import { OWNER_DELAY_DEFAULTS, OwnerSignInGuard } from './owner-sign-in-guard.js';
import { DEFAULT_SIGN_IN_LIMITS, SignInThrottle } from './sign-in-throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts failed sign-ins (owners and site users) per account and per address. */
    signInThrottle: SignInThrottle;
    /**
     * A named attempt counter (e.g. `page-unlock`): in Redis when `REDIS_URL` is set, so every node
     * counts together, else in this process's memory. Each name has its own keys.
     */
    attemptStores: (name: string) => AttemptStore;
    /** Owner sign-in: growing delays per account and address, a captcha after repeated failures. */
    ownerSignInGuard: OwnerSignInGuard;
    /** A preHandler limiting sign-in requests per address (@fastify/rate-limit). */
    signInRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const signInBody = z.object({
  email: z.string({ error: 'Enter your email address.' }).min(1, 'Enter your email address.').max(256),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
  /** The solved captcha, once the account asks for one (`captchaRequired` in a failed answer). */
  captchaToken: z.string().max(4000).optional(),
});

/**
 * Paths owned by the owner area: the editor at `/config…` and its API at `/api/config/…`. Read
 * from the matched route's pattern when there is one, so a percent-encoded path cannot slip past.
 */
function ownerArea(path: string): 'page' | 'api' | undefined {
  if (path === '/config' || path.startsWith('/config/')) return 'page';
  if (path.startsWith('/api/config/')) return 'api';
  return undefined;
}
function decodedPath(url: string): string {
  const raw = url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const STATIC_PREFIXES = ['/assets/', '/theme/', '/files/'];

const OPEN_PATHS = new Set<string>(['/config/login', '/api/config/session', SETUP_PATH, ...OWNER_RESET_PATHS]);

function ownerJson(owner: OwnerIdentity): OwnerSession {
  return { owner: { id: owner.id, email: owner.email, websiteId: owner.websiteId, roles: owner.roles } };
}

/** Where the owner lands after signing in: the editor when it exists, else the owner account page. */
function ownerHome(app: FastifyInstance): string {
  return app.hasRoute({ method: 'GET', url: '/config' }) ? '/config' : '/config/account';
}

/**
 * Owner sign-in and the gate of the owner area (not encapsulated, so the gate covers routes other
 * plugins add under `/config` and `/api/config`): pages there redirect to `/config/login` and API
 * calls answer 401 without an owner session, whatever role group the route itself declares.
 */
async function ownerAuthPlugin(app: FastifyInstance): Promise<void> {
  const config = app.config;
  const limits = { ...DEFAULT_SIGN_IN_LIMITS, ...config.signIn };
  let stores = (_name: string) => createMemoryAttemptStore();
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    stores = (name) => createRedisAttemptStore(redis, `${config.rateLimit.namespace ?? 'tessera-rl:'}${name}:`);
  }
  const store = stores('signin');
  app.decorate('attemptStores', stores);
  app.decorate('signInThrottle', new SignInThrottle(store, limits));
  app.decorate('ownerSignInGuard', new OwnerSignInGuard(store, { ...OWNER_DELAY_DEFAULTS, ...limits }));
  const forms = resolveFormsConfig(config);
  const captcha = createCaptcha(app.db, {
    hmacKey: forms.captchaHmacKey,
    maxNumber: forms.captchaMaxNumber,
    ttlMs: forms.captchaTtlMs,
  });
  /** Checks and spends a solved captcha (each is good for one try). */
  const captchaCheck = (token: string | undefined) =>
    token
      ? async () => {
          const check = await captcha.verify(token);
          return check.ok && (await captcha.spend(app.db, check.signature, check.expiresAt));
        }
      : undefined;
  app.decorate(
    'signInRateLimit',
    limitPerAddress(app, {
      name: 'sign-in',
      max: limits.requestsPerAddress,
      timeWindowMs: limits.requestWindowMs,
    }) as never,
  );

  // `request.siteUser` for every plugin (SPEC §6: checkout, tracking, carts read it): looked up
  // only when the session cookie is there, and not for static files.
  app.addHook('onRequest', async (request) => {
    if (!request.cookies[SITE_USER_COOKIE] || STATIC_PREFIXES.some((p) => request.url.startsWith(p))) return;
    await loadSiteUser(request);
  });

  // A preHandler (not onRequest) so the crumb check, which reads form fields, answers first.
  app.addHook('preHandler', async (request, reply) => {
    // The matched route's pattern and the decoded path both count: a catch-all route serving
    // `/config/x`, or a percent-encoded `/api/%63onfig/x`, is still the owner area.
    const pattern = request.routeOptions.url;
    const path = decodedPath(request.url);
    const area = (pattern && ownerArea(pattern)) || ownerArea(path);
    if (!area || OPEN_PATHS.has(pattern ?? path) || OPEN_PATHS.has(path)) return;
    if (await loadOwner(request)) return;
    if (area === 'api') throw new AppError('unauthenticated');
    if (request.method === 'GET' || request.method === 'HEAD') {
      return reply.redirect(`/config/login?next=${encodeURIComponent(request.url)}`, 303);
    }
    throw new AppError('unauthenticated');
  });

  /** Signs an owner in, or throws: sign-in-failed, sign-in-throttled (429), captcha-required, captcha-failed. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { email: string; password: string; captchaToken?: string },
  ): Promise<OwnerIdentity> {
    const site = await app.services.content.getSiteForHost(request.hostname);
    try {
      const owner = await app.ownerSignInGuard.attempt(
        {
          siteId: site.id,
          email: input.email.trim().toLowerCase(),
          address: request.ip,
          captcha: captchaCheck(input.captchaToken),
        },
        () => authenticateOwner(app.db, site.id, input.email, input.password),
        request.log,
      );
      if (!owner) throw new AppError('sign-in-failed');
      return owner;
    } catch (error) {
      const retryAfter = error instanceof AppError ? error.extra?.retryAfter : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      throw error;
    }
  }

  app.post(
    '/api/config/session',
    { preHandler: app.signInRateLimit, config: { contract: { body: signInBody, response: { 200: ownerSession } } } },
    async (request, reply) => {
      const body = parseInput(signInBody, request.body);
      const owner = await signIn(request, reply, body);
      await startOwnerSession(request, reply, owner);
      return ownerJson(owner);
    },
  );

  app.get(
    '/api/config/session',
    { preHandler: requireOwner('any'), config: { contract: { response: { 200: ownerSession } } } },
    async (request) => ownerJson(request.owner as OwnerIdentity),
  );

  app.delete(
    '/api/config/session',
    { config: { contract: { response: { 200: ownerDone } } } },
    async (request, reply) => {
      await endOwnerSession(request, reply);
      return { ok: true };
    },
  );

  const pages = app.services.pages;
  const loginScope = { pageType: PageType.PAGE, path: '/config/login', title: 'Owner sign in' };

  app.get<{ Querystring: { next?: unknown } }>('/config/login', async (request, reply) => {
    if (await loadOwner(request)) return reply.redirect(safeReturnPath(request.query.next) ?? ownerHome(app), 303);
    // While the site has no owner, the sign-in page points to the first-run setup (issue 19).
    const site = await app.services.content.getSiteForHost(request.hostname).catch(() => undefined);
    const setupNeeded = site ? !(await siteHasOwner(app.db, site.id)) : false;
    return pages.send(request, reply, 'config-login', loginScope, {
      login: { next: safeReturnPath(request.query.next) ?? '', email: '', setupNeeded },
    });
  });

  app.post('/config/login', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof form.email === 'string' ? form.email.slice(0, 256) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, PASSWORD_MAX_LENGTH) : '';
    const next = safeReturnPath(form.next);
    const captchaToken = typeof form.captchaToken === 'string' && form.captchaToken ? form.captchaToken : undefined;
    let message = 'Enter your email and password.';
    let status = 401;
    let captchaShown = false;
    if (email && password) {
      try {
        const owner = await signIn(request, reply, { email, password, captchaToken });
        await startOwnerSession(request, reply, owner);
        return reply.redirect(next ?? ownerHome(app), 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        message = error.message;
        status = error.status;
        // The page shows the captcha once the account asks for one (finding 13).
        captchaShown = error.extra?.captchaRequired === true;
      }
    }
    const login = { next: next ?? '', email, message, captcha: captchaShown };
    return pages.send(request, reply, 'config-login', loginScope, { login }, status);
  });

  app.get('/config/account', { preHandler: requireOwner('any') }, async (request, reply) => {
    const owner = request.owner as OwnerIdentity;
    return pages.send(
      request,
      reply,
      'config-account',
      { pageType: PageType.PAGE, path: '/config/account', title: 'Owner account' },
      { owner: { ...owner, roleNames: owner.roles.map((r) => ROLE_NAMES[r] ?? String(r)) } },
    );
  });

  installOwnerAccountRoutes(app, pages);
  installSetupRoutes(app, pages);

  app.post('/config/logout', async (request, reply) => {
    await endOwnerSession(request, reply);
    return reply.redirect('/config/login', 303);
  });
}

export default fp(ownerAuthPlugin, { name: 'tessera-owner-auth' });

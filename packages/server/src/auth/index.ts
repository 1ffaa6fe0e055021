import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { PageType } from '@tessera/core';
import { AppError } from '../errors.js';
import { parseInput } from '../http/validate.js';
import { loadSiteUser, SITE_USER_COOKIE } from '../site-users/site-user-service.js';
import { ThemePages } from '../site-users/theme-page.js';
import { createMemoryAttemptStore, createRedisAttemptStore } from './attempt-store.js';
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
import { DEFAULT_SIGN_IN_LIMITS, SignInThrottle } from './sign-in-throttle.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts failed sign-ins (owners and site users) per account and per address. */
    signInThrottle: SignInThrottle;
    /** A preHandler limiting sign-in requests per address (@fastify/rate-limit). */
    signInRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const signInBody = z.object({
  email: z.string({ error: 'Enter your email address.' }).min(1, 'Enter your email address.').max(256),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
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

const OPEN_PATHS = new Set(['/config/login', '/api/config/session']);

function ownerJson(owner: OwnerIdentity) {
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
  let store = createMemoryAttemptStore();
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    store = createRedisAttemptStore(redis, `${config.rateLimit.namespace ?? 'tessera-rl:'}signin:`);
  }
  app.decorate('signInThrottle', new SignInThrottle(store, limits));
  app.decorate(
    'signInRateLimit',
    app.rateLimit({
      max: limits.requestsPerAddress,
      timeWindow: limits.requestWindowMs,
      // A key of its own: limiters made with app.rateLimit() share one Redis key prefix.
      keyGenerator: (request) => `sign-in:${request.ip}`,
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

  async function signIn(request: FastifyRequest, email: string, password: string) {
    const site = await app.services.content.getSiteForHost(request.hostname);
    return app.signInThrottle.attempt(
      { kind: 'owner', siteId: site.id, email: email.trim().toLowerCase(), address: request.ip },
      () => authenticateOwner(app.db, site.id, email, password),
      request.log,
    );
  }

  app.post('/api/config/session', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const body = parseInput(signInBody, request.body);
    const owner = await signIn(request, body.email, body.password);
    if (!owner) throw new AppError('sign-in-failed');
    await startOwnerSession(request, reply, owner);
    return ownerJson(owner);
  });

  app.get('/api/config/session', { preHandler: requireOwner('any') }, async (request) =>
    ownerJson(request.owner as OwnerIdentity),
  );

  app.delete('/api/config/session', async (request, reply) => {
    await endOwnerSession(request, reply);
    return { ok: true };
  });

  const pages = new ThemePages(app.services.content);
  const loginScope = { pageType: PageType.PAGE, path: '/config/login', title: 'Owner sign in' };

  app.get<{ Querystring: { next?: unknown } }>('/config/login', async (request, reply) => {
    if (await loadOwner(request)) return reply.redirect(safeNext(request.query.next) ?? ownerHome(app), 303);
    return pages.send(request, reply, 'config-login', loginScope, {
      login: { next: safeNext(request.query.next) ?? '', email: '' },
    });
  });

  app.post('/config/login', { preHandler: app.signInRateLimit }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const email = typeof form.email === 'string' ? form.email.slice(0, 256) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, PASSWORD_MAX_LENGTH) : '';
    const next = safeNext(form.next);
    let message: string | undefined;
    try {
      const owner = email && password ? await signIn(request, email, password) : undefined;
      if (owner) {
        await startOwnerSession(request, reply, owner);
        return reply.redirect(next ?? ownerHome(app), 303);
      }
      message = email && password ? new AppError('sign-in-failed').message : 'Enter your email and password.';
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      message = error.message;
    }
    return pages.send(request, reply, 'config-login', loginScope, { login: { next: next ?? '', email, message } }, 401);
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

  app.post('/config/logout', async (request, reply) => {
    await endOwnerSession(request, reply);
    return reply.redirect('/config/login', 303);
  });
}

/** A same-site path to return to after sign-in; anything else (other hosts, `//x`) is dropped. */
export function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/[\u0000-\u001f]/.test(value)) return undefined;
  return value;
}

export default fp(ownerAuthPlugin, { name: 'tessera-owner-auth' });

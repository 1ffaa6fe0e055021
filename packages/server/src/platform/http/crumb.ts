import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/aliases.js';
import { newToken } from '../ids.js';
import { CRUMB_COOKIE, setCrumbCookie } from './cookies.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CRUMB_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's crumb: from the cookie, or a fresh one this response sets on HTML pages. */
    crumb: string;
  }
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function crumbFail(): AppError {
  return new AppError('crumb-fail', undefined, { crumbFail: true });
}

function isFormBody(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  return type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data');
}

/**
 * A payment provider's webhook (`config: { signedWebhook: true }`, `domains/payments/routes.ts`):
 * no browser sends it, and the provider's signature over the raw body is checked instead.
 */
export function isSignedWebhook(request: FastifyRequest): boolean {
  return (request.routeOptions?.config as { signedWebhook?: unknown } | undefined)?.signedWebhook === true;
}

/**
 * Cross-site request protection (DESIGN "API"): a `crumb` cookie is set on the first HTML page
 * a visitor gets, and every state-changing request must echo it in `X-CSRF-Token` (or, for plain
 * form posts, a `crumb` field). Failures answer 403 `{ error: 'crumb-fail', crumbFail: true }`.
 */
export function installCrumb(app: FastifyInstance): void {
  app.decorateRequest('crumb', '');

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const cookie = request.cookies[CRUMB_COOKIE];
    request.crumb = cookie || newToken();
    if (!STATE_CHANGING.has(request.method) || isSignedWebhook(request)) return;
    const header = request.headers[CRUMB_HEADER];
    if (cookie && typeof header === 'string' && same(header, cookie)) return;
    // A plain form post may carry the crumb as a field: checked once the body is parsed.
    if (cookie && header === undefined && isFormBody(request)) return;
    throw crumbFail();
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method) || request.headers[CRUMB_HEADER] !== undefined) return;
    if (isSignedWebhook(request)) return;
    const field = (request.body as Record<string, unknown> | undefined)?.crumb;
    const cookie = request.cookies[CRUMB_COOKIE];
    if (!cookie || typeof field !== 'string' || !same(field, cookie)) throw crumbFail();
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.method !== 'GET' || request.cookies[CRUMB_COOKIE]) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) setCrumbCookie(request, reply, request.crumb);
    return payload;
  });
}

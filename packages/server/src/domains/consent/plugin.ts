import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, type ConsentChoice, TRACKING_KEYS } from '@tessera/core';
import { consentAnswer, consentBody } from '@tessera/core/contracts/consent';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeReturnPath } from '../../platform/http/return-path.js';
import { parseInput } from '../../platform/http/validate.js';

/** Whether the caller is the storefront script (JSON answer) rather than a plain form post (redirect). */
function wantsJson(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes('application/json');
}

/**
 * Writes the visitor's cookie choice. Not HttpOnly: the tracker reads it in the browser, and the
 * page renderer reads it to leave the banner out. A decline also expires the census cookies the
 * tracker may have set before (the browser script clears its storage keys itself).
 */
export function setConsentCookie(request: FastifyRequest, reply: FastifyReply, choice: ConsentChoice): void {
  const secure = request.protocol === 'https';
  reply.setCookie(CONSENT_COOKIE, choice, {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: CONSENT_MAX_AGE_S,
  });
  if (choice === 'declined') {
    for (const name of TRACKING_KEYS.census) {
      reply.setCookie(name, '', { path: '/', sameSite: 'lax', secure, maxAge: 0, expires: new Date(0) });
    }
  }
}

/**
 * The cookie banner's buttons (`POST /api/cookie-consent`): a plain form post from the server's
 * banner markup (crumb field, answered with a 303 back to `returnTo`), or the storefront loader's
 * `fetch` (crumb header, `Accept: application/json`, answered with `{ choice }`).
 */
export default async function consentPlugin(app: FastifyInstance): Promise<void> {
  const contract = {
    summary: "Record the visitor's cookie choice (JSON answer, or a 303 back for a plain form)",
    body: consentBody,
    response: { 200: consentAnswer },
  } as const;
  app.post('/api/cookie-consent', { config: { contract } }, async (request, reply) => {
    const body = parseInput(consentBody, request.body);
    setConsentCookie(request, reply, body.choice);
    reply.header('cache-control', 'no-store');
    if (wantsJson(request)) return { choice: body.choice };
    return reply.redirect(safeReturnPath(body.returnTo) ?? '/', 303);
  });
}

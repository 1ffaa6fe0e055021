import type { FastifyReply, FastifyRequest } from 'fastify';

export const CRUMB_COOKIE = 'crumb';
export const CART_COOKIE = 'CART';
export const HAS_CART_COOKIE = 'has-cart';
const CART_MAX_AGE_S = 60 * 60 * 24 * 30;

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function cartTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[CART_COOKIE];
  return token ? token : undefined;
}

/** Remembers the visitor's cart: the token (HttpOnly) and `has-cart=true` for scripts (SPEC §4 cart load). */
export function setCartCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const common = { path: '/', sameSite: 'lax' as const, secure: secure(request), maxAge: CART_MAX_AGE_S };
  reply.setCookie(CART_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(HAS_CART_COOKIE, 'true', { ...common, httpOnly: false });
}

export function setCrumbCookie(request: FastifyRequest, reply: FastifyReply, crumb: string): void {
  reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', secure: secure(request), httpOnly: false });
}

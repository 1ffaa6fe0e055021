import { timingSafeEqual } from 'node:crypto';
import { PageType } from '@tessera/core';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors/aliases.js';
import { loadSiteUser, XSRF_HEADER } from './site-user-service.js';

/** What a members-only page shows a visitor who is not signed in (SPEC §2 page type 106). */
export const MEMBERS_ONLY_DENIED = Object.freeze({
  pageType: PageType.MEMBER_AREA_ACCESS_DENIED,
  template: 'account-denied',
  status: 403,
});

/**
 * May this request see a page marked members-only? Yes for a signed-in site user of the site.
 * The pages plugin calls it for pages with `membersOnly` set and renders `MEMBERS_ONLY_DENIED`
 * otherwise.
 */
export async function canViewMembersPage(request: FastifyRequest): Promise<boolean> {
  return (await loadSiteUser(request)) !== undefined;
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when the request carries its session's XSRF token (header, or `xsrfToken` field of a form post). */
export function hasXsrfToken(request: FastifyRequest): boolean {
  const expected = request.siteUserXsrf;
  if (!expected) return false;
  const header = request.headers[XSRF_HEADER];
  if (typeof header === 'string') return same(header, expected);
  const field = (request.body as Record<string, unknown> | null | undefined)?.xsrfToken;
  return typeof field === 'string' && same(field, expected);
}

/**
 * A preHandler for site-user calls: 401 `unauthenticated` without a site-user session, 403
 * `xsrf-fail` without the session's `X-XSRF-Token`. Sets `request.siteUser`.
 */
export const requireSiteUser: preHandlerAsyncHookHandler = Object.assign(
  async (request: FastifyRequest) => {
    if (!(await loadSiteUser(request))) throw new AppError('unauthenticated');
    if (!hasXsrfToken(request)) throw new AppError('xsrf-fail');
  },
  // The route catalogue reads this to know which routes are site-user calls.
  { siteUserGuard: true },
);

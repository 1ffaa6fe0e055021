import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

// What other domains (member areas, reviews) use of site users: app.ts hands each of them the port
// `member-area-port.ts` builds, so they import only these types from this folder's index.ts.

export interface SignedInSiteUser {
  id: string;
  email: string;
  websiteId: string;
  firstName?: string;
  lastName?: string;
}

export interface SiteUserPort {
  /** The signed-in site user of the request's site, or undefined (sets `request.siteUserXsrf`). */
  load(request: FastifyRequest): Promise<SignedInSiteUser | undefined>;
  /** The preHandler of site-user calls (401 without a session, 403 without the XSRF token). */
  requireSiteUser: preHandlerAsyncHookHandler;
  /** True when a loaded session's XSRF token came with the request (header or `xsrfToken` form field). */
  hasXsrfToken(request: FastifyRequest): boolean;
  /** Renders a theme template with the site's layout (as the account pages are). */
  sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    template: string,
    scope: { pageType: number; path: string; title: string },
    extra: Record<string, unknown>,
    status?: number,
  ): Promise<FastifyReply>;
}

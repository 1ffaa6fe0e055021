import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

// What member areas need of site users, handed in by app.ts (`domains/site-users/member-area-port.ts`):
// a domain does not import the site-users folder, which sits on the folder import cycle.

export interface SignedInSiteUser {
  id: string;
  email: string;
  websiteId: string;
}

export interface SiteUserPort {
  /** The signed-in site user of the request's site, or undefined. */
  load(request: FastifyRequest): Promise<SignedInSiteUser | undefined>;
  /** The preHandler of site-user calls (401 without a session, 403 without the XSRF token). */
  requireSiteUser: preHandlerAsyncHookHandler;
  /** Does the request carry its session's XSRF token (header or `xsrfToken` form field)? */
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

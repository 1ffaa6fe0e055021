import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

// What reviews need of site users, handed in by app.ts (the same port member areas use,
// `domains/site-users/member-area-port.ts`): a domain does not import the site-users folder.

export interface ReviewSiteUser {
  id: string;
  email: string;
  websiteId: string;
  firstName?: string;
  lastName?: string;
}

export interface ReviewSiteUserPort {
  /** The signed-in site user of the request, if any (sets `request.siteUserXsrf`). */
  load(request: FastifyRequest): Promise<ReviewSiteUser | undefined>;
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

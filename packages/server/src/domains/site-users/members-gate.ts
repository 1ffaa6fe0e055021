import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canViewMembersPage, MEMBERS_ONLY_DENIED } from './access.js';
import type { ThemePages } from '../../render/theme-pages.js';

const HOME_SLUG = 'home';

/**
 * A stricter gate for collections in a member area (`domains/memberships`): `check` answers
 * undefined when the slug is in no area (the members-only rule below applies), otherwise whether
 * this request may see the page and, when not, what the 106 page shows (the area's plans).
 */
export interface MemberAreaGuard {
  check(
    request: FastifyRequest,
    siteId: string,
    slug: string,
  ): Promise<undefined | { allowed: true } | { allowed: false; title: string; denied: Record<string, unknown> }>;
}

declare module '../../app.js' {
  interface AppServices {
    /** Set by the member-areas plugin; the members gate asks it first. */
    memberAreaGuard?: MemberAreaGuard;
  }
}
/** Paths that are never content pages. */
const NOT_PAGES = ['/api/', '/assets/', '/theme/', '/files/', '/account', '/config'];

function firstSegment(url: string): string | undefined {
  let path = url.split('?')[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (NOT_PAGES.some((prefix) => path.startsWith(prefix))) return undefined;
  const segment = path.split('/')[1];
  return segment ? segment : undefined;
}

/**
 * Members-only collections (`collections.members_only`, SPEC §6 "available only to site members"):
 * a GET of `/<slug>` or anything under it answers the page type 106 page (status 403) unless a
 * site user of the site is signed in, whichever plugin renders the page. The pages plugin checks
 * `PageScope.membersOnly` as well; this gate keeps every page of such a collection covered,
 * including items and any renderer that forgets the flag. A collection in a member area needs an
 * active membership of that area instead (`MemberAreaGuard`), and its 106 page lists the plans.
 */
export function installMembersGate(app: FastifyInstance, pages: ThemePages): void {
  // From the content cache: forgotten at once on a write through any node (the cluster bus).
  const isMembersOnly = (siteId: string, slug: string) => app.services.content.isMembersOnly(siteId, slug);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    // The site's home page is the collection with the slug `home` (pages plugin), served at `/`.
    const slug = request.url.split('?')[0] === '/' ? HOME_SLUG : firstSegment(request.url);
    if (!slug || slug.length > 255) return;
    const site = await app.services.content.getSiteForHost(request.hostname).catch(() => undefined);
    if (!site) return;
    const path = request.url.split('?')[0];
    const area = await app.services.memberAreaGuard?.check(request, site.id, slug);
    if (area?.allowed) return;
    if (!area && !(await isMembersOnly(site.id, slug))) return;
    if (!area && (await canViewMembersPage(request))) return;
    await pages.send(
      request,
      reply,
      MEMBERS_ONLY_DENIED.template,
      { pageType: MEMBERS_ONLY_DENIED.pageType, path, title: area?.title ?? 'Members only' },
      { denied: { next: path, ...area?.denied } },
      MEMBERS_ONLY_DENIED.status,
    );
    return reply;
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { areaView } from './plan-view.js';
import { areaCollections, areaSlugs, findArea, listPlans } from './repository.js';
import { memberAccess } from './service.js';
import type { SiteUserPort } from '../site-users/index.js';

/**
 * Which slugs are in an area is kept with the site's content (`content.remember`): putting a page in
 * an area or taking it out writes the page's members-only flag in the same transaction, so the
 * content cache forgets the answer on every node at once (the cluster bus), and a page of no area
 * costs one lookup. Access itself is never cached: it is read for each request to an area page, so a
 * grant, a revoke, a payment or the end of a paid period shows on the member's very next request.
 */

type GateAnswer = undefined | { allowed: true } | { allowed: false; title: string; denied: Record<string, unknown> };

/** The members gate's `MemberAreaGuard` (domains/site-users/members-gate.ts), plus forgetting a site's slugs. */
export interface AreaGate {
  check(request: FastifyRequest, siteId: string, slug: string): Promise<GateAnswer>;
  /** Forget the cached slugs of a site (after an owner edit). */
  forget(siteId: string): void;
}

/** What the area slugs are read from: a stock change or a sale leaves them cached (issue 20). */
const AREA_SLUG_TABLES: ReadonlySet<string> = new Set(['member_area_collections', 'collections']);

export function createAreaGate(app: FastifyInstance, siteUsers: SiteUserPort): AreaGate {
  async function areaOfSlug(siteId: string, slug: string): Promise<string | undefined> {
    const slugs = await app.services.content.remember(
      siteId,
      'member-area-slugs',
      async () => Object.fromEntries(await areaSlugs(app.db, siteId)),
      AREA_SLUG_TABLES,
    );
    return Object.hasOwn(slugs, slug) ? slugs[slug] : undefined;
  }

  return {
    forget(siteId) {
      app.services.content.invalidate(siteId);
    },
    async check(request: FastifyRequest, siteId: string, slug: string): Promise<GateAnswer> {
      const areaId = await areaOfSlug(siteId, slug);
      if (!areaId) return undefined;
      const user = await siteUsers.load(request);
      const now = new Date().toISOString();
      const access = user ? await memberAccess(app.db, { siteId, areaId, siteUserId: user.id, now }) : undefined;
      if (access?.active) return { allowed: true };
      const area = await findArea(app.db, siteId, areaId);
      if (!area) return undefined;
      const [plans, collections] = await Promise.all([listPlans(app.db, areaId), areaCollections(app.db, [areaId])]);
      return {
        allowed: false,
        title: area.title,
        denied: {
          area: areaView(area, plans, collections, access),
          signedIn: user !== undefined,
          xsrfToken: request.siteUserXsrf ?? '',
        },
      };
    },
  };
}

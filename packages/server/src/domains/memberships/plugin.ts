import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAreaGate } from './gate.js';
import { registerOwnerRoutes } from './owner-routes.js';
import type { SiteUserPort } from '../site-users/index.js';
import { registerVisitorRoutes } from './visitor-routes.js';

/**
 * Paid member areas (issue 23): owner routes under `/api/config/member-areas`, the visitors' join,
 * cancel and access routes, the join page and page 208, and the gate the site-users members gate
 * asks first for pages in an area (`app.services.memberAreaGuard`).
 */
async function memberAreasPlugin(app: FastifyInstance, options: { siteUsers: SiteUserPort }): Promise<void> {
  const gate = createAreaGate(app, options.siteUsers);
  app.services.memberAreaGuard = gate;
  const changed = (siteId: string) => {
    gate.forget(siteId);
    // Collections joined or left an area (members-only flags) and plan products changed.
    app.services.content.invalidate(siteId);
  };
  registerVisitorRoutes(app, options.siteUsers, changed);
  registerOwnerRoutes(app, changed);
}

// Not encapsulated: the hook sending a paid plan's order page to page 208 runs for checkout's route.
export default fp(memberAreasPlugin, { name: 'tessera-member-areas' });

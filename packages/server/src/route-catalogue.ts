import type { FastifyInstance, RouteOptions } from 'fastify';
import { roleGroupOf } from './domains/auth/owner-guard.js';
import type { RoleGroup } from './domains/auth/roles.js';
import type { RouteContract } from './platform/http/openapi.js';

/** One registered route, as the security tests and `docs/security.md` read it. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The owner role group its `requireOwner` preHandler enforces, if any. */
  roleGroup: RoleGroup | undefined;
  /** True when a preHandler requires a signed-in site user (`requireSiteUser`). */
  siteUser: boolean;
  /** A payment provider's webhook: verified by its signature, not the crumb (`platform/http/crumb.ts`). */
  signedWebhook?: boolean;
  /** The schemas and error codes the route declared (`config: { contract }`), published at `/api/openapi.json`. */
  contract?: RouteContract;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `installRouteCatalogue`, in registration order. */
    routeCatalogue: RouteEntry[];
  }
}

function handlers(value: RouteOptions['preHandler']): unknown[] {
  if (!value) return [];
  return Array.isArray(value) ? value : [value];
}

/** Records every route through Fastify's `onRoute` hook (installed before any plugin adds routes). */
export function installRouteCatalogue(app: FastifyInstance): void {
  const catalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pre = handlers(route.preHandler);
    const roleGroup = pre.map(roleGroupOf).find((group) => group !== undefined);
    const siteUser = pre.some(
      (h) => typeof h === 'function' && (h as { siteUserGuard?: boolean }).siteUserGuard === true,
    );
    for (const method of methods) {
      // Fastify adds HEAD for every GET; it runs the same handler.
      if (
        method === 'HEAD' &&
        methods.length === 1 &&
        route.url &&
        catalogue.some((r) => r.url === route.url && r.method === 'GET')
      )
        continue;
      const config = route.config as { signedWebhook?: unknown; contract?: RouteContract } | undefined;
      const signedWebhook = config?.signedWebhook === true;
      catalogue.push({
        method,
        url: route.url ?? route.path,
        roleGroup,
        siteUser,
        ...(signedWebhook ? { signedWebhook } : {}),
        ...(config?.contract ? { contract: config.contract } : {}),
      });
    }
  });
}

import type { RouteEntry } from '../src/route-catalogue.js';
import { describeRoute } from './route-probe.js';

/** Owner routes open to anyone: signing in and out, asking for and using a reset link (finding 13), the first-run setup. */
export const OPEN_OWNER_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/config/session',
  'DELETE /api/config/session',
  'GET /config/login',
  'POST /config/login',
  'POST /config/logout',
  'POST /api/config/password-reset',
  'POST /api/config/password-reset/complete',
  'GET /config/forgot-password',
  'POST /config/forgot-password',
  'GET /config/reset-password',
  'POST /config/reset-password',
  // First-run setup (issue 19): open while the site has no owner, 404 after.
  'GET /config/setup',
  'POST /config/setup',
]);

/** The markers around the generated owner-route table in docs/security.md. */
export const ROUTE_TABLE_START = '<!-- owner-routes:start -->';
export const ROUTE_TABLE_END = '<!-- owner-routes:end -->';

/** Routes of the owner area (`/config`, `/api/config/*`) and any other route that declares a role group. */
export function isOwnerRoute(route: RouteEntry): boolean {
  return (
    route.roleGroup !== undefined ||
    route.url === '/config' ||
    route.url.startsWith('/config/') ||
    route.url.startsWith('/api/config/')
  );
}

function accessOf(route: RouteEntry): string {
  if (route.roleGroup) return `\`${route.roleGroup}\``;
  // The owner gate (src/domains/auth/plugin.ts) still wants an owner session for everything else under /config.
  return OPEN_OWNER_ROUTES.has(describeRoute(route)) ? 'open' : 'any signed-in owner (owner gate)';
}

/**
 * The markdown table of every owner route and the group it declares, sorted by address then
 * method, as docs/security.md carries it between the markers.
 */
export function ownerRouteTable(routes: readonly RouteEntry[]): string {
  const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const rows = routes
    .filter(isOwnerRoute)
    .sort((a, b) => a.url.localeCompare(b.url, 'en') || order.indexOf(a.method) - order.indexOf(b.method))
    .map((route) => `| \`${describeRoute(route)}\` | ${accessOf(route)} |`);
  return ['| Route | Group |', '| --- | --- |', ...rows].join('\n');
}

/** The table docs/security.md carries now, or undefined without the markers. */
export function documentedRouteTable(doc: string): string | undefined {
  const start = doc.indexOf(ROUTE_TABLE_START);
  const end = doc.indexOf(ROUTE_TABLE_END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(start + ROUTE_TABLE_START.length, end).trim();
}

/** docs/security.md with `table` between the markers. */
export function withRouteTable(doc: string, table: string): string {
  const start = doc.indexOf(ROUTE_TABLE_START);
  const end = doc.indexOf(ROUTE_TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/security.md lacks ${ROUTE_TABLE_START} … ${ROUTE_TABLE_END}`);
  return `${doc.slice(0, start + ROUTE_TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

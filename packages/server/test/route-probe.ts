import type { RouteEntry } from '../src/route-catalogue.js';
import type { TestServer } from '../src/testing.js';

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every route the app registered (HEAD and OPTIONS left out), through the `onRoute` catalogue. */
export function listRoutes(server: TestServer): RouteEntry[] {
  const seen = new Set<string>();
  const routes: RouteEntry[] = [];
  for (const route of server.app.routeCatalogue) {
    if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push(route);
  }
  return routes;
}

/** A path that matches the route pattern: each `:param` (with or without a regex) and `*` filled in. */
export function concretePath(url: string, fill = 'probe'): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => `${fill}-${name}`).replace(/\*/g, fill);
}

/** Routes that end the caller's session; matrix and fuzz runs call them last or not at all. */
export function endsSession(route: RouteEntry): boolean {
  return (
    (route.method === 'DELETE' && route.url.endsWith('/session')) ||
    route.url.endsWith('/logout') ||
    route.url.includes('password-reset/complete') ||
    route.url === '/account/reset-password'
  );
}

export function describeRoute(route: RouteEntry): string {
  return `${route.method} ${route.url}`;
}

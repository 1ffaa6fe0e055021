import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GROUPS } from '../src/domains/auth/roles.js';
import type { RouteEntry } from '../src/route-catalogue.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { createOwner, createSiteUser, type SiteUserVisitor, signInOwner, signInSiteUser } from './auth-helpers.js';
import { concretePath, describeRoute, endsSession, listRoutes, STATE_CHANGING } from './route-probe.js';
import { documentedRouteTable, OPEN_OWNER_ROUTES, ownerRouteTable, withRouteTable } from './route-table.js';
import { type Answer, Visitor } from './visitor.js';

const SECURITY_DOC = join(import.meta.dirname, '../../../docs/security.md');

const ROLES = Object.entries(WebsiteRole) as [string, number][];
const A_SECRET = 'Zebediah-Quillfeather';

function isOwnerPage(route: RouteEntry): boolean {
  return (route.url === '/config' || route.url.startsWith('/config/')) && !OPEN_OWNER_ROUTES.has(describeRoute(route));
}
/** `/api/config/*`, and any other API route that declares an owner group (e.g. `PUT /api/site-header-footer`). */
function isOwnerApi(route: RouteEntry): boolean {
  if (OPEN_OWNER_ROUTES.has(describeRoute(route)) || isOwnerPage(route)) return false;
  return route.url.startsWith('/api/config/') || route.roleGroup !== undefined;
}

function call(actor: Visitor, route: RouteEntry): Promise<Answer> {
  const path = concretePath(route.url);
  return actor.request(route.method, path, STATE_CHANGING.has(route.method) ? { body: {} } : {});
}

function text(answer: Answer): string {
  return typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
}

for (const dialect of DIALECTS) {
  describe(`authorization matrix (${dialect})`, { timeout: 180_000 }, () => {
    let server: TestServer;
    let routes: RouteEntry[];
    let visitor: Visitor;
    let userA: SiteUserVisitor;
    let userB: SiteUserVisitor;
    const owners = new Map<string, Visitor>();

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        config: {
          rateLimit: { max: 100_000, timeWindowMs: 60_000 },
          signIn: { requestsPerAddress: 10_000, addressFailures: 10_000 },
        },
      });
      routes = listRoutes(server).filter((route) => !endsSession(route));
      await createSiteUser(server.db, { email: 'a-user@example.com', password: 'password-a', firstName: A_SECRET });
      await createSiteUser(server.db, { email: 'b-user@example.com', password: 'password-b', firstName: 'Bea' });
      visitor = new Visitor(server.url);
      userA = await signInSiteUser(server.url, 'a-user@example.com', 'password-a');
      userB = await signInSiteUser(server.url, 'b-user@example.com', 'password-b');
      for (const [name, role] of ROLES) {
        const email = `${name.toLowerCase()}@owners.test`;
        await createOwner(server.db, { email, password: `pw-${name}-owner`, roles: [role] });
        owners.set(name, await signInOwner(server.url, email, `pw-${name}-owner`));
      }
    }, 180_000);
    afterAll(async () => server?.close());

    it('lists every owner route with its group in docs/security.md', () => {
      // The table is the reviewed statement of who may call what: a new route, or a route whose
      // group changes, fails here until the table says so. TESSERA_WRITE_ROUTE_TABLE=1 rewrites it.
      const doc = readFileSync(SECURITY_DOC, 'utf8');
      const expected = ownerRouteTable(listRoutes(server));
      if (process.env.TESSERA_WRITE_ROUTE_TABLE === '1' && documentedRouteTable(doc) !== expected) {
        writeFileSync(SECURITY_DOC, withRouteTable(doc, expected));
      }
      expect(
        documentedRouteTable(readFileSync(SECURITY_DOC, 'utf8')),
        'docs/security.md is behind the routes: rerun this test with TESSERA_WRITE_ROUTE_TABLE=1 and review the diff',
      ).toBe(expected);
    });

    it('serves the published API contract (GET /api/openapi.json) to anyone', async () => {
      const route = routes.find((r) => r.method === 'GET' && r.url === '/api/openapi.json');
      expect(route, 'GET /api/openapi.json is in the route catalogue').toBeDefined();
      expect(route?.roleGroup).toBeUndefined();
      expect(route?.siteUser).toBe(false);
      for (const actor of [visitor, userA, owners.get('ADMIN')!]) {
        expect((await actor.get('/api/openapi.json')).status).toBe(200);
      }
    });

    it('has every owner API route declare its role group', () => {
      const undeclared = routes
        .filter((route) => isOwnerApi(route) && route.roleGroup === undefined)
        .map(describeRoute);
      expect(undeclared).toEqual([]);
    });

    it('lets an owner reach an owner API route only when one of their roles is in its group', async () => {
      const ownerApi = routes.filter(isOwnerApi);
      expect(ownerApi.length).toBeGreaterThan(0);
      for (const route of ownerApi) {
        const allowed = ROLE_GROUPS[route.roleGroup ?? 'admin'] as readonly number[];
        for (const [name, role] of ROLES) {
          const answer = await call(owners.get(name)!, route);
          const label = `${describeRoute(route)} as ${name}`;
          expect(answer.status, label).toBeLessThan(500);
          if (allowed.includes(role)) {
            expect([401, 403], label).not.toContain(answer.status);
          } else {
            expect(answer.status, label).toBe(403);
            expect(answer.body, label).toEqual({ error: 'forbidden', message: 'Your role does not allow this.' });
          }
        }
      }
    });

    it('never lets a visitor or a site user reach the owner area', async () => {
      for (const route of routes.filter((r) => isOwnerApi(r) || isOwnerPage(r))) {
        for (const [who, actor] of [
          ['visitor', visitor],
          ['site user A', userA],
        ] as const) {
          const answer = await call(actor, route);
          const label = `${describeRoute(route)} as ${who}`;
          if (isOwnerApi(route) || route.method !== 'GET') {
            expect(answer.status, label).toBe(401);
            expect(answer.body.error, label).toBe('unauthenticated');
          } else {
            expect(answer.status, label).toBe(303);
            expect(answer.headers.get('location'), label).toMatch(/^\/config\/login\?next=/);
          }
        }
      }
    });

    it('answers site-user calls only to a signed-in site user with the XSRF header', async () => {
      const siteUserRoutes = routes.filter((r) => r.siteUser);
      expect(siteUserRoutes.length).toBeGreaterThan(2);
      for (const route of siteUserRoutes) {
        const label = describeRoute(route);
        expect((await call(visitor, route)).status, `${label} as visitor`).toBe(401);
        expect((await call(owners.get('ADMIN')!, route)).status, `${label} as an owner`).toBe(401);
        const noXsrf = await userA.request(route.method, concretePath(route.url), {
          body: STATE_CHANGING.has(route.method) ? {} : undefined,
          headers: { 'x-xsrf-token': 'wrong' },
        });
        expect(noXsrf.status, `${label} without XSRF`).toBe(403);
        const own = await call(userA, route);
        expect([401, 403], `${label} as site user A`).not.toContain(own.status);
        expect(own.status, `${label} as site user A`).toBeLessThan(500);
      }
    });

    it('needs the XSRF header from a site user on every other /api/site-users/account route', async () => {
      // Open to visitors: signing up, in and out, and password reset. Everything else that answers a
      // site user must see the session's X-XSRF-Token.
      const open = /\/api\/site-users\/account(\/session|\/password-reset.*)?$/;
      const accountRoutes = routes.filter((r) => r.url.startsWith('/api/site-users/account') && !open.test(r.url));
      expect(accountRoutes.length).toBeGreaterThan(2);
      for (const route of accountRoutes) {
        if (route.url === '/api/site-users/account' && route.method === 'POST') continue;
        const answer = await userA.request(route.method, concretePath(route.url), {
          body: STATE_CHANGING.has(route.method) ? {} : undefined,
          headers: { 'x-xsrf-token': 'wrong' },
        });
        const label = `${describeRoute(route)} as site user A without XSRF`;
        // Owner-only routes refuse a site user outright; site-user routes refuse the missing token.
        expect([401, 403], label).toContain(answer.status);
        if (answer.status === 403) expect(['xsrf-fail', 'forbidden'], label).toContain(answer.body.error);
        if (!route.roleGroup) expect(answer.body.error, label).toBe('xsrf-fail');
      }
    });

    it('never shows site user A’s data to B or a visitor on any route', async () => {
      const mine = await userA.get('/api/site-users/account');
      expect(text(mine)).toContain(A_SECRET);
      for (const route of routes.filter((r) => r.method === 'GET')) {
        for (const [who, actor] of [
          ['visitor', visitor],
          ['site user B', userB],
        ] as const) {
          const answer = await call(actor, route);
          const label = `${describeRoute(route)} as ${who}`;
          expect(answer.status, label).toBeLessThan(500);
          expect(text(answer), label).not.toContain(A_SECRET);
          expect(text(answer), label).not.toContain('a-user@example.com');
        }
      }
      const account = await userB.get('/account');
      expect(account.body).toContain('Bea');
      expect(account.body).not.toContain(A_SECRET);
    });

    it('answers every other route without a server error for a visitor, B and an admin', async () => {
      // GET routes as visitor and B ran above; here the writes, and everything as an admin.
      for (const route of routes) {
        const actors: [string, Visitor][] = [['ADMIN', owners.get('ADMIN')!]];
        if (route.method !== 'GET') actors.push(['visitor', visitor], ['site user B', userB]);
        for (const [who, actor] of actors) {
          const answer = await call(actor, route);
          expect(answer.status, `${describeRoute(route)} as ${who}`).toBeLessThan(500);
        }
      }
    });
  });
}

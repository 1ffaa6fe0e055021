import { commentBody } from '@tessera/core/contracts/comments';
import { draftBody, pageSettingsBody } from '@tessera/core/contracts/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTRACTS, isUnpublishedRoute } from '../src/openapi-contracts.js';
import { OPENAPI_PATH } from '../src/platform/http/openapi-route.js';
import { openApiPath, routeKey } from '../src/platform/http/openapi.js';
import { DIALECTS, startTestServer, type TestServer } from '../src/testing.js';
import { createOwner, createSiteUser, signInOwner, signInSiteUser } from './auth-helpers.js';
import { addEntryBody, entryParams } from '@tessera/core/contracts/cart';
import { orderBody } from '@tessera/core/contracts/checkout';
import { productInput } from '../src/domains/catalogue/product-input.js';
import { moderationBody } from '../src/domains/comments/schemas.js';
import { reviewFields } from '@tessera/core/contracts/reviews';
import { itemIdOf } from './cart-helpers.js';
import { schemaProblems } from './json-schema-check.js';
import { concretePath, describeRoute, endsSession, listRoutes } from './route-probe.js';
import { Visitor } from './visitor.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/**
 * Published `/api` operations with a request schema (body, query or typed path parameters) taken from
 * the zod schema their handler parses. 26 before the routes declared their own contracts (issue 16), 119
 * before the catalogue, editor, theme, font, consent, review, comment and visitor form routes did (148 after),
 * 168 once the editor's page and file routes and the comment post did too, 171 with the visitor contracts
 * since, 181 once the remaining owner and visitor routes did (the rest of issue 16); the operations still
 * without one are listed in the test's output, and each takes no input at all.
 * Raise it when routes are added, never lower it.
 */
const SCHEMA_COVERAGE_FLOOR = 181;

/** The OpenAPI 3.1 rules a reader relies on, checked by hand (no network, no validator package). */
function structuralProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(doc.openapi)) problems.push('openapi is not 3.1.x');
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') problems.push('info.title/version');
  if (typeof doc.paths !== 'object') problems.push('paths is missing');
  const schemes = Object.keys(doc.components?.securitySchemes ?? {});
  const operationIds = new Set<string>();
  const serialised = JSON.stringify(doc);
  for (const match of serialised.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
    const target = match[1]!.split('/').reduce<any>((node, part) => node?.[part], doc);
    if (target === undefined) problems.push(`$ref #/${match[1]} points nowhere`);
  }
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    if (!path.startsWith('/')) problems.push(`${path}: a path starts with /`);
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, operation] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.includes(method)) problems.push(`${where}: not an HTTP method`);
      if (typeof operation.operationId !== 'string' || operationIds.has(operation.operationId)) {
        problems.push(`${where}: operationId missing or not unique`);
      }
      operationIds.add(operation.operationId);
      if (typeof operation.summary !== 'string' || operation.summary === '') problems.push(`${where}: no summary`);
      const responses = Object.entries<Json>(operation.responses ?? {});
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${where}: response key ${status}`);
        if (typeof response.description !== 'string') problems.push(`${where} ${status}: no description`);
      }
      const params: Json[] = operation.parameters ?? [];
      for (const param of params) {
        if (!['path', 'query', 'header', 'cookie'].includes(param.in) || typeof param.name !== 'string') {
          problems.push(`${where}: parameter ${JSON.stringify(param)}`);
        }
        if (param.in === 'path' && (param.required !== true || !templated.includes(param.name))) {
          problems.push(`${where}: path parameter ${param.name}`);
        }
        if (param.schema === undefined) problems.push(`${where}: parameter ${param.name} has no schema`);
      }
      for (const name of templated) {
        if (!params.some((p) => p.in === 'path' && p.name === name)) problems.push(`${where}: {${name}} undeclared`);
      }
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          if (!schemes.includes(scheme)) problems.push(`${where}: unknown security scheme ${scheme}`);
        }
      }
      if (operation.requestBody && typeof operation.requestBody.content !== 'object') {
        problems.push(`${where}: requestBody without content`);
      }
    }
  }
  return problems;
}

function bodySchemaOf(doc: Json, method: string, url: string): Json {
  const schema =
    doc.paths[openApiPath(url).path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  expect(schema, `${method} ${url} publishes a body schema`).toBeDefined();
  return schema;
}

for (const dialect of DIALECTS) {
  describe(`GET ${OPENAPI_PATH} (${dialect})`, { timeout: 120_000 }, () => {
    let server: TestServer;
    let doc: Json;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        config: {
          rateLimit: { max: 100_000, timeWindowMs: 60_000 },
          signIn: { requestsPerAddress: 10_000, addressFailures: 10_000 },
        },
      });
      const answer = await new Visitor(server.url).get(OPENAPI_PATH);
      expect(answer.status).toBe(200);
      doc = answer.body;
    }, 120_000);
    afterAll(async () => server?.close());

    it('is a structurally valid OpenAPI 3.1 document', () => {
      expect(structuralProblems(doc)).toEqual([]);
    });

    it('lists every published /api route of the catalogue exactly once, and nothing else', () => {
      const published = listRoutes(server).filter((r) => r.url.startsWith('/api/') && !isUnpublishedRoute(r));
      expect(published.length).toBeGreaterThan(100);
      const documented: string[] = [];
      for (const [path, item] of Object.entries<Json>(doc.paths)) {
        for (const method of Object.keys(item)) documented.push(`${method.toUpperCase()} ${path}`);
      }
      const expected = published.map((r) => `${r.method} ${openApiPath(r.url).path}`);
      expect(new Set(expected).size, 'two catalogue routes share one OpenAPI path').toBe(expected.length);
      expect(documented.sort()).toEqual(expected.sort());
      expect(doc.paths['/api/health'], 'operations probes are not part of the API').toBeUndefined();
    });

    it('names a registered route in every contract entry', () => {
      const registered = new Set(listRoutes(server).map(routeKey));
      expect([...API_CONTRACTS.keys()].filter((key) => !registered.has(key))).toEqual([]);
    });

    it('takes the schemas of a route from the route itself, never from a second copy in the table', () => {
      const twice = listRoutes(server)
        .filter((route) => route.contract)
        .map(routeKey)
        .filter((key) => {
          const listed = API_CONTRACTS.get(key);
          return listed?.body !== undefined || listed?.query !== undefined || listed?.params !== undefined;
        });
      expect(twice).toEqual([]);
      // The very objects the handlers parse with, not copies.
      const declared = (key: string) => listRoutes(server).find((route) => routeKey(route) === key)?.contract;
      expect(declared('POST /api/commerce/shopping-cart/entries')?.body).toBe(addEntryBody);
      expect(declared('PUT /api/commerce/shopping-cart/entries/:entryId')?.params).toBe(entryParams);
      expect(declared('POST /api/checkout/orders')?.body).toBe(orderBody);
      expect(declared('POST /api/config/products')?.body).toBe(productInput);
      expect(declared('POST /api/reviews/products/:itemId')?.body).toBe(reviewFields);
      expect(declared('PUT /api/config/comments/:commentId')?.body).toBe(moderationBody);
      expect(declared('PATCH /api/config/pages/:id')?.body).toBe(pageSettingsBody);
      expect(declared('PUT /api/config/pages/:id/draft')?.body).toBe(draftBody);
      expect(declared('POST /api/comments')?.body).toBe(commentBody);
    });

    it(`publishes request schemas for at least ${SCHEMA_COVERAGE_FLOOR} operations`, () => {
      let covered = 0;
      const lacking: string[] = [];
      for (const [path, item] of Object.entries<Json>(doc.paths)) {
        for (const [method, operation] of Object.entries<Json>(item)) {
          // A path parameter is typed when its schema says more than `{ type: 'string' }`.
          const typed = (operation.parameters ?? []).some(
            (p: Json) => p.in === 'query' || (p.in === 'path' && JSON.stringify(p.schema) !== '{"type":"string"}'),
          );
          if (operation.requestBody || typed) covered++;
          else lacking.push(`${method.toUpperCase()} ${path}`);
        }
      }
      console.info(`openapi: ${covered} operations publish a request schema; without one:\n${lacking.join('\n')}`);
      expect(covered).toBeGreaterThanOrEqual(SCHEMA_COVERAGE_FLOOR);
    });

    // Every operation describes its successful answer, in JSON or the media type it answers in (a CSV
    // download, say). Counted when first measured (issue 16): 77, then 96, 147, and every one of them
    // once the last 74 were described; tests hold each answer against its schema (answer-check.ts).
    it('publishes an answer schema for every operation', () => {
      let answered = 0;
      const lacking: string[] = [];
      for (const [path, item] of Object.entries<Json>(doc.paths)) {
        for (const [method, operation] of Object.entries<Json>(item)) {
          const schemas = Object.entries<Json>(operation.responses ?? {}).filter(
            ([status, response]) =>
              /^2\d\d$/.test(status) && Object.values<Json>(response.content ?? {}).some((media) => media.schema),
          );
          if (schemas.length > 0) answered++;
          else lacking.push(`${method.toUpperCase()} ${path}`);
        }
      }
      console.info(`openapi: ${answered} operations publish an answer schema; without one:\n${lacking.join('\n')}`);
      expect(lacking).toEqual([]);
      expect(answered).toBeGreaterThan(200);
    });

    it('refuses with each published body schema a sample body its route refuses with 400', async () => {
      await createOwner(server.db, { email: 'openapi-admin@owners.test', password: 'openapi-admin-pw', roles: [1] });
      await createSiteUser(server.db, { email: 'openapi-member@example.com', password: 'openapi-member-pw' });
      // One browser signed in as an admin owner and as a site user, so every guard lets the body through.
      const owner = await signInOwner(server.url, 'openapi-admin@owners.test', 'openapi-admin-pw');
      const actor = await signInSiteUser(server.url, 'openapi-member@example.com', 'openapi-member-pw', {
        from: owner,
      });
      const routes = listRoutes(server).filter((r) => r.url.startsWith('/api/') && !isUnpublishedRoute(r));
      // Routes that find what their address names before reading the body get real ids (a blog and its
      // post, a form).
      const blog = await server.db
        .selectFrom('collections')
        .select('id')
        .where('kind', '=', 'blog')
        .executeTakeFirstOrThrow();
      const post = await server.db
        .selectFrom('items')
        .select('id')
        .where('collection_id', '=', blog.id)
        .executeTakeFirstOrThrow();
      const form = await server.db.selectFrom('forms').select('id').executeTakeFirstOrThrow();
      const realIds: Record<string, string> = { blogId: blog.id, postId: post.id, formId: form.id };
      const addressOf = (url: string) =>
        concretePath(url).replace(/probe-(\w+)/g, (probe, name: string) => realIds[name] ?? probe);
      const problems: string[] = [];
      let checked = 0;
      for (const route of routes.filter((r) => !endsSession(r) && r.method !== 'GET')) {
        const operation = doc.paths[openApiPath(route.url).path][route.method.toLowerCase()];
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        // A JSON array where an object is expected (or the reverse): every published body refuses one.
        const sample = schema.type === 'array' ? {} : [];
        const answer = await actor.request(route.method, addressOf(route.url), { body: sample });
        const refusedBySchema = schemaProblems(schema, sample).length > 0;
        if (!refusedBySchema || answer.status !== 400) {
          problems.push(`${describeRoute(route)}: schema refuses=${refusedBySchema}, route answered ${answer.status}`);
        }
        checked++;
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });

    it('says who may call each operation and asks for the crumb header on state-changing calls', () => {
      for (const route of listRoutes(server).filter((r) => r.url.startsWith('/api/') && !isUnpublishedRoute(r))) {
        const operation = doc.paths[openApiPath(route.url).path][route.method.toLowerCase()];
        const label = describeRoute(route);
        const access = route.roleGroup ? `owner:${route.roleGroup}` : route.siteUser ? 'site-user' : 'public';
        expect(operation['x-access'], label).toBe(access);
        const headers = (operation.parameters ?? []).filter((p: Json) => p.in === 'header').map((p: Json) => p.name);
        const stateChanging = route.method !== 'GET' && !route.signedWebhook;
        expect(headers.includes('x-csrf-token'), label).toBe(stateChanging);
        if (stateChanging) expect(operation.responses['403']['x-error-codes'], label).toContain('crumb-fail');
        if (route.roleGroup) expect(operation.responses['401']['x-error-codes'], label).toContain('unauthenticated');
      }
      const self = doc.paths[OPENAPI_PATH].get;
      expect(self['x-access']).toBe('public');
      expect(doc.paths['/api/commerce/shopping-cart/entries'].post.responses['400']['x-error-codes']).toContain(
        'quantity-not-number',
      );
    });

    it('is served with a long cache, a strong ETag and 304 for a matching If-None-Match', async () => {
      const visitor = new Visitor(server.url);
      const first = await visitor.get(OPENAPI_PATH);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1])).toBeGreaterThanOrEqual(
        86_400,
      );
      expect(first.headers.get('content-type')).toMatch(/^application\/json/);
      const again = await visitor.get(OPENAPI_PATH, { headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      const stale = await visitor.get(OPENAPI_PATH, { headers: { 'if-none-match': '"something-else"' } });
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(first.body);
    });

    it('publishes body schemas that accept what the endpoints accept and refuse what they refuse with 400', async () => {
      const itemId = await itemIdOf(server, 'sticker-pack');
      const CART = '/api/commerce/shopping-cart/entries';
      const QUOTE = '/api/checkout/quote';
      const SIGN_UP = '/api/site-users/account';
      const SIGN_IN = '/api/site-users/account/session';
      const ada = { email: 'ada@example.com', password: 'long enough' };
      // [address, body, whether the endpoint takes it]: every one is a POST.
      const samples: [string, unknown, boolean][] = [
        [CART, { itemId, sku: 'STICKERS-BOT', quantity: 1 }, true],
        [CART, { sku: 'STICKERS-BOT', quantity: 1 }, false],
        [CART, { itemId: 42 }, false],
        [CART, { itemId, attributes: { Size: 3 } }, false],
        [QUOTE, { couponCodes: ['SPRING'] }, true],
        [QUOTE, { couponCodes: [1, 2] }, false],
        [QUOTE, { giftCardCode: 'x'.repeat(65) }, false],
        [SIGN_UP, ada, true],
        [SIGN_UP, { email: 'bea@example.com' }, false],
        [SIGN_UP, { email: 'cy@example.com', password: 'short' }, false],
        [SIGN_IN, { ...ada, rememberMe: true }, true],
        [SIGN_IN, { ...ada, password: 7 }, false],
        [SIGN_IN, { ...ada, rememberMe: 'yes' }, false],
      ];
      const visitor = new Visitor(server.url);
      for (const [url, body, valid] of samples) {
        const label = `POST ${url} ${JSON.stringify(body)}`;
        const problems = schemaProblems(bodySchemaOf(doc, 'POST', url), body);
        const answer = await visitor.post(url, body);
        if (valid) {
          expect(problems, label).toEqual([]);
          expect(answer.status, label).toBeGreaterThanOrEqual(200);
          expect(answer.status, label).toBeLessThan(300);
        } else {
          expect(problems.length, label).toBeGreaterThan(0);
          expect(answer.status, label).toBe(400);
          expect(answer.body.error, label).toBe('invalid-body');
        }
      }
    });
  });
}

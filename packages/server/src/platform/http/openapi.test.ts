import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  answerSchemasOf,
  buildOpenApiDocument,
  type CataloguedRoute,
  openApiPath,
  type OpenApiInput,
  type RouteContract,
} from './openapi.js';

function input(routes: CataloguedRoute[], extra: Partial<OpenApiInput> = {}): OpenApiInput {
  return {
    routes,
    contracts: new Map(),
    hidden: (route) => route.url === '/api/hidden',
    siteUserHeader: 'x-xsrf-token',
    cookies: { owner: 'owner-cookie', siteUser: 'user-cookie' },
    version: '1.2.3',
    ...extra,
  };
}

describe('openApiPath', () => {
  it('turns Fastify parameters, with or without a pattern, and wildcards into OpenAPI templates', () => {
    expect(openApiPath('/api/a/:id/b/:name(^\\d+)/*')).toEqual({
      path: '/api/a/{id}/b/{name}/{wildcard}',
      params: ['id', 'name', 'wildcard'],
    });
    expect(openApiPath('/api/plain')).toEqual({ path: '/api/plain', params: [] });
  });
});

describe('buildOpenApiDocument', () => {
  const routes: CataloguedRoute[] = [
    { method: 'GET', url: '/api/things', siteUser: false },
    { method: 'HEAD', url: '/api/things', siteUser: false },
    { method: 'GET', url: '/api/things', siteUser: false },
    { method: 'POST', url: '/api/things/:id', siteUser: false, roleGroup: 'store' },
    { method: 'PUT', url: '/api/me', siteUser: true },
    { method: 'POST', url: '/api/hook', siteUser: false, signedWebhook: true },
    { method: 'GET', url: '/api/hidden', siteUser: false },
    { method: 'GET', url: '/cart', siteUser: false },
  ];

  it('publishes each /api route once, leaving out hidden routes, HEAD and pages', () => {
    const doc = buildOpenApiDocument(input(routes)) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/hook', '/api/me', '/api/things', '/api/things/{id}']);
    expect(Object.keys(doc.paths['/api/things']!)).toEqual(['get']);
  });

  it('marks who may call a route and asks for the crumb header on state-changing ones but webhooks', () => {
    const doc = buildOpenApiDocument(input(routes)) as { paths: Record<string, Record<string, any>> };
    const owner = doc.paths['/api/things/{id}']!.post;
    expect(owner['x-access']).toBe('owner:store');
    expect(owner.security).toEqual([{ ownerSession: [] }]);
    expect(owner.responses['403']['x-error-codes']).toEqual(['crumb-fail', 'forbidden']);
    const mine = doc.paths['/api/me']!.put;
    expect(mine['x-access']).toBe('site-user');
    expect(mine.parameters.map((p: { name: string }) => p.name)).toEqual(['x-csrf-token', 'x-xsrf-token']);
    expect(doc.paths['/api/hook']!.post['x-csrf-header']).toBeNull();
    expect(doc.paths['/api/things']!.get['x-access']).toBe('public');
  });

  it('publishes a contract’s body and query as JSON Schema, with invalid-body among its errors', () => {
    const contracts = new Map([
      [
        'POST /api/things/:id',
        {
          summary: 'Make a thing',
          body: z.object({ name: z.string().max(5) }),
          query: z.object({ dry: z.string().optional() }),
        },
      ],
    ]);
    const doc = buildOpenApiDocument(input(routes, { contracts })) as { paths: Record<string, Record<string, any>> };
    const operation = doc.paths['/api/things/{id}']!.post;
    expect(operation.summary).toBe('Make a thing');
    expect(operation.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', maxLength: 5 } },
      required: ['name'],
    });
    expect(operation.parameters).toContainEqual({
      name: 'dry',
      in: 'query',
      required: false,
      schema: { type: 'string' },
    });
    expect(operation.responses['400']['x-error-codes']).toContain('invalid-body');
  });

  it('takes the schemas a route declared itself (path parameters, answer), the table adding its summary', () => {
    const thingParams = z.object({ id: z.string().max(9) });
    const declared: CataloguedRoute = {
      method: 'POST',
      url: '/api/things/:id',
      siteUser: false,
      contract: { params: thingParams, body: z.object({ size: z.number() }), response: z.object({ ok: z.boolean() }) },
    };
    const contracts = new Map([
      ['POST /api/things/:id', { summary: 'Make a thing', body: z.object({ old: z.string() }) }],
    ]);
    const doc = buildOpenApiDocument(input([declared], { contracts })) as {
      paths: Record<string, Record<string, any>>;
    };
    const operation = doc.paths['/api/things/{id}']!.post;
    expect(operation.summary).toBe('Make a thing');
    expect(operation.parameters[0]).toEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string', maxLength: 9 },
    });
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties)).toEqual(['size']);
    expect(operation.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
    });
    expect(operation.responses['400']['x-error-codes']).toContain('invalid-body');
  });

  it('publishes one answer per declared status, a lone schema standing for 200', () => {
    const created = z.object({ id: z.string() });
    const replayed = z.object({ id: z.string(), created: z.literal(false) });
    const route = (url: string, response: RouteContract['response']): CataloguedRoute => ({
      method: 'POST',
      url,
      siteUser: false,
      contract: { response },
    });
    const doc = buildOpenApiDocument(
      input([route('/api/orders', { 201: created, 200: replayed }), route('/api/lone', created)]),
    ) as { paths: Record<string, Record<string, any>> };
    const orders = doc.paths['/api/orders']!.post.responses;
    expect(Object.keys(orders).slice(0, 2)).toEqual(['200', '201']);
    expect(orders['201'].content['application/json'].schema.required).toEqual(['id']);
    expect(orders['200'].content['application/json'].schema.properties.created).toEqual({
      type: 'boolean',
      const: false,
    });
    expect(Object.keys(doc.paths['/api/lone']!.post.responses)[0]).toBe('200');
    expect(answerSchemasOf({ response: { 201: created } })).toEqual(new Map([[201, created]]));
    expect(answerSchemasOf({})).toEqual(new Map());
  });

  it('publishes a body of another media type under its own, without the JSON parser’s errors', () => {
    const route: CataloguedRoute = {
      method: 'POST',
      url: '/api/upload',
      siteUser: false,
      contract: { body: z.object({ file: z.array(z.file()) }), bodyType: 'multipart/form-data' },
    };
    const doc = buildOpenApiDocument(input([route])) as { paths: Record<string, Record<string, any>> };
    const operation = doc.paths['/api/upload']!.post;
    expect(Object.keys(operation.requestBody.content)).toEqual(['multipart/form-data']);
    expect(operation.requestBody.content['multipart/form-data'].schema.properties.file.items).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(operation.responses['400']['x-error-codes']).toEqual(['invalid-body']);
  });

  it('publishes a signed webhook’s raw body and a text answer under their media types', () => {
    const hook: CataloguedRoute = {
      method: 'POST',
      url: '/api/hook',
      siteUser: false,
      signedWebhook: true,
      contract: {
        body: z.looseObject({ id: z.string() }),
        bodyType: '*/*',
        response: { 200: z.object({ received: z.literal(true) }) },
        errors: ['bad-signature'],
      },
    };
    const download: CataloguedRoute = {
      method: 'GET',
      url: '/api/rows.csv',
      siteUser: false,
      contract: { answerType: 'text/csv', response: { 200: z.string().startsWith('Date,') } },
    };
    const doc = buildOpenApiDocument(input([hook, download])) as { paths: Record<string, Record<string, any>> };
    const operation = doc.paths['/api/hook']!.post;
    expect(Object.keys(operation.requestBody.content)).toEqual(['*/*']);
    expect(operation.requestBody.content['*/*'].schema).toMatchObject({ required: ['id'] });
    // Refused by its signature, never by its shape or a JSON parser.
    expect(operation.responses['400']['x-error-codes']).toEqual(['bad-signature']);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/json']);
    const rows = doc.paths['/api/rows.csv']!.get.responses['200'];
    expect(Object.keys(rows.content)).toEqual(['text/csv']);
    expect(rows.content['text/csv'].schema).toMatchObject({ type: 'string', pattern: '^Date,.*' });
  });

  it('moves named and recursive schema parts to components.schemas, their $refs following', () => {
    const tree: z.ZodType = z.lazy(() => z.object({ children: z.array(tree) })).meta({ id: 'Tree' });
    const loop: z.ZodType = z.lazy(() => z.array(z.union([z.string(), loop])));
    const route = (url: string, body: z.ZodType): CataloguedRoute => ({
      method: 'POST',
      url,
      siteUser: false,
      contract: { body, response: body },
    });
    const doc = buildOpenApiDocument(
      input([route('/api/a', z.object({ tree })), route('/api/b', z.object({ trees: z.array(tree), loop }))]),
    ) as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };
    const text = JSON.stringify(doc);
    expect(text).not.toContain('$defs');
    for (const [, target] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas[target!], target).toBeDefined();
    }
    const target = (schema: { $ref: string }) => doc.components.schemas[schema.$ref.split('/').pop()!];
    const a = doc.paths['/api/a']!.post;
    const asked = target(a.requestBody.content['application/json'].schema.properties.tree);
    const answered = target(a.responses['200'].content['application/json'].schema.properties.tree);
    // The request's Tree and the answer's (no other properties allowed) are two schemas under two names.
    expect(asked.additionalProperties).toBeUndefined();
    expect(answered.additionalProperties).toBe(false);
    expect(target(asked.properties.children.items)).toBe(asked);
    const trees = Object.keys(doc.components.schemas).filter((name) => name.startsWith('Tree'));
    expect(
      new Set(trees.map((name) => JSON.stringify(doc.components.schemas[name]).replace(/Tree\w*/g, ''))).size,
    ).toBe(2);
  });
});

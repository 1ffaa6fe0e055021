import { createHash } from 'node:crypto';
import { type ZodType, z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors/index.js';
import { CRUMB_HEADER } from './crumb.js';

// The published API contract (issue 16): an OpenAPI 3.1 document built from the route catalogue
// the server records at start-up and the zod schemas its routes validate with. Pure: the routes,
// their contracts and the site-user XSRF header come in as arguments (platform imports nothing above it).

/** What the document needs of one catalogue entry (`route-catalogue.ts`'s `RouteEntry`). */
export interface CataloguedRoute {
  readonly method: string;
  readonly url: string;
  readonly roleGroup?: string | undefined;
  readonly siteUser: boolean;
  readonly signedWebhook?: boolean;
  /** The contract the route declared in its own options (`config: { contract }`), if any. */
  readonly contract?: RouteContract | undefined;
}

/**
 * What is known of one route beyond the catalogue: its summary, the schemas it parses, its error codes.
 * A route declares it in its options, `config: { contract: { body, query, params, response } }`, with
 * the very zod objects its handler passes to `parseInput` (validation stays in the handler, after the
 * route's guards, so answers to bad input do not change); the catalogue records it at `onRoute`.
 */
export interface RouteContract {
  readonly summary?: string;
  readonly body?: ZodType;
  /** The media type of `body` when it is not JSON (`multipart/form-data`, `text/csv`). */
  readonly bodyType?: string;
  readonly query?: ZodType;
  /** The path parameters, as the handler parses `request.params`. */
  readonly params?: ZodType;
  /**
   * The JSON of successful answers by status (`{ 200: cartAnswer }`, `{ 201: created, 200: replayed }`),
   * where a schema of it exists; a lone schema stands for status 200.
   */
  readonly response?: ZodType | AnswerSchemas;
  /**
   * The media type of successful answers when they are not JSON (`text/csv`): `response` then
   * describes the answer's text (`z.string()`, a pattern of its first line), held against it as it is.
   */
  readonly answerType?: string;
  readonly errors?: readonly ErrorCode[];
}

/** Answer schemas keyed by HTTP status. */
export type AnswerSchemas = Readonly<Partial<Record<number, ZodType>>>;

/** The answer schemas a contract declares, keyed by status (a lone schema is the 200 answer). */
export function answerSchemasOf(contract: RouteContract | undefined): Map<number, ZodType> {
  const response = contract?.response;
  if (!response) return new Map();
  if (response instanceof z.ZodType) return new Map([[200, response]]);
  return new Map(
    Object.entries(response)
      .filter((entry): entry is [string, ZodType] => entry[1] !== undefined)
      .map(([status, schema]) => [Number(status), schema]),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's published contract (`platform/http/openapi.ts`). */
    contract?: RouteContract;
  }
}

export interface OpenApiInput {
  readonly routes: readonly CataloguedRoute[];
  /** Keyed by `METHOD /url` exactly as the catalogue spells the route. */
  readonly contracts: ReadonlyMap<string, RouteContract>;
  /** Routes left out of the published document (operations probes, test-only helpers). */
  readonly hidden: (route: CataloguedRoute) => boolean;
  /** The header a signed-in site user echoes their session's XSRF token in. */
  readonly siteUserHeader: string;
  /** The session cookies of owners and of site users. */
  readonly cookies: { readonly owner: string; readonly siteUser: string };
  readonly version: string;
}

type Json = Record<string, unknown>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VERBS: Record<string, string> = {
  GET: 'Read',
  POST: 'Send',
  PUT: 'Replace',
  PATCH: 'Change',
  DELETE: 'Delete',
};

export function routeKey(route: { method: string; url: string }): string {
  return `${route.method} ${route.url}`;
}

/** Fastify's `/a/:id(^\\d+)/*` as OpenAPI's `/a/{id}/{wildcard}`, and the parameter names in order. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replace(/\*/g, () => {
      params.push('wildcard');
      return '{wildcard}';
    });
  return { path, params };
}

/** Who may call a route, as the catalogue's authorization data says. */
export function accessOf(route: CataloguedRoute): string {
  if (route.roleGroup) return `owner:${route.roleGroup}`;
  if (route.siteUser) return 'site-user';
  return 'public';
}

function fallbackSummary(route: CataloguedRoute): string {
  const words = route.url
    .replace(/^\/api\/(config\/)?/, '')
    .split('/')
    .filter((part) => part && !part.startsWith(':') && part !== '*' && !/^\d+$/.test(part))
    .join(' ')
    .replace(/[-_.]/g, ' ');
  const where = route.url.startsWith('/api/config/') ? ' (owner area)' : '';
  return `${VERBS[route.method] ?? route.method} ${words || 'root'}${where}`;
}

/** `POST /api/config/pages/:id/publish` → `postApiConfigPagesIdPublish`; a trailing slash adds `Slash`. */
function operationId(route: CataloguedRoute): string {
  const parts = `${route.method.toLowerCase()} ${route.url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = parts.map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1))).join('');
  return route.url.endsWith('/') ? `${id}Slash` : id;
}

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), describing what a client may send. */
export function jsonSchemaOf(schema: ZodType, io: 'input' | 'output' = 'input'): Json {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

/** The properties of an object schema (query strings and path parameters), with which are required. */
function fieldsOf(schema: ZodType): { properties: Record<string, Json>; required: Set<string> } {
  const json = jsonSchemaOf(schema);
  return {
    properties: (json.properties ?? {}) as Record<string, Json>,
    required: new Set((json.required ?? []) as string[]),
  };
}

function errorCodesOf(route: CataloguedRoute, contract: RouteContract | undefined): ErrorCode[] {
  const codes = new Set<ErrorCode>(contract?.errors ?? []);
  // A signed webhook's body is refused by its signature (the contract names that code), not by its shape.
  if ((contract?.body && !route.signedWebhook) || contract?.query || contract?.params) codes.add('invalid-body');
  if (contract?.body && !contract.bodyType)
    for (const code of ['malformed-json', 'json-too-deep', 'body-too-large'] as const) codes.add(code);
  if (STATE_CHANGING.has(route.method) && !route.signedWebhook) codes.add('crumb-fail');
  if (route.roleGroup) for (const code of ['unauthenticated', 'forbidden'] as const) codes.add(code);
  if (route.siteUser) for (const code of ['unauthenticated', 'xsrf-fail'] as const) codes.add(code);
  return [...codes].sort();
}

/** The error answers of an operation, one response per status, naming the catalogue codes it may carry. */
function errorResponses(codes: readonly ErrorCode[]): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    // A code's `also` statuses belong to one context each (e.g. stock at checkout), so only its own is listed.
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].message}`).join(' '),
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { error: { enum: list } } }],
          },
        },
      },
      'x-error-codes': list,
    };
  }
  return responses;
}

/** The declared answers of an operation, one response per status. */
function answerResponses(contract: RouteContract | undefined): Record<string, Json> {
  const responses: Record<string, Json> = {};
  for (const [status, schema] of [...answerSchemasOf(contract)].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: status === 201 ? 'Created: the answer.' : 'The answer.',
      content: { [contract?.answerType ?? 'application/json']: { schema: jsonSchemaOf(schema, 'output') } },
    };
  }
  return responses;
}

function operationOf(route: CataloguedRoute, contract: RouteContract | undefined, input: OpenApiInput): Json {
  const { params } = openApiPath(route.url);
  const pathSchemas = contract?.params ? fieldsOf(contract.params).properties : {};
  const parameters: Json[] = params.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: pathSchemas[name] ?? { type: 'string' },
  }));
  if (contract?.query) {
    const { properties, required } = fieldsOf(contract.query);
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  const csrf = STATE_CHANGING.has(route.method) && !route.signedWebhook;
  if (csrf) {
    parameters.push({
      name: CRUMB_HEADER,
      in: 'header',
      required: true,
      description: 'The `crumb` cookie echoed back (plain form posts may send a `crumb` field instead).',
      schema: { type: 'string' },
    });
  }
  if (route.siteUser) {
    parameters.push({
      name: input.siteUserHeader,
      in: 'header',
      required: true,
      description: "The XSRF token of the site user's session, as signing in answered it.",
      schema: { type: 'string' },
    });
  }
  const access = accessOf(route);
  const security = route.roleGroup
    ? [{ ownerSession: [] }]
    : route.siteUser
      ? [{ siteUserSession: [] }]
      : route.signedWebhook
        ? []
        : undefined;
  const operation: Json = {
    operationId: operationId(route),
    summary: contract?.summary ?? fallbackSummary(route),
    tags: [access === 'public' ? 'public' : access === 'site-user' ? 'site-user' : 'owner'],
    'x-access': access,
    ...(route.roleGroup ? { 'x-owner-role-group': route.roleGroup } : {}),
    'x-csrf-header': csrf ? CRUMB_HEADER : null,
    ...(route.signedWebhook ? { 'x-signed-webhook': true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(security ? { security } : {}),
    responses: {
      ...answerResponses(contract),
      default: { description: 'The answer (JSON unless the address ends in a file extension such as `.csv`).' },
      ...errorResponses(errorCodesOf(route, contract)),
    },
  };
  if (contract?.body) {
    operation.requestBody = {
      required: true,
      content: { [contract.bodyType ?? 'application/json']: { schema: jsonSchemaOf(contract.body) } },
    };
  }
  return operation;
}

/**
 * zod writes the named and recursive parts of a schema (`.meta({ id })`, a `z.lazy` cycle) to the
 * schema's own `$defs`; in an OpenAPI document `#/…` is the document, so they move to
 * `components.schemas` and their `$ref`s follow. Unnamed parts, and named ones whose name a different
 * schema already holds (the same schema as a request and as an answer), are named after their set's contents.
 */
export function hoistDefinitions(node: unknown, shared: Record<string, Json>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistDefinitions(item, shared));
  if (!node || typeof node !== 'object') return node;
  const { $defs, ...rest } = node as Json;
  if (!$defs || typeof $defs !== 'object') {
    return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, hoistDefinitions(value, shared)]));
  }
  const set = $defs as Record<string, Json>;
  const tag = createHash('sha256').update(JSON.stringify(set)).digest('hex').slice(0, 8);
  // Unnamed parts, and named ones whose name another schema holds, take the set's tag.
  const tagged = new Set(Object.keys(set).filter((name) => name.startsWith('__')));
  const nameOf = (name: string) => (tagged.has(name) ? `${name.replace(/^_+/, '')}_${tag}` : name);
  const relink = <T>(value: T): T =>
    JSON.parse(
      JSON.stringify(value).replace(
        /"#\/\$defs\/([^"]+)"/g,
        (_m, name: string) => `"#/components/schemas/${nameOf(name)}"`,
      ),
    ) as T;
  for (;;) {
    const clashes = Object.entries(relink(set)).filter(
      ([name, schema]) =>
        !tagged.has(name) && shared[name] !== undefined && JSON.stringify(shared[name]) !== JSON.stringify(schema),
    );
    if (clashes.length === 0) break;
    for (const [name] of clashes) tagged.add(name);
  }
  for (const [name, schema] of Object.entries(relink(set))) shared[nameOf(name)] = schema;
  return relink(rest);
}

/** The OpenAPI 3.1 document of every published `/api` route, in catalogue order. */
export function buildOpenApiDocument(input: OpenApiInput): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const seen = new Set<string>();
  for (const route of input.routes) {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    if (input.hidden(route) || seen.has(routeKey(route))) continue;
    seen.add(routeKey(route));
    const { path } = openApiPath(route.url);
    paths[path] ??= {};
    // The route's own schemas; the table adds summaries and error codes the route does not declare.
    const listed = input.contracts.get(routeKey(route));
    const contract = route.contract || listed ? { ...listed, ...route.contract } : undefined;
    paths[path][route.method.toLowerCase()] = operationOf(route, contract, input);
  }
  const shared: Record<string, Json> = {};
  const published = hoistDefinitions(paths, shared) as typeof paths;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tessera API',
      version: input.version,
      description:
        'Generated at start-up from the route catalogue and the zod schemas the routes validate with. ' +
        '`x-access` says who may call an operation: `public`, `site-user` or `owner:<role group>`.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: [
      { name: 'public', description: 'Anyone, signed in or not.' },
      { name: 'site-user', description: 'A signed-in site user (visitor account).' },
      { name: 'owner', description: 'A signed-in owner whose role is in the route’s role group.' },
    ],
    paths: published,
    components: {
      schemas: {
        ...shared,
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'string' }, message: { type: 'string' } },
        },
      },
      securitySchemes: {
        ownerSession: { type: 'apiKey', in: 'cookie', name: input.cookies.owner, description: 'An owner session.' },
        siteUserSession: {
          type: 'apiKey',
          in: 'cookie',
          name: input.cookies.siteUser,
          description: 'A site user session.',
        },
      },
    },
  };
}

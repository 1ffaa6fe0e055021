import { createHash } from 'node:crypto';
import { openApiDocument } from '@tessera/core/contracts/openapi';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type OpenApiInput } from './openapi.js';

export const OPENAPI_PATH = '/api/openapi.json';
/** A day, then the ETag makes revalidating cheap; the document changes only when the server is deployed. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** True when `If-None-Match` names `etag` (or `*`); weak forms compare equal for a GET. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * `GET /api/openapi.json`: the document is built once, at its first request (every plugin has added
 * its routes to the catalogue by then; a server nobody asks pays nothing), and served from memory with
 * a long cache and a strong ETag.
 */
export function installOpenApiRoute(app: FastifyInstance, input: () => OpenApiInput): void {
  let body = '';
  let etag = '';
  app.get(OPENAPI_PATH, { config: { contract: { response: openApiDocument } } }, async (request, reply) => {
    if (!body) {
      body = JSON.stringify(buildOpenApiDocument(input()));
      etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    }
    reply.header('cache-control', OPENAPI_CACHE_CONTROL).header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}

import { expect } from 'vitest';
import type { ZodType } from 'zod';
import { OPENAPI_PATH } from '../src/platform/http/openapi-route.js';
import { hoistDefinitions, jsonSchemaOf } from '../src/platform/http/openapi.js';
import { schemaProblems } from './json-schema-check.js';
import type { Answer, Visitor } from './visitor.js';

// Checks of a real answer against the contract its route publishes (issue 16): the zod schema from
// `@tessera/core/contracts/<area>` and its JSON Schema in `GET /api/openapi.json`.

type Json = Record<string, any>;

/**
 * The answer has `status`, parses with `schema` without losing a key (the schema names every field the
 * server sends) and conforms to the JSON Schema made of it. Returns the parsed body.
 */
export function expectAnswer<T>(schema: ZodType<T>, answer: Answer, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const parsed = schema.safeParse(answer.body);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  expect(parsed.data).toEqual(answer.body);
  expect(schemaProblems(jsonSchemaOf(schema, 'output'), answer.body)).toEqual([]);
  return parsed.data as T;
}

/** The published OpenAPI document, as any caller reads it. */
export async function openApiDocument(visitor: Visitor): Promise<Json> {
  const answer = await visitor.get<Json>(OPENAPI_PATH);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The operation publishes `schema` as its answer of `status` (`path` as OpenAPI writes it, `/a/{id}`). */
export function expectPublishedAnswer(doc: Json, method: string, path: string, schema: ZodType, status = 200): void {
  const operation = doc.paths?.[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is published`).toBeDefined();
  const published = operation.responses?.[String(status)]?.content?.['application/json']?.schema;
  // Named and recursive parts (`$defs`) are published under components.schemas, as the document holds them.
  const components = structuredClone(doc.components?.schemas ?? {});
  const expected = hoistDefinitions(jsonSchemaOf(schema, 'output'), components);
  expect(published, `${method} ${path} publishes its ${status} answer`).toEqual(expected);
  expect(components, `${method} ${path} publishes the parts its answer names`).toEqual(doc.components?.schemas ?? {});
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { ERROR_CATALOGUE } from '../errors/index.js';
import { answerSchemasOf, type RouteContract } from './openapi.js';

// Tests only (issue 16): every JSON answer of a route that declares answer schemas in its contract
// (`config: { contract: { response: { 200: schema } } }`) is held against the schema before it is sent,
// so the whole test suite keeps the published schemas true. A mismatch becomes a loud 500 naming the
// route and the problems, and is logged. `startTestServer` turns it on; a production server never does
// (`ServerConfig.checkAnswers` is not read from the environment).

export const ANSWER_MISMATCH_PREFIX = 'The answer does not match its published schema';

/** Keys of `sent` that `parsed` lost: fields the schema does not describe (zod drops unknown keys). */
export function undescribedFields(sent: unknown, parsed: unknown, path = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => undescribedFields(item, parsed[i], `${path}[${i}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    Object.hasOwn(parsed, key)
      ? undescribedFields(value, parsed[key], `${path}.${key}`)
      : [`${path}.${key}: not in the schema`],
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The problems of one answer against the schemas of its route, empty when it conforms. `body` is the
 * serialized JSON, or the text itself when the route answers `answerType` (`text/csv`); a 2xx status
 * the route declared no schema for is a problem too.
 */
export function answerProblems(
  schemas: ReadonlyMap<number, ZodType>,
  status: number,
  body: string,
  answerType?: string,
): string[] {
  const schema = schemas.get(status);
  if (!schema) {
    return status >= 200 && status < 300
      ? [`status ${status} has no answer schema (declared: ${[...schemas.keys()]})`]
      : [];
  }
  if (answerType) {
    // A text answer (`text/csv`): the schema describes the text itself.
    const result = schema.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => `${answerType}: ${issue.message}`);
  }
  let sent: unknown;
  try {
    sent = JSON.parse(body);
  } catch {
    return ['the answer is not JSON'];
  }
  const result = schema.safeParse(sent);
  if (!result.success) {
    return result.error.issues.map((issue) => `$${issue.path.map((p) => `.${String(p)}`).join('')}: ${issue.message}`);
  }
  return undescribedFields(sent, result.data);
}

/** Installs the check as an `onSend` hook (before compression, which would turn the answer into bytes). */
export function installAnswerCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const contract = (request.routeOptions.config as { contract?: RouteContract } | undefined)?.contract;
    if (!contract?.response || request.method === 'HEAD') return payload;
    const status = reply.statusCode;
    if (status === 204 || status === 304 || (status >= 300 && status < 400)) return payload;
    const problems =
      typeof payload === 'string'
        ? answerProblems(answerSchemasOf(contract), status, payload, contract.answerType)
        : ['the answer is not text'];
    const sentType = String(reply.getHeader('content-type') ?? '');
    if (contract.answerType && status < 300 && !sentType.startsWith(contract.answerType)) {
      problems.push(`the answer is ${sentType || 'untyped'}, not ${contract.answerType}`);
    }
    if (problems.length === 0) return payload;
    const where = `${request.method} ${request.routeOptions.url} (${status})`;
    const message = `${ANSWER_MISMATCH_PREFIX}: ${where}: ${problems.slice(0, 8).join('; ')}`;
    request.log.error({ problems, route: where }, ANSWER_MISMATCH_PREFIX);
    // Tests run with the logger off: the message goes to the test's output as well.
    console.error(message);
    reply.code(ERROR_CATALOGUE.internal.status).type('application/json; charset=utf-8');
    return JSON.stringify({ error: 'internal', message });
  });
}

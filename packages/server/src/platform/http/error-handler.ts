import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { SiteNotFoundError } from '../errors/site-not-found.js';
import { AppError, ERRORS } from '../errors/aliases.js';
import { applySecurityHeaders } from './security-headers.js';
import { describeZodError } from './validate.js';

/** Maps Fastify's own request errors (body parsing, content type, size) to catalogue entries. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        'malformed-json',
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty; send a JSON object.'
          : ERRORS['malformed-json'].message,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('unsupported-media-type');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('body-too-large');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError('malformed-json');
  if (error.statusCode === 429) return new AppError('rate-limited');
  if (error.validation) return new AppError('invalid-body', error.message);
  return undefined;
}

/** PostgreSQL error codes for text the database cannot hold (character_not_in_repertoire, untranslatable). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** True for PostgreSQL's refusal of text it cannot hold (a NUL character): the input's fault. */
export function isUnstorableText(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code)));
}
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found)/;

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('invalid-body', describeZodError(error));
  if (error instanceof SiteNotFoundError) return new AppError('not-found', error.message);
  // PostgreSQL refuses text it cannot store (a NUL character, invalid UTF-8): the input's fault, not ours.
  if (isUnstorableText(error)) {
    return new AppError('invalid-body', 'The request contains characters that cannot be stored, such as NUL.');
  }
  // The multipart parser (busboy) throws plain errors for a body that is not the multipart it claims to be.
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
    return new AppError('invalid-body', 'The multipart form data is malformed.');
  }
  if (error && typeof error === 'object') {
    const known = fromFastifyError(error as FastifyError);
    if (known) return known;
    const status = (error as FastifyError).statusCode;
    // Any other client error Fastify or a plugin raised keeps its status, with a readable message.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return Object.assign(new AppError('bad-request', (error as Error).message), { status });
    }
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: failures before routing, such as a path whose percent escape is not
 * UTF-8 (`/%ED%A0%80`) or a too long parameter. Fastify would answer them itself, without the
 * error handler or the security headers; here they get the usual `{ error, message }` and headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let answer: AppError;
  if (error.code === 'FST_ERR_BAD_URL') {
    answer = new AppError('bad-url');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    answer = new AppError('url-too-long');
  } else {
    answer = toAppError(error) ?? new AppError('internal');
    if (answer.status >= 500) request.log.error({ err: error }, answer.message);
  }
  applySecurityHeaders(request, reply);
  reply.code(answer.status).type('application/json; charset=utf-8').send(withRequestId(answer, request));
}

/** 5xx answers name the request id (issue 18), so a report can be matched with the log lines. */
function withRequestId(answer: AppError, request: FastifyRequest): object {
  return answer.status >= 500 ? { ...answer.toJSON(), requestId: request.id } : answer.toJSON();
}

/** The one place errors become HTTP answers: `{ error, message }` with the catalogue's status. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      return reply.code(known.status).type('application/json; charset=utf-8').send(withRequestId(known, request));
    }
    request.log.error({ err: error }, 'unhandled error');
    const internal = new AppError('internal');
    return reply.code(internal.status).type('application/json; charset=utf-8').send(withRequestId(internal, request));
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const notFound = new AppError('not-found', `Nothing was found at ${request.method} ${request.url.split('?')[0]}.`);
    return reply.code(404).type('application/json; charset=utf-8').send(notFound.toJSON());
  });
}

import type { FastifyInstance } from 'fastify';
import { nestsDeeperThan, tooDeepError } from './json-depth.js';

/**
 * JSON bodies through Fastify's own safe parser (prototype poisoning refused), except that an
 * empty body reads as "no body": a DELETE sent with a JSON content type but nothing to say is
 * fine, and routes that need a body answer their own readable 400. A body nested deeper than
 * `MAX_JSON_DEPTH` is refused with 400 `json-too-deep` for every route.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(text)) {
      done(tooDeepError(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

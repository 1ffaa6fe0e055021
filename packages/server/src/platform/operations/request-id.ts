import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, LogController } from 'fastify';

/** An incoming `X-Request-Id` is kept when it is this sane (a proxy's or a load balancer's id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the caller's sane `X-Request-Id`, else a random UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify options: request ids from `requestIdFor`, logged as `requestId` on every line a request
 * logs (Fastify's pino writes JSON lines; `TESSERA_LOG=1` or `LOG_FORMAT=json` turns it on).
 */
export function requestIdOptions() {
  return {
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  };
}

/** Echoes the request id in an `X-Request-Id` answer header (error answers also carry it: `platform/http/error-handler.ts`). */
export function installRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { MIGRATIONS } from '../db/migrations.js';
import '../storage/index.js';
import { migrationDrift } from './migration-guard.js';

/** Each readiness check gets this long before it counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | 'skipped' | string;

function withTimeout<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: the process is up (200 `{ ok: true }`, nothing checked).
 * `GET /readyz`: the node can serve: the database answers, Redis answers (when `REDIS_URL` is
 * set), the files folder is writable and the database's migrations are exactly this build's.
 * 200 `{ ok: true, checks }`, or 503 `{ ok: false, error: 'not-ready', message, checks }` naming
 * each failed check. While the server shuts down, Fastify answers 503 to both.
 */
export function installHealthRoutes(app: FastifyInstance): void {
  let redis: Redis | undefined;
  if (app.config.redisUrl) {
    redis = new Redis(app.config.redisUrl, {
      lazyConnect: true,
      connectTimeout: CHECK_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      connectionName: 'tessera:readyz',
    });
    redis.on('error', () => {});
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));

  app.get('/readyz', async (_request, reply) => {
    const checks: Record<string, CheckResult> = {};
    const run = async (name: string, check: () => Promise<CheckResult>) => {
      try {
        checks[name] = await withTimeout(check());
      } catch (error) {
        // The reason goes to the log, not to whoever asks.
        app.log.warn({ err: error, check: name }, 'readiness check failed');
        checks[name] = 'failed';
      }
    };
    await Promise.all([
      run('database', async () => {
        await sql`select 1`.execute(app.db);
        return 'ok';
      }),
      run('redis', async () => {
        if (!redis) return 'skipped';
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect().catch(() => {});
        const pong = await redis.ping();
        return pong === 'PONG' ? 'ok' : `failed: answered ${pong}`;
      }),
      run('files', async () => {
        if (app.hasDecorator('fileStorage')) await app.fileStorage.check();
        else await access(app.config.filesDir, constants.W_OK);
        return 'ok';
      }),
      run('migrations', async () => {
        const drift = await migrationDrift(app.db, Object.keys(MIGRATIONS));
        if (drift.unknown.length) return 'failed: the database is newer than this build';
        if (drift.pending.length) return `failed: ${drift.pending.length} migration(s) not applied`;
        return 'ok';
      }),
    ]);
    const failed = Object.keys(checks).filter((name) => checks[name] !== 'ok' && checks[name] !== 'skipped');
    reply.header('cache-control', 'no-store');
    if (failed.length === 0) return reply.send({ ok: true, checks });
    return reply.code(503).send({ ok: false, error: 'not-ready', message: `Not ready: ${failed.join(', ')}.`, checks });
  });
}

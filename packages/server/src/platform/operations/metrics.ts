import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { pgPoolOf } from '../db/connect.js';
import type { InvalidationBus } from '../cluster/invalidation-bus.js';
import { nodeCounters } from './counters.js';

declare module '../../app.js' {
  interface AppServices {
    /** Set by the pages plugin: remembered pages found and not found (`render/render-memo.ts`). */
    pageCacheStats?: () => { hits: number; misses: number };
  }
}

/**
 * `GET /metrics` in Prometheus text format (issue 18), one `prom-client` registry per app (tests
 * start many apps in one process). Off unless `METRICS_TOKEN` is set: without it the route answers
 * 404 like any unknown address; with it, a request must send `Authorization: Bearer <token>`
 * (401 otherwise).
 */
export function installMetrics(app: FastifyInstance, options: { token?: string; bus: InvalidationBus }): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tessera_' });

  const requests = new Counter({
    name: 'tessera_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = pgPoolOf(app.db);
  if (pool) {
    new Gauge({
      name: 'tessera_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  new Counter({
    name: 'tessera_cache_lookups_total',
    help: 'Content lookups (content) and rendered pages (page) found in the cache (hit) or loaded (miss).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const content = app.services.content.cacheStats();
      const page = app.services.pageCacheStats?.() ?? { hits: 0, misses: 0 };
      this.inc({ cache: 'content', result: 'hit' }, content.hits);
      this.inc({ cache: 'content', result: 'miss' }, content.misses);
      this.inc({ cache: 'page', result: 'hit' }, page.hits);
      this.inc({ cache: 'page', result: 'miss' }, page.misses);
    },
  });

  new Gauge({
    name: 'tessera_cache_size',
    help: 'What the content cache holds: its entries, and their estimated size in bytes (bounded; issue 20).',
    labelNames: ['cache', 'unit'] as const,
    registers: [registry],
    collect() {
      const content = app.services.content.cacheStats();
      this.set({ cache: 'content', unit: 'bytes' }, content.bytes);
      this.set({ cache: 'content', unit: 'entries' }, content.entries);
    },
  });

  const bus = options.bus;
  new Gauge({
    name: 'tessera_cache_invalidation_connected',
    help: 'Whether the cross-node cache invalidation channel is listening (1) or down (0).',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.set({ kind: bus.kind }, bus.connected ? 1 : 0);
    },
  });
  new Counter({
    name: 'tessera_cache_invalidations_total',
    help: 'Cross-node invalidation messages published and received, and channel reconnections.',
    labelNames: ['event'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ event: 'published' }, bus.stats.published);
      this.inc({ event: 'received' }, bus.stats.received);
      this.inc({ event: 'reconnected' }, bus.stats.reconnects);
    },
  });

  const counters = nodeCounters(app.db);
  new Counter({
    name: 'tessera_job_runs_total',
    help: 'Scheduled job runs by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, { runs, failures }] of counters.jobs) {
        this.inc({ job, outcome: 'ok' }, runs - failures);
        this.inc({ job, outcome: 'failed' }, failures);
      }
    },
  });
  new Counter({
    name: 'tessera_mails_total',
    help: 'Mails handed to SMTP or the outbox (sent), and those that failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'sent' }, counters.mails.sent);
      this.inc({ outcome: 'failed' }, counters.mails.failed);
    },
  });

  // The job queue (issue 18, `jobs/`): shared by all nodes on PostgreSQL, so every node reports the same depth.
  new Gauge({
    name: 'tessera_job_queue_jobs',
    help: 'Job occurrences by state: queued (new or waiting to retry), active, failed (gave up, kept 7 days).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const stats = await app.services.jobs?.stats().catch(() => undefined);
      if (!stats) return;
      this.set({ state: 'queued' }, stats.queued);
      this.set({ state: 'active' }, stats.active);
      this.set({ state: 'failed' }, stats.failed);
    },
  });
  new Gauge({
    name: 'tessera_job_queue_lag_seconds',
    help: 'How long the oldest job occurrence ready to run has waited.',
    registers: [registry],
    async collect() {
      const stats = await app.services.jobs?.stats().catch(() => undefined);
      if (stats) this.set(stats.lagSeconds);
    },
  });

  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;
  app.get('/metrics', async (request, reply) => {
    if (expected === undefined) return reply.callNotFound();
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'unauthorized', message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

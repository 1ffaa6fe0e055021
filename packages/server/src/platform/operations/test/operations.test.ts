// Issue 18, operations: /healthz, /readyz, /metrics, request ids, and migrations on several nodes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { openDatabase, pgConnectionConfig } from '../../db/connect.js';
import { MIGRATIONS, migrateToLatest } from '../../db/migrations.js';
import { seedDemoSite } from '../../../seed/seed.js';
import { createMailService } from '../../mail/mail-service.js';
import { assertDatabaseNotNewer, withStartupLock } from '../migration-guard.js';
import { DIALECTS, startTestServer, TEST_DATABASE_URL, type TestServer } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

for (const dialect of DIALECTS) {
  describe(`operations (${dialect})`, { timeout: 60_000 }, () => {
    let closed: TestServer;

    const suite = suiteServer(dialect, {}, { metricsToken: TOKEN });
    beforeAll(async () => {
      closed = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await closed?.close();
    });

    it('GET /healthz answers 200 { ok: true }', async () => {
      const answer = await Visitor.of(suite.server).get('/healthz');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
    });

    it('GET /readyz answers 200 with every check ok, and 503 naming the migrations when the database is newer', async () => {
      const ready = await Visitor.of(suite.server).get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        ok: true,
        checks: { database: 'ok', redis: 'skipped', files: 'ok', migrations: 'ok' },
      });

      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
        suite.server.db,
      );
      try {
        const newer = await Visitor.of(suite.server).get('/readyz');
        expect(newer.status).toBe(503);
        expect(newer.body).toMatchObject({ ok: false, error: 'not-ready', message: 'Not ready: migrations.' });
        expect(newer.body.checks.migrations).toBe('failed: the database is newer than this build');
        expect(newer.body.checks.database).toBe('ok');
      } finally {
        await sql`delete from kysely_migration where name = '9999_from_the_future'`.execute(suite.server.db);
      }
    });

    it('GET /readyz answers 503 naming Redis when the configured Redis does not answer', async () => {
      const noRedis = await startTestServer({ dialect, config: { redisUrl: 'redis://127.0.0.1:1' } });
      try {
        const answer = await Visitor.of(noRedis).get('/readyz');
        expect(answer.status).toBe(503);
        expect(answer.body.message).toBe('Not ready: redis.');
        expect(answer.body.checks).toEqual({ database: 'ok', redis: 'failed', files: 'ok', migrations: 'ok' });
        // The process itself is up.
        expect((await Visitor.of(noRedis).get('/healthz')).status).toBe(200);
      } finally {
        await noRedis.close();
      }
    });

    it('GET /metrics is 404 without METRICS_TOKEN, 401 with a wrong token, Prometheus text with the right one', async () => {
      const off = await fetch(`${closed.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(off.status).toBe(404);
      expect((await fetch(`${suite.server.url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${suite.server.url}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer');

      // Some traffic: a probe, two views of a product page (a cache miss, then hits) and a 404.
      await new Visitor(suite.server.url).get('/healthz');
      await new Visitor(suite.server.url).get('/shop/p/linen-shirt');
      await new Visitor(suite.server.url).get('/shop/p/linen-shirt');
      await new Visitor(suite.server.url).get('/api/no-such-route');
      await suite.server.app.services.jobs?.runAll();
      const mail = { to: 'ops@example.com', subject: 'Metrics', text: 'Counted.' };
      await createMailService(suite.server.db, {}).send(mail);
      await expect(createMailService(suite.server.db, { smtpUrl: 'smtp://127.0.0.1:1' }).send(mail)).rejects.toThrow();

      const answer = await fetch(`${suite.server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await answer.text();
      expect(text).toMatch(/tessera_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
      expect(text).toMatch(/tessera_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
      expect(text).toMatch(/tessera_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz"/);
      expect(
        Number(/tessera_cache_lookups_total\{cache="content",result="hit"\} (\d+)/.exec(text)?.[1]),
      ).toBeGreaterThan(0);
      // A view of the same page again is a hit once its context is settled (on a busy machine the first
      // views may still differ, e.g. while a picture's size is being read): view until one is.
      const pageHits = async () => {
        await new Visitor(suite.server.url).get('/shop/p/linen-shirt');
        const metrics = await fetch(`${suite.server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        return Number(/tessera_cache_lookups_total\{cache="page",result="hit"\} (\d+)/.exec(await metrics.text())?.[1]);
      };
      await expect.poll(pageHits).toBeGreaterThan(0);
      expect(text).toMatch(/tessera_job_runs_total\{job="stock-holds",outcome="ok"\} [1-9]/);
      expect(text).toMatch(/tessera_mails_total\{outcome="sent"\} 1\n/);
      expect(text).toMatch(/tessera_mails_total\{outcome="failed"\} 1\n/);
      expect(text).toContain('tessera_process_cpu_seconds_total');
      if (dialect === 'postgres') {
        expect(text).toMatch(/tessera_db_pool_connections\{state="total"\} [1-9]/);
        expect(text).toMatch(/tessera_cache_invalidation_connected\{kind="postgres"\} 1/);
      } else {
        expect(text).not.toContain('tessera_db_pool_connections');
        expect(text).toMatch(/tessera_cache_invalidation_connected\{kind="local"\} 1/);
      }
      // Each app counts its own requests.
      const other = await startTestServer({ dialect, config: { metricsToken: TOKEN } });
      try {
        const fresh = await (
          await fetch(`${other.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
        ).text();
        expect(fresh).not.toContain('route="/healthz"');
      } finally {
        await other.close();
      }
    });

    it('echoes a sane X-Request-Id, makes one up otherwise, and names it in 5xx answers', async () => {
      const kept = await fetch(`${suite.server.url}/healthz`, { headers: { 'x-request-id': 'lb-1234abcd-5678' } });
      expect(kept.headers.get('x-request-id')).toBe('lb-1234abcd-5678');
      const replaced = await fetch(`${suite.server.url}/healthz`, { headers: { 'x-request-id': 'no good <script>' } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      const made = await fetch(`${suite.server.url}/api/no-such-route`);
      expect(made.status).toBe(404);
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(await made.json()).not.toHaveProperty('requestId');

      const app = await buildApp({ db: suite.server.db, config: suite.server.app.config });
      try {
        app.get('/boom', async () => {
          throw new Error('database on fire');
        });
        const boom = await app.inject({ method: 'GET', url: '/boom', headers: { 'x-request-id': 'trace-0000-1111' } });
        expect(boom.statusCode).toBe(500);
        expect(boom.headers['x-request-id']).toBe('trace-0000-1111');
        expect(boom.json()).toMatchObject({ error: 'internal', requestId: 'trace-0000-1111' });
        expect(boom.body).not.toContain('database on fire');
      } finally {
        await app.close();
      }
    });

    it('refuses to migrate a database newer than this build, with a clear message', async () => {
      await sql`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01T00:00:00.000Z')`.execute(
        suite.server.db,
      );
      try {
        await expect(migrateToLatest(suite.server.db)).rejects.toThrow(
          /This database was upgraded by a newer Tessera: it has migrations this build does not know \(9999_from_the_future\)/,
        );
      } finally {
        await sql`delete from kysely_migration where name = '9999_from_the_future'`.execute(suite.server.db);
      }
      await expect(assertDatabaseNotNewer(suite.server.db, Object.keys(MIGRATIONS))).resolves.toBeUndefined();
    });
  });
}

if (DIALECTS.includes('postgres')) {
  describe('migrations when several nodes start together (postgres)', { timeout: 120_000 }, () => {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    const admin = () => new pg.Client(pgConnectionConfig(TEST_DATABASE_URL));

    beforeAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
    });
    afterAll(async () => {
      const client = admin();
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });

    it('three nodes migrating and seeding a fresh schema at once both succeed, and each migration runs once', async () => {
      const nodes = [1, 2, 3].map(() => openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema }).db);
      const filesDir = mkdtempSync(join(tmpdir(), 'tessera-ops-'));
      try {
        const results = await Promise.all(
          nodes.map((db) =>
            withStartupLock(db, async () => {
              const applied = await migrateToLatest(db);
              const seeded = await seedDemoSite(db, { filesDir });
              return { applied, created: seeded.created };
            }),
          ),
        );
        const all = Object.keys(MIGRATIONS);
        // One node applied every migration, the others found nothing to do.
        expect(results.map((r) => r.applied.length).sort((x, y) => x - y)).toEqual([0, 0, all.length]);
        expect(results.filter((r) => r.created)).toHaveLength(1);
        const db = nodes[0] as (typeof nodes)[number];
        const { rows } = await sql<{ name: string; n: number }>`
          select name, count(*)::int as n from kysely_migration group by name`.execute(db);
        expect(rows).toHaveLength(all.length);
        expect(rows.every((row) => row.n === 1)).toBe(true);
        expect((await db.selectFrom('sites').select('id').execute()).length).toBe(1);
      } finally {
        await Promise.all(nodes.map((db) => db.destroy()));
        rmSync(filesDir, { recursive: true, force: true });
      }
    });

    // CI, 2026-11: "column "site_id" of relation "member_areas" does not exist" while another test
    // server's schema was being migrated. Kysely's own check listed the columns of every schema's
    // tables, and PostgreSQL fails that list when a table it names is dropped meanwhile; a
    // migration now looks at its own schema only.
    it("a migration does not fail while other schemas' tables come and go", async () => {
      const other = `t_${randomBytes(8).toString('hex')}`;
      const churn = admin();
      await churn.connect();
      await churn.query(`create schema ${other}`);
      const columns = Array.from({ length: 40 }, (_, i) => `c${i} int`).join(', ');
      let stop = false;
      const churning = (async () => {
        for (let round = 0; !stop; round++) {
          await churn.query(`create table ${other}.t${round % 4} (id serial primary key, ${columns})`);
          await churn.query(`drop table ${other}.t${(round + 2) % 4}`).catch(() => {});
        }
      })();
      const { db } = openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema });
      try {
        // The schema is migrated by the test above; each run still checks Kysely's tables.
        for (let run = 0; run < 40; run++) await migrateToLatest(db);
      } finally {
        stop = true;
        await churning.catch(() => {});
        await db.destroy();
        await churn.query(`drop schema if exists ${other} cascade`);
        await churn.end();
      }
    });
  });
}

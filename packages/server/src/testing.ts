import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from './app.js';
import { DEFAULT_RATE_LIMIT, type ServerConfig } from './platform/config.js';
import { type DialectName, openDatabase, pgConnectionConfig, pgPoolOf } from './platform/db/connect.js';
import { migrateToLatest } from './platform/db/migrations.js';
import type { Database } from './platform/db/schema.js';
import { CONTENT_IMAGE_DIR, SEED_IMAGE_DIR, SEED_IMAGES_VERSION } from './domains/sites/index.js';
import { seedDemoSite } from './seed/seed.js';

export type { DialectName } from './platform/db/connect.js';
/** The demo site every test server seeds (tests under domains/ take it from here, not from seed/). */
export { DEMO_SITE_ID } from './seed/seed.js';

/** The PostgreSQL server integration tests use (trust auth, database `test`). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://127.0.0.1:5432/test';

export interface TestServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:43121 */
  url: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where its data lives: the PostgreSQL schema, or the SQLite file (for `sameDatabaseAs`). */
  database: { schema?: string; sqliteFile?: string };
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect: DialectName;
  /** Overrides of the server configuration (rate limit, Redis, …). */
  config?: Partial<ServerConfig>;
  /**
   * A second node of another test server's shop (issue 18): its own connections to the same
   * PostgreSQL schema or SQLite file, not migrated or seeded again, left in place on close.
   */
  sameDatabaseAs?: TestServer;
  /**
   * A files folder of its own (removed on close) instead of the one test servers share, for a suite
   * that counts or clears what is stored under a site's files: another suite writing the same
   * demo-site keys at the same time cannot change its counts. The seed's pictures are copied in.
   */
  ownFiles?: boolean;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ ...pgConnectionConfig(TEST_DATABASE_URL), connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function resolveDialects(): Promise<DialectName[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  const message = `PostgreSQL is not reachable at ${TEST_DATABASE_URL}`;
  if (process.env.TESSERA_REQUIRE_POSTGRES === '1') throw new Error(`${message} and TESSERA_REQUIRE_POSTGRES=1.`);
  console.warn(`${message}; running the SQLite suite only.`);
  return ['sqlite'];
}

/** The dialects to run every integration suite on: SQLite, and PostgreSQL when a server answers. */
export const DIALECTS: DialectName[] = await resolveDialects();

/** Seed images are the same for every test server, so they are drawn once per machine. */
const SHARED_FILES_DIR = join(tmpdir(), `tessera-test-files-${SEED_IMAGES_VERSION}`);

/** A files folder inside `dataDir` holding copies of the seed's pictures drawn into the shared folder. */
function ownFilesDir(dataDir: string): string {
  const dir = join(dataDir, 'files');
  for (const drawn of [SEED_IMAGE_DIR, CONTENT_IMAGE_DIR]) {
    const from = join(SHARED_FILES_DIR, drawn);
    if (existsSync(from)) cpSync(from, join(dir, drawn), { recursive: true });
  }
  return dir;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgConnectionConfig(TEST_DATABASE_URL));
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** How long a test server's close waits for the app, then for the database pool, before it says why and moves on. */
const CLOSE_PATIENCE_MS = { app: 25_000, database: 15_000 };

/**
 * Waits for one stage of a PostgreSQL test server's close (`app.close()`, then the pool's end) at most
 * its patience. When the stage takes longer, prints to stderr what it is waiting for (the pool's
 * counts, and each of the schema's connections with its state and last statement), so a connection
 * that was never given back is named in the test log instead of ending as a bare hook timeout.
 */
async function stageWithin(
  work: Promise<unknown>,
  stage: keyof typeof CLOSE_PATIENCE_MS,
  schema: string,
  pool: pg.Pool | undefined,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_PATIENCE_MS[stage]);
  });
  const settled = work.then(
    () => 'done' as const,
    () => 'done' as const,
  );
  const outcome = await Promise.race([settled, late]);
  clearTimeout(timer);
  if (outcome === 'done') return;
  const connections = await withAdminClient((client) =>
    client.query(
      `select pid, application_name, state, xact_start, wait_event_type, wait_event, left(query, 300) as query
         from pg_stat_activity where application_name like $1`,
      [`${schema}%`],
    ),
  ).catch((error: unknown) => ({ rows: [String(error)] }));
  const counts = pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : undefined;
  process.stderr.write(
    `[test server ${schema}] close: ${stage} not done after ${CLOSE_PATIENCE_MS[stage]} ms; pool ${JSON.stringify(counts)}; connections:\n${JSON.stringify(connections.rows, null, 1)}\n`,
  );
}

/**
 * A real server on a free port with a fresh, seeded database: a temporary SQLite file, or a
 * PostgreSQL schema of its own (`t_<random>`, dropped on close).
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    filesDir: options.ownFiles ? ownFilesDir(dataDir) : SHARED_FILES_DIR,
    databaseUrl: undefined,
    redisUrl: undefined,
    smtpUrl: undefined,
    logger: false,
    trustProxy: false,
    // Every answer of a route with answer schemas is checked against them (TESSERA_CHECK_ANSWERS=0: not).
    checkAnswers: process.env.TESSERA_CHECK_ANSWERS !== '0',
    ...options.config,
    rateLimit: {
      ...DEFAULT_RATE_LIMIT,
      namespace: `tessera-test-${randomBytes(6).toString('hex')}:`,
      ...options.config?.rateLimit,
    },
  };

  let schema: string | undefined;
  let handle: ReturnType<typeof openDatabase>;
  const shared = options.sameDatabaseAs?.database;
  const sqliteFile = shared?.sqliteFile ?? join(dataDir, 'tessera.db');
  if (shared) {
    handle =
      options.dialect === 'postgres'
        ? openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: shared.schema, applicationName: shared.schema })
        : openDatabase({ sqliteFile });
  } else if (options.dialect === 'postgres') {
    schema = `t_${randomBytes(8).toString('hex')}`;
    await withAdminClient((client) => client.query(`create schema ${schema}`));
    handle = openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema, applicationName: schema });
  } else {
    handle = openDatabase({ sqliteFile });
  }
  const { db } = handle;

  /** Ends the pool (unless the caller already waited for that), drops the schema, removes the files. */
  const cleanUp = async (poolWaitedFor = false) => {
    if (!poolWaitedFor) await db.destroy().catch(() => {});
    // The job queue's pg-boss schema (`platform/jobs/create-queue.ts`) goes with it.
    // A connection still held (reported by the close) may lock a table: the drop then gives up after
    // 5 s and leaves the schema behind, named on stderr, instead of hanging the suite.
    if (schema)
      await withAdminClient(async (client) => {
        await client.query(`set lock_timeout = '5s'`);
        await client.query(`drop schema if exists ${schema}, ${schema}_jobs cascade`);
      }).catch((error: unknown) => process.stderr.write(`[test server ${schema}] not dropped: ${String(error)}\n`));
    rmSync(dataDir, { recursive: true, force: true });
  };

  let app: FastifyInstance;
  try {
    if (!shared) {
      await migrateToLatest(db);
      await seedDemoSite(db, { filesDir: config.filesDir });
    }
    app = await buildApp({ db, config });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    dialect: options.dialect,
    database: shared ?? (schema ? { schema } : { sqliteFile }),
    async close() {
      if (!schema) {
        await app.close();
        await cleanUp();
        return;
      }
      const pool = pgPoolOf(db);
      // When a stage runs late, its report names what held on, and the close goes on without waiting
      // any longer: a connection still held goes with the test worker.
      await stageWithin(app.close(), 'app', schema, pool);
      await stageWithin(db.destroy(), 'database', schema, pool);
      await cleanUp(true);
    },
  };
}

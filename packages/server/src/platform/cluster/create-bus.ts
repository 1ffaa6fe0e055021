import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { pgPoolOf } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { type BusLogger, type InvalidationBus, LocalInvalidationBus } from './invalidation-bus.js';
import { PgInvalidationBus } from './pg-bus.js';
import { RedisInvalidationBus } from './redis-bus.js';

export interface CreateBusOptions {
  /** `REDIS_URL`: Redis pub/sub carries invalidations (preferred when set). */
  redisUrl?: string;
  log: BusLogger;
}

/**
 * The bus for this database: Redis pub/sub when `REDIS_URL` is set, PostgreSQL `LISTEN/NOTIFY`
 * on PostgreSQL, else the local bus (one process on SQLite: nothing changes). The channel is
 * named after the database (PostgreSQL: database and schema; SQLite: the file), so every node of
 * one shop shares it and two shops on one server do not hear each other.
 * A networked bus that cannot connect at start does not stop the server: it keeps retrying, and
 * the content cache uses the short fallback expiry meanwhile.
 */
export async function createInvalidationBus(db: Kysely<Database>, options: CreateBusOptions): Promise<InvalidationBus> {
  const pool = pgPoolOf(db);
  if (!options.redisUrl && !pool) return new LocalInvalidationBus();
  const scope = await databaseIdentity(db);
  const digest = createHash('sha256').update(scope).digest('hex').slice(0, 16);
  const bus = options.redisUrl
    ? new RedisInvalidationBus(options.redisUrl, `tessera:cache:${digest}`, options.log)
    : new PgInvalidationBus(pool as NonNullable<typeof pool>, `tessera_cache_${digest}`, options.log);
  await bus.start().catch((error: unknown) => {
    options.log.warn({ err: error }, `cache invalidation (${bus.kind}) not connected yet; retrying`);
  });
  return bus;
}

/** What names this database among others on the same server. */
async function databaseIdentity(db: Kysely<Database>): Promise<string> {
  if (pgPoolOf(db)) {
    const { rows } = await sql<{ name: string; schema: string }>`
      select current_database() as name, current_schema() as schema`.execute(db);
    return `postgres:${rows[0]?.name}/${rows[0]?.schema}`;
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return `sqlite:${rows[0]?.file ?? ''}`;
}

/**
 * A process outside the servers (the `tessera` CLI) changed site data: tell every running node on
 * this database to forget its cached content now, instead of within the cache's lifetime. The
 * message goes out before this returns. One SQLite process has no bus: the servers see a write made
 * beside them through `pragma data_version` (`domains/content/content-cache.ts`).
 */
export async function announceOutsideWrite(db: Kysely<Database>, options: CreateBusOptions): Promise<void> {
  if (!options.redisUrl && !pgPoolOf(db)) return;
  const bus = await createInvalidationBus(db, options);
  try {
    bus.publish('unknown');
    await bus.drain();
  } finally {
    await bus.close();
  }
}

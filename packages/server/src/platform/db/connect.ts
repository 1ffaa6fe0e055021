import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { deferredBeginPool } from './pg-deferred-begin.js';
import { createStatementNames } from './pg-statement-names.js';
import { stablePlanSql } from './sqlite-stable-plans.js';
import { registerWriteWatch, type WatchOptions, WriteWatch, watchWrites } from './write-watch.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL. */
  databaseUrl?: string;
  /** SQLite file path (used when `databaseUrl` is unset). */
  sqliteFile?: string;
  /** PostgreSQL schema to use for every connection (tests get one each). */
  searchPath?: string;
  /** PostgreSQL application_name, to tell this server's connections apart in pg_stat_activity. */
  applicationName?: string;
  /**
   * PostgreSQL: run statements as named, prepared statements (`pg-statement-names.ts`; default on).
   * Off for a connection pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL: statements a transaction sends as one step (`together.ts`) go out without waiting
   * for each other's answers (pg's pipeline mode), one round trip; the server still runs them one
   * after the other, in the order sent. Default on; follows `preparedStatements` (a pooler that
   * cannot keep prepared statements may not pipeline either).
   */
  pipeline?: boolean;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

export function sqliteFileFor(dataDir: string): string {
  return join(dataDir, 'tessera.db');
}

/**
 * Connection settings for a PostgreSQL URL. A URL without a user name falls back to PGUSER, then
 * USER, then `postgres` (pg itself sends no user at all when USER is unset, which servers refuse).
 */
export function pgConnectionConfig(url: string): pg.ClientConfig {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER || process.env.USER || 'postgres';
  return { connectionString: parsed.toString() };
}

/** Opens the database the options name: PostgreSQL when a URL is given, SQLite otherwise. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      ...pgConnectionConfig(options.databaseUrl),
      max: 10,
      pipeline: (options.pipeline ?? options.preparedStatements) !== false,
      application_name: options.applicationName ?? 'tessera',
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle connection that dies (database restart, network blip) must not take the process down:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // A transaction's `begin` travels with its first statement (pg-deferred-begin.ts, issue 20), and
    // the other statements are prepared once per connection (pg-statement-names.ts).
    const names = options.preparedStatements === false ? undefined : createStatementNames();
    const db = watched(new PostgresDialect({ pool: deferredBeginPool(pool, names) }), { failedStatementAborts: true });
    pools.set(db, pool);
    return { db, dialect: 'postgres' };
  }
  const file = options.sqliteFile;
  if (!file) throw new Error('openDatabase needs either databaseUrl or sqliteFile.');
  mkdirSync(join(file, '..'), { recursive: true });
  const dialect = new SqliteDialect({
    database: async () => {
      const sqlite = new SQLite(file, { timeout: 5000 });
      sqlite.pragma('journal_mode = WAL');
      sqlite.pragma('foreign_keys = ON');
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('synchronous = NORMAL');
      cachePreparedStatements(sqlite);
      return sqlite;
    },
  });
  return { db: watched(dialect), dialect: 'sqlite' };
}

const pools = new WeakMap<object, pg.Pool>();

/** The pg pool of a database `openDatabase` opened on PostgreSQL (cache invalidation, metrics), else undefined. */
export function pgPoolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}

/** A Kysely whose writes the in-process content cache hears of (platform/db/write-watch.ts). */
function watched(dialect: Dialect, options?: WatchOptions): Kysely<Database> {
  const watch = new WriteWatch();
  const db = new Kysely<Database>({ dialect: watchWrites(dialect, watch, options) });
  registerWriteWatch(db, watch);
  return db;
}

/** Distinct SQL texts kept prepared per SQLite connection; the cache starts over past this. */
const MAX_PREPARED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew, and preparing costs more than running the small queries a
 * page makes. The same SQL text gets the same statement back (parameters are bound per run),
 * unless that statement is still being iterated, which gets a fresh one. Its parameters are written
 * so that the statement stays compiled between runs (`stablePlanSql`).
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = statements.get(source);
    if (cached !== undefined && !cached.busy) return cached;
    const statement = prepare(stablePlanSql(source));
    if (cached === undefined) {
      if (statements.size >= MAX_PREPARED_STATEMENTS) statements.clear();
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
